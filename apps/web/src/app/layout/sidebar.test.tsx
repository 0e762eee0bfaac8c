import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";
import { Sidebar } from "./sidebar";

const ACME = TEST_USER.memberships[0]!.tenantId;
const GLOBEX = TEST_USER.memberships[1]!.tenantId;

const EXPECTED_ORDER = [
  ["Dashboard", "/dashboard"],
  ["Policy Runs", "/runs"],
  ["Controls", "/controls"],
  ["Dependencies", "/dependencies"],
  ["Code Findings", "/code-findings"],
  ["Container Images", "/images"],
  ["Compliance", "/compliance"],
  ["Environments", "/environments"],
  ["Risk Intelligence", "/risks"],
  ["AI Advisor", "/ai-advisor"],
  ["PR Bot Activity", "/pr-bot"],
  ["Evidence Graph", "/evidence"],
];

function stubSession(tenantOverrides: Record<string, unknown> = {}) {
  const acme = testTenant({ id: ACME, name: "Acme Corp", ...tenantOverrides });
  const globex = testTenant({ id: GLOBEX, name: "Globex", role: "member" });
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [acme, globex] },
    [`GET /api/tenants/${ACME}`]: { body: acme },
    [`GET /api/tenants/${GLOBEX}`]: { body: globex },
  });
}

describe("navigation entries", () => {
  it("are in the spec's order", () => {
    expect(NAV_ITEMS.map(({ label, path }) => [label, path])).toEqual(EXPECTED_ORDER);
  });

  it("are active when the current path starts with their path", () => {
    expect(isNavItemActive("/runs", "/runs")).toBe(true);
    expect(isNavItemActive("/runs/abc", "/runs")).toBe(true);
    expect(isNavItemActive("/dashboard", "/runs")).toBe(false);
    expect(isNavItemActive("/", "/dashboard")).toBe(false);
  });
});

describe("Sidebar", () => {
  it("renders the entries in order and marks the one the path starts with", async () => {
    stubSession();
    renderWithProviders(<Sidebar />, { path: "/pr-bot/suggestions" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual(EXPECTED_ORDER);
    expect(within(nav).getByRole("link", { name: "PR Bot Activity" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    // No invented counters: the prototype's fixed '47' badge is gone.
    expect(within(nav).queryByText("47")).not.toBeInTheDocument();
  });

  it("shows the user's e-mail, the current tenant and an honest GitHub status", async () => {
    stubSession();
    renderWithProviders(<Sidebar />, { path: "/dashboard" });
    expect(await screen.findByText("ada@example.com")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /Acme Corp/ })).toBeInTheDocument();
    expect(screen.getByText("GitHub not connected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Rampart" })).toHaveAttribute("href", "/dashboard");
  });

  it("says 'GitHub Connected' when the current tenant has an installation", async () => {
    stubSession({ githubInstallationId: "12345" });
    renderWithProviders(<Sidebar />, { path: "/dashboard" });
    expect(await screen.findByText("GitHub Connected")).toBeInTheDocument();
  });

  it("uses the stored tenant while the user is still a member of it", async () => {
    window.localStorage.setItem("current-tenant", GLOBEX);
    stubSession();
    renderWithProviders(<Sidebar />, { path: "/dashboard" });
    expect(await screen.findByRole("button", { name: /Globex/ })).toBeInTheDocument();
  });

  it("lists the tenant's environments with their drift state under Environment", async () => {
    const acme = testTenant({ id: ACME, name: "Acme Corp" });
    const environment = (id: string, name: string, driftState: string) => ({
      id,
      name,
      type: "staging",
      declared: null,
      observed: null,
      hasCredential: false,
      syncSchedule: null,
      driftState,
      driftStats: null,
      lastSyncedAt: null,
      lastSyncError: null,
      createdAt: "2025-03-01T10:00:00.000Z",
    });
    const staging = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [acme] },
      [`GET /api/tenants/${ACME}`]: { body: acme },
      [`GET /api/tenants/${ACME}/environments`]: {
        body: [
          environment(staging, "Staging", "in_sync"),
          environment("bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "Prod", "drift_detected"),
        ],
      },
    });
    renderWithProviders(<Sidebar />, { path: "/dashboard" });
    const section = await screen.findByRole("region", { name: "Environment" });
    expect(within(section).getByRole("link", { name: "Staging In Sync" })).toHaveAttribute(
      "href",
      `/environments?env=${staging}`,
    );
    expect(within(section).getByRole("link", { name: "Prod Drift Detected" })).toBeInTheDocument();
  });
});
