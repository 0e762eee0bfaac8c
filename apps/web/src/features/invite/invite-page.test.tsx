import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import { renderWithProviders, stubFetch, TEST_USER } from "../../test/render";
import { InvitePage } from "./invite-page";

const TOKEN = "A".repeat(43);
const ACME = TEST_USER.memberships[0]!.tenantId;
const preview = (overrides: Record<string, unknown> = {}) => ({
  tenantName: "Acme Corp",
  email: "new@example.com",
  role: "auditor",
  expiresAt: "2025-03-11T10:00:00.000Z",
  accountExists: false,
  ...overrides,
});

const renderPage = () =>
  renderWithProviders(
    <Route path="/invite/:token">
      <InvitePage />
    </Route>,
    { path: `/invite/${TOKEN}` },
  );

describe("InvitePage", () => {
  it("registers a new account from the link and opens the evidence for an auditor", async () => {
    let signedIn = false;
    const fetchMock = stubFetch({
      [`GET /api/invitations/${TOKEN}`]: { body: preview() },
      "GET /api/auth/me": () =>
        signedIn
          ? { body: { user: { ...TEST_USER, email: "new@example.com" } } }
          : { status: 401, body: { error: "Sign in to continue" } },
      "GET /api/tenants": { body: [] },
      [`POST /api/invitations/${TOKEN}/register`]: () => {
        signedIn = true;
        return { status: 201, body: { tenantId: ACME, role: "auditor" } };
      },
    });
    const user = userEvent.setup();
    const { location } = renderPage();
    expect(await screen.findByText(/Join Acme Corp on Rampart as an auditor\./)).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("new@example.com");
    await user.type(screen.getByLabelText("Name"), "New Person");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Create account and accept" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/evidence"));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: "New Person",
      password: "correct horse battery",
    });
  });

  it("shows why a used or expired link cannot be used", async () => {
    stubFetch({
      [`GET /api/invitations/${TOKEN}`]: {
        status: 409,
        body: { error: "This invitation has expired: ask an admin for a new one" },
      },
      "GET /api/auth/me": { status: 401, body: { error: "Sign in to continue" } },
    });
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This invitation has expired: ask an admin for a new one",
    );
  });

  it("asks a user signed in with another e-mail to sign out first", async () => {
    stubFetch({
      [`GET /api/invitations/${TOKEN}`]: { body: preview({ accountExists: true }) },
      "GET /api/auth/me": { body: { user: TEST_USER } },
    });
    renderPage();
    expect(await screen.findByText(/You are signed in as ada@example.com/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept invitation" })).not.toBeInTheDocument();
  });
});
