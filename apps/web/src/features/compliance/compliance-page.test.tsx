import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { CompliancePage } from "./compliance-page";

const base = {
  "GET /api/auth/me": { body: { user: TEST_USER } },
  "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
  [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
};
const frameworks = [
  { id: "soc2", name: "SOC 2", version: "2017", description: "Trust services criteria" },
  { id: "iso27001", name: "ISO/IEC 27001", version: "2022", description: "ISMS" },
];

describe("CompliancePage", () => {
  it("chooses the framework named by ?framework= and marks &requirement= (the advisor's citations)", async () => {
    const fetchMock = stubFetch({
      ...base,
      "GET /api/frameworks": { body: frameworks },
      [`GET /api/compliance/iso27001?tenantId=${TENANT_ID}`]: {
        body: {
          framework: frameworks[1],
          compliance: {
            compliancePercentage: 0,
            totalControls: 2,
            testedControls: 1,
            passedControls: 0,
            failedControls: 1,
            unknownControls: 1,
          },
          controls: ["A.8.24", "A.8.9"].map((code) => ({
            frameworkControlCode: code,
            isMapped: true,
            controlTitle: `Requirement ${code}`,
            controlCode: "IAC-ENC-01",
            status: "fail",
            hasFinding: true,
            controls: [{ code: "IAC-ENC-01", title: "Enc", status: "fail", hasFinding: true }],
          })),
        },
      },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance?framework=iso27001&requirement=A.8.9" });
    const table = await screen.findByRole("table", { name: "Control mapping" });
    const rows = within(table).getAllByRole("row");
    expect(rows[2]).toHaveTextContent("A.8.9");
    expect(rows[2]).toHaveAttribute("aria-current", "true");
    expect(rows[1]).not.toHaveAttribute("aria-current");
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/compliance/soc2"))).toBe(false);
  });

  it("auto-selects the first framework and shows unknown requirements as 'Untested'", async () => {
    stubFetch({
      ...base,
      "GET /api/frameworks": { body: frameworks },
      [`GET /api/tenants/${TENANT_ID}/narratives/compliance?frameworkId=soc2`]: {
        body: {
          summary: "SOC 2: 50% compliant. Of 2 requirements, 1 passes, 0 fail and 1 is untested.",
          confidence: 60,
          trend: "stable",
          source: "templates",
        },
      },
      [`GET /api/compliance/soc2?tenantId=${TENANT_ID}`]: {
        body: {
          framework: frameworks[0],
          compliance: {
            compliancePercentage: 50,
            totalControls: 2,
            testedControls: 1,
            passedControls: 1,
            failedControls: 0,
            unknownControls: 1,
          },
          controls: [
            {
              frameworkControlCode: "CC6.1",
              isMapped: true,
              controlTitle: "Logical access",
              controlCode: "IAC-ENC-01",
              status: "pass",
              hasFinding: false,
              controls: [{ code: "IAC-ENC-01", title: "Enc", status: "pass", hasFinding: false }],
            },
            {
              frameworkControlCode: "CC7.2",
              isMapped: false,
              controlTitle: "Monitoring",
              controlCode: null,
              status: "unknown",
              hasFinding: false,
              controls: [],
            },
          ],
        },
      },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance" });
    const table = await screen.findByRole("table", { name: "Control mapping" });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Pass");
    expect(rows[2]).toHaveTextContent("CC7.2");
    expect(rows[2]).toHaveTextContent("Untested");
    const framework = screen.getByRole("combobox", { name: "Framework" });
    expect(framework).toHaveTextContent("SOC 2 2017");
    // One line: the trigger grows with the label and cuts it with an ellipsis when the page is narrower.
    expect(framework).toHaveClass("whitespace-nowrap", "w-auto", "max-w-full");
    expect(framework).not.toHaveClass("w-72");
    expect(framework).toHaveClass("[&>span]:truncate");
    expect(screen.getByText(/Untested requirements/)).toBeInTheDocument();
    expect(
      await screen.findByText("SOC 2: 50% compliant. Of 2 requirements, 1 passes, 0 fail and 1 is untested."),
    ).toBeInTheDocument();
    expect(screen.getByText(/Confidence/)).toHaveTextContent("60%");
    expect(screen.getByRole("img", { name: "Trend: stable" })).toBeInTheDocument();
  });

  it("explains a failed frameworks load and a failed compliance load", async () => {
    stubFetch({ ...base, "GET /api/frameworks": { status: 500, body: "" } });
    const first = renderWithProviders(<CompliancePage />, { path: "/compliance" });
    expect(
      await screen.findByText("Failed to load frameworks. Please try refreshing the page."),
    ).toBeInTheDocument();
    first.unmount();
    stubFetch({
      ...base,
      "GET /api/frameworks": { body: frameworks },
      [`GET /api/compliance/soc2?tenantId=${TENANT_ID}`]: { status: 500, body: "" },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance" });
    expect(
      await screen.findByText("Failed to load compliance data. Please try selecting a different framework."),
    ).toBeInTheDocument();
  });
});
