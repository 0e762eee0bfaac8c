import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { RisksPage } from "./risks-page";

describe("RisksPage", () => {
  it("shows totals and each risk scored out of 10", async () => {
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
      [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
      [`GET /api/tenants/${TENANT_ID}/risks`]: {
        body: {
          totalRisks: 2,
          avgRiskScore: 6.25,
          topRisks: [
            {
              id: "r1",
              severity: "critical",
              type: "IaC",
              description: "Public bucket",
              impact: "Data exposure",
              riskScore: 8.5,
              findingCount: 3,
            },
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
  });
});
