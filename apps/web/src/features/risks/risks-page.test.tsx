import type { Risk, RisksResponse } from "@rampart/contracts/risks";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { RisksPage } from "./risks-page";

const RISKS = `/api/tenants/${TENANT_ID}/risks`;

function risk(index: number, overrides: Partial<Risk> = {}): Risk {
  return {
    id: `rule-${index}`,
    severity: "high",
    type: "SAST",
    description: `Risk ${index}`,
    impact: "Impact",
    riskScore: 9,
    findingCount: 1,
    findingsBySeverity: { critical: 0, high: 1, med: 0, low: 0 },
    ...overrides,
  };
}

function stubRisks(routes: Record<string, { body: unknown }>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    ...routes,
  });
}

/** Risks `from` to `to` (exclusive) of `total`, as the server pages them. */
function page(from: number, to: number, total: number): RisksResponse {
  return {
    topRisks: Array.from({ length: to - from }, (_, index) => risk(from + index)),
    totalRisks: total,
    avgRiskScore: 6.25,
    offset: from,
    limit: 20,
    nextOffset: to < total ? to : null,
  };
}

describe("RisksPage", () => {
  it("marks the risk of the rule named by ?rule= (the advisor's citations)", async () => {
    stubRisks({ [`GET ${RISKS}?limit=20&offset=0`]: { body: page(0, 3, 3) } });
    renderWithProviders(<RisksPage />, { path: "/risks?rule=rule-1" });
    const list = await screen.findByRole("list", { name: "Risks" });
    const items = within(list).getAllByRole("listitem");
    expect(items[1]).toHaveAttribute("aria-current", "true");
    expect(items[1]).toHaveTextContent("Risk 1");
    expect(items.filter((item) => item.getAttribute("aria-current"))).toHaveLength(1);
  });

  it("shows totals, each risk scored out of 10, and what a grouped risk holds", async () => {
    stubRisks({
      [`GET ${RISKS}?limit=20&offset=0`]: {
        body: {
          ...page(0, 0, 2),
          nextOffset: null,
          topRisks: [
            risk(1, {
              severity: "critical",
              type: "SCA",
              description: "Vulnerable dependencies",
              riskScore: 8.5,
              findingCount: 22,
              findingsBySeverity: { critical: 3, high: 19, med: 0, low: 0 },
            }),
            risk(2, {
              riskScore: 4,
              findingCount: 3,
              findingsBySeverity: { critical: 0, high: 0, med: 3, low: 0 },
            }),
          ],
        },
      },
    });
    renderWithProviders(<RisksPage />, { path: "/risks" });
    expect(await screen.findByText("8.5/10")).toBeInTheDocument();
    expect(screen.getByText("6.3")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Risk score 8.5 of 10" })).toHaveAttribute(
      "aria-valuenow",
      "85",
    );
    expect(screen.getByText("22 findings: 3 critical, 19 high")).toBeInTheDocument();
    expect(screen.getByText("3 medium findings")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
  });

  it("lists every risk a page at a time, saying how many of the total are shown", async () => {
    // The first answer of a server that sends only the top five, for a client that asks no page.
    const fetchMock = stubRisks({
      [`GET ${RISKS}`]: { body: { ...page(0, 5, 45), limit: 5, nextOffset: 5 } },
      [`GET ${RISKS}?limit=20&offset=0`]: { body: page(0, 20, 45) },
      [`GET ${RISKS}?limit=20&offset=20`]: { body: page(20, 40, 45) },
      [`GET ${RISKS}?limit=20&offset=40`]: { body: page(40, 45, 45) },
    });
    const user = userEvent.setup();
    renderWithProviders(<RisksPage />, { path: "/risks" });
    const list = await screen.findByRole("list", { name: "Risks" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(20);
    expect(screen.getByText("Showing 20 of 45")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load More" }));
    expect(await screen.findByText("Showing 40 of 45")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load More" }));
    expect(await screen.findByText("Showing 45 of 45")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Risks" })).getAllByRole("listitem")).toHaveLength(45);
    expect(screen.getByText("Risk 44")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(RISKS))).toEqual([
      `${RISKS}?limit=20&offset=0`,
      `${RISKS}?limit=20&offset=20`,
      `${RISKS}?limit=20&offset=40`,
    ]);
  });
});
