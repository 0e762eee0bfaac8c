import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as browser from "../../lib/browser";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { OnboardingPage } from "./onboarding-page";
import { githubInstallUrl, validateOnboarding } from "./validate-onboarding";

describe("validateOnboarding", () => {
  it("requires an organization name and a valid e-mail", () => {
    expect(validateOnboarding({ organizationName: "", email: "" })).toEqual({
      organizationName: "Organization name is required",
      email: "Valid email is required",
    });
    expect(validateOnboarding({ organizationName: "Acme", email: "not-an-email" })).toEqual({
      email: "Valid email is required",
    });
    expect(validateOnboarding({ organizationName: "Acme", email: "admin@acme.io" })).toEqual({});
  });
});

describe("githubInstallUrl", () => {
  it("carries the organization name, URL-encoded, as state", () => {
    expect(githubInstallUrl("Acme & Co")).toBe(
      "https://github.com/apps/rampart-security/installations/new?state=Acme%20%26%20Co",
    );
  });
});

describe("OnboardingPage", () => {
  it("shows no errors before the first submit", async () => {
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, { path: "/onboarding" });
    await user.type(screen.getByLabelText("Admin Email"), "x");
    expect(screen.queryByText("Valid email is required")).not.toBeInTheDocument();
    expect(screen.queryByText("Organization name is required")).not.toBeInTheDocument();
  });

  it("validates on submit, focuses the first error, then re-validates on every change", async () => {
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, { path: "/onboarding" });

    await user.click(screen.getByRole("button", { name: "Continue" }));
    const organization = screen.getByLabelText("Organization Name");
    const email = screen.getByLabelText("Admin Email");
    expect(screen.getByText("Organization name is required")).toBeInTheDocument();
    expect(screen.getByText("Valid email is required")).toBeInTheDocument();
    expect(organization).toHaveFocus();
    expect(organization).toHaveAttribute("aria-invalid", "true");
    expect(organization).toHaveAccessibleDescription("Organization name is required");

    await user.type(organization, "Acme");
    expect(screen.queryByText("Organization name is required")).not.toBeInTheDocument();
    expect(screen.getByText("Valid email is required")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(email).toHaveFocus();

    await user.type(email, "admin@acme.io");
    expect(screen.queryByText("Valid email is required")).not.toBeInTheDocument();

    await user.clear(organization);
    expect(screen.getByText("Organization name is required")).toBeInTheDocument();
  });

  it("goes to the GitHub step on a valid submit, back keeps the values, install leaves for GitHub", async () => {
    const fetchMock = stubFetch({});
    const redirect = vi.spyOn(browser, "redirectTo").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, { path: "/onboarding" });

    expect(screen.getByRole("heading", { name: "Welcome" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Organization Name"), "Acme Corp");
    await user.type(screen.getByLabelText("Admin Email"), "admin@acme.io");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.getByRole("heading", { name: "Install GitHub App" })).toBeInTheDocument();
    expect(screen.getByText("Acme Corp")).toBeInTheDocument();
    expect(screen.getByText("Scan pull requests for security issues")).toBeInTheDocument();
    expect(screen.getByText("Create automated fix pull requests")).toBeInTheDocument();
    expect(screen.getByText("Post security insights as pull-request comments")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Organization Name")).toHaveValue("Acme Corp");
    expect(screen.getByLabelText("Admin Email")).toHaveValue("admin@acme.io");

    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(screen.getByRole("button", { name: "Install on GitHub" }));
    expect(redirect).toHaveBeenCalledWith(
      "https://github.com/apps/rampart-security/installations/new?state=Acme%20Corp",
    );
    // A visitor's form stays in the page: nothing is sent but the session check.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/auth/me"]);
  });

  it("creates the organization of a signed-in user without a code host, then offers GitHub as optional", async () => {
    const NEW_ID = "33333333-3333-4333-8333-333333333333";
    const posted: unknown[] = [];
    stubFetch({
      "GET /api/auth/me": { body: { user: { ...TEST_USER, memberships: [] } } },
      "GET /api/tenants": { body: [] },
      "POST /api/tenants": ({ body }) => {
        posted.push(body);
        return { status: 201, body: testTenant({ id: NEW_ID, name: "Initech" }) };
      },
    });
    const redirect = vi.spyOn(browser, "redirectTo").mockImplementation(() => {});
    const user = userEvent.setup();
    const { location } = renderWithProviders(<OnboardingPage />, { path: "/onboarding" });

    // The admin is the signed-in user.
    const email = screen.getByLabelText("Admin Email");
    await waitFor(() => expect(email).toHaveValue(TEST_USER.email));
    expect(email).toHaveAttribute("readonly");
    await user.type(screen.getByLabelText("Organization Name"), "  Initech ");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByRole("heading", { name: "Install GitHub App" })).toBeInTheDocument();
    expect(posted).toEqual([{ name: "Initech" }]);
    expect(screen.getByText(/Connecting GitHub is optional/)).toBeInTheDocument();
    expect(window.localStorage.getItem("current-tenant")).toBe(NEW_ID);
    expect(window.localStorage.getItem("app-mode")).toBe("live");
    // Back would create a second organization; skipping goes to the new one's dashboard.
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Skip for now" }));
    expect(location.history.at(-1)).toBe("/dashboard");
    expect(redirect).not.toHaveBeenCalled();
  });

  it("says why the organization could not be created", async () => {
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "POST /api/tenants": { status: 400, body: { error: "body.name: Organization name is required" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, { path: "/onboarding" });
    await waitFor(() => expect(screen.getByLabelText("Admin Email")).toHaveValue(TEST_USER.email));
    await user.type(screen.getByLabelText("Organization Name"), "Initech");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const notifications = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(await within(notifications).findByText("Creation Failed")).toBeInTheDocument();
    expect(within(notifications).getByText("body.name: Organization name is required")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Welcome" })).toBeInTheDocument();
  });

  it("shows the completion step when GitHub returns with an installation, and links to the dashboard", async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<OnboardingPage />, {
      path: "/onboarding?installation_id=42&setup_action=install&state=Acme",
    });
    expect(screen.getByRole("heading", { name: "Setup Complete!" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Go to Dashboard" }));
    expect(location.history.at(-1)).toBe("/dashboard");
  });
});
