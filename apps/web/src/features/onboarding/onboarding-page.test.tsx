import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as browser from "../../lib/browser";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { OnboardingPage } from "./onboarding-page";
import { validateOnboarding } from "./validate-onboarding";

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

  const APP = { configured: true, source: "environment", htmlUrl: null, canCreate: false };
  const TENANTS = [
    { id: "11111111-1111-4111-8111-111111111111", name: "Acme Corp", role: "admin", isDemo: false },
    { id: "22222222-2222-4222-8222-222222222222", name: "Globex", role: "member", isDemo: false },
  ];
  const INSTALL_PAGE = "https://github.com/apps/rampart/installations/new?state=signed";

  it("goes to the GitHub step on a valid submit, back keeps the values, install leaves for GitHub", async () => {
    const fetchMock = stubFetch({
      "GET /api/github/app": { body: APP },
      "GET /api/tenants": { body: TENANTS },
      [`POST /api/tenants/${TENANTS[0]!.id}/github/install-link`]: { body: { url: INSTALL_PAGE } },
    });
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
    await user.click(await screen.findByRole("button", { name: "Install on GitHub" }));
    // The user's own organization of that name is linked: no new one is created.
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(INSTALL_PAGE));
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`)).not.toContain(
      "POST /api/tenants",
    );
    expect(window.localStorage.getItem("current-tenant")).toBe(TENANTS[0]!.id);
  });

  it("creates the organization when the user has none of that name, and shows the server's refusal", async () => {
    const created = {
      id: "33333333-3333-4333-8333-333333333333",
      name: "Initech",
      role: "admin",
      isDemo: false,
    };
    stubFetch({
      "GET /api/github/app": { body: APP },
      "GET /api/tenants": { body: TENANTS },
      "POST /api/tenants": { status: 201, body: created },
      [`POST /api/tenants/${created.id}/github/install-link`]: {
        status: 409,
        body: { error: "No GitHub App is configured on this server yet" },
      },
    });
    const redirect = vi.spyOn(browser, "redirectTo").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, { path: "/onboarding" });
    await user.type(screen.getByLabelText("Organization Name"), "Initech");
    await user.type(screen.getByLabelText("Admin Email"), "admin@initech.io");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Install on GitHub" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No GitHub App is configured on this server yet",
    );
    expect(redirect).not.toHaveBeenCalled();
  });

  it("lets an instance admin create the App when the server has none", async () => {
    stubFetch({
      "GET /api/github/app": { body: { ...APP, configured: false, source: null, canCreate: true } },
      "POST /api/github/app/manifest": {
        body: { action: "https://github.com/settings/apps/new?state=s", manifest: '{"name":"Rampart"}' },
      },
    });
    const submit = vi.spyOn(browser, "submitForm").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, { path: "/onboarding" });
    await user.type(screen.getByLabelText("Organization Name"), "Acme Corp");
    await user.type(screen.getByLabelText("Admin Email"), "admin@acme.io");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("button", { name: "Install on GitHub" })).toBeDisabled();
    await user.click(await screen.findByRole("button", { name: "Create GitHub App" }));
    await vi.waitFor(() =>
      expect(submit).toHaveBeenCalledWith("https://github.com/settings/apps/new?state=s", {
        manifest: '{"name":"Rampart"}',
      }),
    );
  });

  it("asks a signed-out visitor to sign in before installing", async () => {
    stubFetch({ "GET /api/github/app": { status: 401, body: { error: "Sign in to continue" } } });
    const user = userEvent.setup();
    renderWithProviders(<OnboardingPage />, { path: "/onboarding" });
    await user.type(screen.getByLabelText("Organization Name"), "Acme Corp");
    await user.type(screen.getByLabelText("Admin Email"), "admin@acme.io");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("button", { name: "Install on GitHub" })).toBeDisabled();
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
