import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { testEvidenceRequest } from "./compliance-fixtures";
import { CompliancePage } from "./compliance-page";

const frameworks = [
  { id: "soc2", name: "SOC 2", version: "2017", description: "Trust services criteria" },
  { id: "iso27001", name: "ISO/IEC 27001", version: "2022", description: "ISMS" },
];
const base = {
  "GET /api/auth/me": { body: { user: TEST_USER } },
  "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
  [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
  [`GET /api/tenants/${TENANT_ID}/evidence-reminders`]: { body: { overdue: [], atRisk: [] } },
  // A server without the tenant's own frameworks: the selector falls back to the shipped list.
  [`GET /api/tenants/${TENANT_ID}/frameworks`]: { status: 404, body: { error: "Not found" } },
};

function summary(passed: number, failed: number, unknown: number) {
  const total = passed + failed + unknown;
  return {
    compliancePercentage: total ? (passed / total) * 100 : 0,
    totalControls: total,
    testedControls: passed + failed,
    passedControls: passed,
    failedControls: failed,
    unknownControls: unknown,
  };
}

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
    stubFetch({
      ...base,
      [`GET /api/tenants/${TENANT_ID}/frameworks`]: { status: 500, body: "" },
      "GET /api/frameworks": { body: frameworks },
    });
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

  it("lists the tenant's own frameworks, and per row the at-risk marker and the missing evidence with its owner", async () => {
    stubFetch({
      ...base,
      [`GET /api/tenants/${TENANT_ID}/frameworks`]: {
        body: [
          { ...frameworks[0], custom: false },
          {
            id: "5d7f8a9e-0000-4000-8000-000000000001",
            name: "Vendor baseline",
            version: "1",
            description: "",
            custom: true,
          },
        ],
      },
      [`GET /api/compliance/soc2?tenantId=${TENANT_ID}`]: {
        body: {
          framework: frameworks[0],
          compliance: summary(1, 1, 0),
          controls: [
            {
              frameworkControlCode: "CC1.4",
              isMapped: true,
              controlTitle: "Commitment to competence",
              controlCode: "ORG-TRAINING-01",
              status: "pass",
              hasFinding: false,
              atRisk: true,
              missing: [],
              controls: [
                {
                  code: "ORG-TRAINING-01",
                  title: "Training",
                  status: "pass",
                  hasFinding: false,
                  atRisk: true,
                },
              ],
            },
            {
              frameworkControlCode: "CC6.2",
              isMapped: true,
              controlTitle: "Access provisioning",
              controlCode: "ORG-ACCESS-01",
              status: "fail",
              hasFinding: false,
              atRisk: false,
              missing: [
                {
                  controlCode: "ORG-ACCESS-01",
                  evidenceKey: "access-review",
                  title: "Quarterly access review",
                  state: "rejected",
                  owner: "grace@example.com",
                },
              ],
              controls: [
                { code: "ORG-ACCESS-01", title: "Access", status: "fail", hasFinding: false, atRisk: false },
              ],
            },
          ],
        },
      },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance" });
    const rows = within(await screen.findByRole("table", { name: "Control mapping" })).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("At risk");
    expect(rows[2]).not.toHaveTextContent("At risk");
    expect(rows[2]).toHaveTextContent("Quarterly access review (Rejected · grace@example.com)");
    await userEvent.click(screen.getByRole("combobox", { name: "Framework" }));
    expect(await screen.findByRole("option", { name: "Vendor baseline 1 (custom)" })).toBeInTheDocument();
  });

  it("asks for Type I at a date and Type II over a window", async () => {
    const fetchMock = stubFetch({
      ...base,
      "GET /api/frameworks": { body: frameworks },
      [`GET /api/compliance/soc2?tenantId=${TENANT_ID}`]: {
        body: { framework: frameworks[0], compliance: summary(0, 0, 0), controls: [] },
      },
      [`GET /api/compliance/soc2?tenantId=${TENANT_ID}&view=type1&at=2026-06-30T23%3A59%3A59.999Z`]: {
        body: { framework: frameworks[0], compliance: summary(1, 0, 0), controls: [] },
      },
      [`GET /api/compliance/soc2?tenantId=${TENANT_ID}&view=type2&from=2026-01-01T00%3A00%3A00.000Z&to=2026-06-30T23%3A59%3A59.999Z`]:
        { body: { framework: frameworks[0], compliance: summary(0, 1, 0), controls: [] } },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance" });
    expect(await screen.findByText(/0 passed · 0 failed/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("As of (empty: now)"), { target: { value: "2026-06-30" } });
    expect(await screen.findByText(/1 passed · 0 failed/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Type II (over a window)" }));
    expect(screen.getByText("Pick the first and last day of the window.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Window from"), { target: { value: "2026-07-01" } });
    fireEvent.change(screen.getByLabelText("Window to"), { target: { value: "2026-06-30" } });
    expect(screen.getByText("The window must start before it ends.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Window from"), { target: { value: "2026-01-01" } });
    expect(await screen.findByText(/0 passed · 1 failed/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes("from=2026-07-01"))).toBe(true);
  });

  it("shows the evidence reminders' count on the Evidence requests tab", async () => {
    stubFetch({
      ...base,
      [`GET /api/tenants/${TENANT_ID}/evidence-reminders`]: {
        body: {
          overdue: [testEvidenceRequest({ overdue: true })],
          atRisk: [testEvidenceRequest({ state: "accepted", atRisk: true })],
        },
      },
      "GET /api/frameworks": { body: [] },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance" });
    const tabs = screen.getByRole("navigation", { name: "Compliance sections" });
    expect(within(tabs).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    expect(await within(tabs).findByRole("link", { name: "Evidence requests 2 reminders" })).toHaveAttribute(
      "href",
      "/compliance/evidence",
    );
  });
});
