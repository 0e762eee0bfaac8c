// The dashboard's lists show a few of many: each says how many there are in all, and none claims
// "none" while the summary counts some.
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import type { Risk } from "@rampart/contracts/risks";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID, testFinding, testRepository, testSummary } from "../../test/fixtures";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { DashboardPage } from "./dashboard-page";

const SUMMARY = `GET /api/tenants/${TENANT_ID}/summary?days=7`;
const NO_RISKS = { topRisks: [], totalRisks: 0, avgRiskScore: 0, offset: 0, limit: 5, nextOffset: null };

function stubDashboard(summary: DashboardSummary, risks: unknown = NO_RISKS) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    [SUMMARY]: { body: summary },
    [`GET /api/tenants/${TENANT_ID}/repositories`]: { body: [testRepository()] },
    [`GET /api/tenants/${TENANT_ID}/risks`]: { body: risks },
    [`GET /api/tenants/${TENANT_ID}/risk-heatmap`]: { body: { heatmap: [], totalFindings: 0 } },
  });
}

const findingsOf = (severity: "critical" | "high" | "med", count: number) =>
  Array.from({ length: count }, (_, index) =>
    testFinding({
      severity,
      message: `${severity} finding ${index}`,
      filePath: `src/${severity}-${index}.tf`,
    }),
  );

describe("Active Findings", () => {
  it("counts every severity on its filter and shows how many of them it lists", async () => {
    const summary = testSummary({
      recentFindings: [...findingsOf("critical", 5), ...findingsOf("high", 5), ...findingsOf("med", 5)],
      openFindingCounts: { total: 105, critical: 23, high: 37, med: 43, low: 2 },
    });
    stubDashboard(summary);
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });

    await user.click(await screen.findByRole("button", { name: "medium (43)" }));
    const list = screen.getByRole("list", { name: "Active findings" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(within(list).getByText("med finding 0")).toBeInTheDocument();
    expect(screen.getByText("Showing 5 of 43 open medium findings")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "all (105)" }));
    expect(screen.getByText("Showing 5 of 105 open findings")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "critical (23)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "high (37)" })).toBeInTheDocument();
  });

  it("never says a severity has no open findings while the summary counts some", async () => {
    // A summary whose list holds no medium finding (as the top fifty of a busy tenant did) while
    // 43 are open: the filter must not claim there are none.
    const summary = testSummary({
      recentFindings: [...findingsOf("critical", 5), ...findingsOf("high", 5)],
      openFindingCounts: { total: 103, critical: 23, high: 37, med: 43, low: 0 },
    });
    stubDashboard(summary);
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });

    await user.click(await screen.findByRole("button", { name: /^medium/ }));
    expect(screen.queryByText("No open medium severity findings.")).not.toBeInTheDocument();
    expect(screen.queryByText("No Active Findings")).not.toBeInTheDocument();
    expect(screen.getByText("Showing 0 of 43 open medium findings")).toBeInTheDocument();
  });

  it("says 'none' for a severity the summary counts none of", async () => {
    stubDashboard(
      testSummary({
        recentFindings: findingsOf("critical", 2),
        openFindingCounts: { total: 2, critical: 2, high: 0, med: 0, low: 0 },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: "medium (0)" }));
    expect(screen.getByText("No Active Findings")).toBeInTheDocument();
    expect(screen.getByText("No open medium severity findings.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "all (2)" }));
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });
});

describe("PR Bot Activity", () => {
  it("captions the week's merged and pending counts from the server, not from the four listed", async () => {
    const suggestion = (index: number, merged: boolean) => ({
      id: `00000000-0000-4000-8000-00000000010${index}`,
      branchName: `security/fix/fix-${index}`,
      createdAt: new Date().toISOString(),
      merged,
      accepted: merged,
      testsAdded: false,
    });
    stubDashboard(
      testSummary({
        prSuggestions: [
          suggestion(1, true),
          suggestion(2, false),
          suggestion(3, false),
          suggestion(4, false),
        ],
        prActivity: { days: 7, merged: 5, pending: 9 },
      }),
    );
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByText("Last 7 days · 5 merged · 9 pending")).toBeInTheDocument();
  });
});

describe("Top 5 Risks", () => {
  const risk = (index: number, overrides: Partial<Risk> = {}): Risk => ({
    id: `rule-${index}`,
    severity: "high",
    type: "SAST",
    description: `Risk ${index}`,
    impact: "Impact",
    riskScore: 9 - index / 10,
    findingCount: 1,
    findingsBySeverity: { critical: 0, high: 1, med: 0, low: 0 },
    ...overrides,
  });

  it("says how many risks exist, leads to all of them, and what a grouped risk holds", async () => {
    stubDashboard(testSummary(), {
      topRisks: [
        risk(0, {
          severity: "critical",
          type: "SCA",
          findingCount: 22,
          findingsBySeverity: { critical: 3, high: 19, med: 0, low: 0 },
        }),
        risk(1),
        risk(2),
        risk(3),
        risk(4),
      ],
      totalRisks: 87,
      avgRiskScore: 6.14,
      offset: 0,
      limit: 5,
      nextOffset: 5,
    });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const list = await screen.findByRole("list", { name: "Top risks" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(within(list).getByText("SCA · 22 findings: 3 critical, 19 high")).toBeInTheDocument();
    expect(within(list).getAllByText("SAST · 1 high finding")).toHaveLength(4);
    expect(screen.getByText("87 risks · average score 6.1")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View all risks" })).toHaveAttribute("href", "/risks");
  });
});
