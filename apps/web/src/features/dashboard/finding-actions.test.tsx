// Active Findings' "Create Fix PR" and "Dismiss": each works, or says why it cannot.
import type { Finding } from "@rampart/contracts/runs";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID, testFinding, testRepository, testSummary } from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { DashboardPage } from "./dashboard-page";
import { dismissAvailability } from "./dismiss-availability";

const SUMMARY = `GET /api/tenants/${TENANT_ID}/summary?days=7`;

const fixable = testFinding({
  id: "20000000-0000-4000-8000-000000000001",
  message: "RDS instance is publicly accessible",
  fix: { available: true, kind: "iac" },
});
const unfixable = testFinding({
  id: "20000000-0000-4000-8000-000000000002",
  message: "SQL query built from untrusted input",
  fix: { available: false, reason: "No automated fix is available for this finding" },
});

function stubDashboard(
  tenant: Partial<Record<string, unknown>>,
  findings: () => Finding[],
  routes: Record<string, FetchReply | FetchHandler> = {},
) {
  const acme = testTenant({ id: TENANT_ID, name: "Acme Corp", ...tenant });
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [acme] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: acme },
    [SUMMARY]: () => ({ body: testSummary({ recentFindings: findings() }) }),
    [`GET /api/tenants/${TENANT_ID}/repositories`]: { body: [testRepository()] },
    [`GET /api/tenants/${TENANT_ID}/risks`]: { body: { topRisks: [], totalRisks: 0, avgRiskScore: 0 } },
    [`GET /api/tenants/${TENANT_ID}/risk-heatmap`]: { body: { heatmap: [], totalFindings: 0 } },
    "POST /api/explain/finding": { status: 500, body: "" },
    "POST /api/fixes/generate": { status: 500, body: "" },
    ...routes,
  });
}

async function expand(message: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: new RegExp(message) }));
  return user;
}

describe("Create Fix PR on an active finding", () => {
  it("opens the fix pull request, then shows it in place of the button", async () => {
    const pullRequest = {
      number: 12,
      branchName: "security/fix/public-rds-instance-main.tf-12",
      url: null,
      state: "open" as const,
    };
    let opened = false;
    const fetchMock = stubDashboard(
      {},
      () => [opened ? { ...fixable, fixPullRequest: pullRequest } : fixable],
      {
        "POST /api/fixes/finding": () => {
          opened = true;
          return { status: 201, body: { pr: { number: 12, branchName: pullRequest.branchName, url: null } } };
        },
      },
    );
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const user = await expand("RDS instance is publicly accessible");
    const create = screen.getByRole("button", { name: "Create Fix PR" });
    expect(create).toBeEnabled();
    await user.click(create);
    expect(await screen.findByRole("link", { name: "Fix PR #12 · open" })).toHaveAttribute("href", "/pr-bot");
    expect(screen.queryByRole("button", { name: "Create Fix PR" })).toBeNull();
    const post = fetchMock.mock.calls.find(([url]) => String(url) === "/api/fixes/finding");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ findingId: fixable.id });
  });

  it("is disabled with the server's reason in view when the finding has no fix", async () => {
    stubDashboard({}, () => [unfixable]);
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await expand("SQL query built from untrusted input");
    const create = screen.getByRole("button", { name: "Create Fix PR" });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription("No automated fix is available for this finding");
    expect(screen.getByText("No automated fix is available for this finding")).toBeVisible();
  });

  it("toasts the server's refusal", async () => {
    stubDashboard({}, () => [fixable], {
      "POST /api/fixes/finding": {
        status: 409,
        body: { error: "The commit this finding was found in cannot be checked out" },
      },
    });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const user = await expand("RDS instance is publicly accessible");
    await user.click(screen.getByRole("button", { name: "Create Fix PR" }));
    const notifications = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(await within(notifications).findByText("Failed to Create PR")).toBeInTheDocument();
    expect(
      within(notifications).getByText("The commit this finding was found in cannot be checked out"),
    ).toBeInTheDocument();
  });
});

describe("Dismiss on an active finding", () => {
  it("follows who may accept risk in the organization", () => {
    expect(dismissAvailability({ role: "admin", fourEyesWaivers: false })).toEqual({
      available: true,
      needsApproval: false,
    });
    expect(dismissAvailability({ role: "member", fourEyesWaivers: false })).toEqual({
      available: false,
      reason: "Accepting risk needs an admin of this organization",
    });
    expect(dismissAvailability({ role: "member", fourEyesWaivers: true })).toEqual({
      available: true,
      needsApproval: true,
    });
    expect(dismissAvailability({ role: "auditor", fourEyesWaivers: true })).toEqual({
      available: false,
      reason: "Auditors have read-only access",
    });
  });

  it("is disabled for a member, with the reason, when only admins accept risk", async () => {
    stubDashboard({ role: "member" }, () => [unfixable]);
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await expand("SQL query built from untrusted input");
    const dismiss = screen.getByRole("button", { name: "Dismiss" });
    expect(dismiss).toBeDisabled();
    expect(dismiss).toHaveAccessibleDescription("Accepting risk needs an admin of this organization");
  });

  it("asks a member for a request under four-eyes approval, and says it awaits approval", async () => {
    const fetchMock = stubDashboard({ role: "member", fourEyesWaivers: true }, () => [unfixable], {
      [`POST /api/tenants/${TENANT_ID}/waivers`]: { status: 201, body: { id: "w", pending: true } },
    });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const user = await expand("SQL query built from untrusted input");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    const dialog = await screen.findByRole("dialog", { name: "Dismiss Finding" });
    expect(dialog).toHaveTextContent("another admin or member approves the waiver");
    await user.type(within(dialog).getByLabelText("Reason"), "Only reachable from the VPN");
    await user.click(within(dialog).getByRole("button", { name: "Request Approval" }));
    const notifications = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(await within(notifications).findByText("Dismissal Requested")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/waivers"))).toBe(true);
  });

  it("leaves an auditor both buttons disabled, saying why", async () => {
    stubDashboard({ role: "auditor" }, () => [
      { ...fixable, fix: { available: false, reason: "Auditors have read-only access" } },
    ]);
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await expand("RDS instance is publicly accessible");
    expect(screen.getByRole("button", { name: "Create Fix PR" })).toHaveAccessibleDescription(
      "Auditors have read-only access",
    );
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveAccessibleDescription(
      "Auditors have read-only access",
    );
  });
});
