import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { DashboardErrorPanel } from "./dashboard-error-panel";
import { DashboardPage } from "./dashboard-page";

const ACME = TEST_USER.memberships[0]!.tenantId;

function stubDashboard(settingsReply: { status?: number; body?: unknown } = {}) {
  let enabled = false;
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": () => ({
      body: [testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled })],
    }),
    [`GET /api/tenants/${ACME}`]: () => ({
      body: testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled }),
    }),
    [`PATCH /api/tenants/${ACME}/settings`]: ({ body }) => {
      if (settingsReply.status && settingsReply.status >= 400) return settingsReply;
      enabled = (body as { auditorAccessEnabled: boolean }).auditorAccessEnabled;
      return { body: testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled }) };
    },
  });
}

describe("DashboardPage", () => {
  it("shows skeletons while the tenant loads, then the auditor card and the empty state", async () => {
    stubDashboard();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("heading", { name: "Security Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Real-time compliance and security posture")).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Time range" })).toHaveTextContent("Last 7 days");
    expect(await screen.findByText("No Data Available")).toBeInTheDocument();
    expect(
      screen.getByText("No dashboard data found for the selected tenant and time range"),
    ).toBeInTheDocument();
    expect(await screen.findByRole("switch", { name: "Disabled" })).not.toBeChecked();
  });

  it("saves the auditor setting, disabling the switch while pending", async () => {
    const fetchMock = stubDashboard();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === "PATCH") await gate;
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("switch", { name: "Disabled" }));
    expect(screen.getByRole("switch", { name: "Disabled" })).toBeDisabled();
    release();
    expect(await screen.findByText("Settings Updated")).toBeInTheDocument();
    expect(screen.getByText("Auditor access settings have been updated successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("switch", { name: "Enabled" })).toBeChecked());
    expect(screen.getByRole("switch", { name: "Enabled" })).toBeEnabled();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ auditorAccessEnabled: true });
  });

  it("reports a failed save", async () => {
    stubDashboard({ status: 403, body: { error: "Admins only" } });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("switch", { name: "Disabled" }));
    expect(await screen.findByText("Update Failed")).toBeInTheDocument();
    expect(
      screen.getByText("Failed to update auditor access settings. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Disabled" })).not.toBeChecked();
  });

  it("keeps the switch read-only in demo mode", async () => {
    window.localStorage.setItem("app-mode", "demo");
    const DEMO = "33333333-3333-4333-8333-333333333333";
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [] },
      "GET /api/demo/tenant-id": { body: { tenantId: DEMO } },
      [`GET /api/tenants/${DEMO}`]: {
        body: testTenant({ id: DEMO, name: "Demo", isDemo: true, role: null }),
      },
    });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByRole("switch", { name: "Disabled" })).toBeDisabled();
    expect(screen.getByRole("switch", { name: "Demo mode" })).toBeChecked();
  });
});

describe("DashboardErrorPanel", () => {
  it("shows the error message, or the fallback when there is none", () => {
    const { rerender } = render(<DashboardErrorPanel error={new Error("500: boom")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to Load Dashboard");
    expect(screen.getByRole("alert")).toHaveTextContent("500: boom");
    rerender(<DashboardErrorPanel error={null} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "An unexpected error occurred while loading the dashboard data.",
    );
  });
});
