import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { renderWithProviders, stubFetch } from "../../test/render";
import { ADMIN, sessionRoutes } from "./compliance-fixtures";
import { CompliancePage } from "./compliance-page";

const CUSTOM_ID = "5d7f8a9e-0000-4000-8000-000000000001";
const FRAMEWORKS = [
  { id: "soc2", name: "SOC 2", version: "2017", description: "", custom: false },
  { id: CUSTOM_ID, name: "Vendor baseline", version: "1", description: "", custom: true },
];
const SAMPLE = {
  id: "5a000000-0000-4000-8000-000000000001",
  population: "runs",
  windowStart: "2026-01-01T00:00:00.000Z",
  windowEnd: "2026-06-30T23:59:59.999Z",
  size: 2,
  seed: "q3-audit",
  populationSize: 40,
  picks: [
    { id: "r1", label: "acme/payments-api @ 0123456", at: "2026-02-01T10:00:00.000Z" },
    { id: "r2", label: "acme/web @ 89abcde", at: "2026-05-09T10:00:00.000Z" },
  ],
  createdBy: ADMIN,
  createdAt: "2026-11-01T00:00:00.000Z",
};
const DETAIL = {
  framework: FRAMEWORKS[1],
  requirements: [
    { requirementId: "VB-1", title: "Encrypt data at rest", description: "", controlCodes: ["IAC-ENC-01"] },
  ],
};

function routes(role: "admin" | "member" | "auditor", extra: Record<string, unknown> = {}) {
  return {
    ...sessionRoutes(role),
    [`GET /api/tenants/${TENANT_ID}/frameworks`]: { body: FRAMEWORKS },
    [`GET /api/tenants/${TENANT_ID}/frameworks/${CUSTOM_ID}`]: { body: DETAIL },
    [`GET /api/tenants/${TENANT_ID}/audit-samples`]: { body: [SAMPLE] },
    ...extra,
  } as Parameters<typeof stubFetch>[0];
}

describe("Audit tab", () => {
  it("links the audit package of a shipped framework, Type I now, at a date, or Type II over a window", async () => {
    stubFetch(routes("auditor"));
    renderWithProviders(<CompliancePage />, { path: "/compliance/audit" });
    const link = await screen.findByRole("link", { name: "Download audit package" });
    expect(link).toHaveAttribute("href", `/api/tenants/${TENANT_ID}/audit-package?framework=soc2`);
    fireEvent.change(screen.getByLabelText("As of (empty: now)"), { target: { value: "2026-06-30" } });
    expect(link).toHaveAttribute(
      "href",
      `/api/tenants/${TENANT_ID}/audit-package?framework=soc2&view=type1&at=2026-06-30T23%3A59%3A59.999Z`,
    );
    // The package covers shipped frameworks only.
    expect(
      within(screen.getByLabelText("Package framework")).queryByRole("option", { name: /Vendor/ }),
    ).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Type II (over a window)" }));
    expect(screen.queryByRole("link", { name: "Download audit package" })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Window from"), { target: { value: "2026-01-01" } });
    fireEvent.change(screen.getByLabelText("Window to"), { target: { value: "2026-06-30" } });
    expect(screen.getByRole("link", { name: "Download audit package" })).toHaveAttribute(
      "href",
      `/api/tenants/${TENANT_ID}/audit-package?framework=soc2&view=type2&from=2026-01-01T00%3A00%3A00.000Z&to=2026-06-30T23%3A59%3A59.999Z`,
    );
  });

  it("lets an auditor draw a sample with a seed and lists each sample's seed and picks", async () => {
    let drawn: unknown = null;
    stubFetch(
      routes("auditor", {
        [`POST /api/tenants/${TENANT_ID}/audit-samples`]: ({ body }: { body: unknown }) => {
          drawn = body;
          return { status: 201, body: SAMPLE };
        },
      }),
    );
    renderWithProviders(<CompliancePage />, { path: "/compliance/audit" });
    const samples = await screen.findByRole("list", { name: "Samples" });
    expect(samples).toHaveTextContent("Policy runs: 2 of 40");
    expect(samples).toHaveTextContent("seed q3-audit");
    expect(samples).toHaveTextContent("acme/web @ 89abcde");

    const form = screen.getByRole("form", { name: "Draw a sample" });
    await userEvent.selectOptions(within(form).getByLabelText("Population"), "evidence-submissions");
    fireEvent.change(within(form).getByLabelText("Window start"), { target: { value: "2026-01-01" } });
    fireEvent.change(within(form).getByLabelText("Window end"), { target: { value: "2026-06-30" } });
    await userEvent.clear(within(form).getByLabelText("Sample size"));
    await userEvent.type(within(form).getByLabelText("Sample size"), "10");
    await userEvent.type(within(form).getByLabelText("Seed (optional)"), "q3-audit");
    await userEvent.click(within(form).getByRole("button", { name: "Draw sample" }));
    await waitFor(() =>
      expect(drawn).toEqual({
        population: "evidence-submissions",
        windowStart: "2026-01-01T00:00:00.000Z",
        windowEnd: "2026-06-30T23:59:59.999Z",
        size: 10,
        seed: "q3-audit",
      }),
    );
    // Auditors do not import or map frameworks.
    expect(screen.queryByRole("form", { name: "Import a framework" })).not.toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Requirements" })).toHaveTextContent("IAC-ENC-01");
    expect(screen.queryByRole("textbox", { name: "Controls for VB-1" })).not.toBeInTheDocument();
  });

  it("lets an admin import a framework from a chosen file and map a requirement, showing the server's refusal", async () => {
    const imports: unknown[] = [];
    let mapped: unknown = null;
    stubFetch(
      routes("admin", {
        [`POST /api/tenants/${TENANT_ID}/frameworks`]: ({ body }: { body: unknown }) => {
          imports.push(body);
          return { status: 400, body: { error: "Line 2: a requirement needs an id" } };
        },
        [`PUT /api/tenants/${TENANT_ID}/frameworks/${CUSTOM_ID}/requirements/VB-1/controls`]: ({
          body,
        }: {
          body: unknown;
        }) => {
          mapped = body;
          return { body: {} };
        },
      }),
    );
    renderWithProviders(<CompliancePage />, { path: "/compliance/audit" });
    const form = await screen.findByRole("form", { name: "Import a framework" });
    const csv = "id,title\n,Missing id\n";
    await userEvent.upload(
      within(form).getByLabelText("Or choose a file"),
      new File([csv], "vendor.csv", { type: "text/csv" }),
    );
    await waitFor(() => expect(within(form).getByLabelText("Framework definition")).toHaveValue(csv));
    expect(within(form).getByLabelText("Format")).toHaveValue("csv");
    await userEvent.type(within(form).getByLabelText("Name"), "Vendor baseline 2");
    await userEvent.click(within(form).getByRole("button", { name: "Import framework" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Line 2: a requirement needs an id");
    expect(imports).toEqual([{ format: "csv", content: csv, name: "Vendor baseline 2" }]);

    const codes = await screen.findByRole("textbox", { name: "Controls for VB-1" });
    await userEvent.clear(codes);
    await userEvent.type(codes, "IAC-ENC-01, ORG-CRYPTO-01 IAC-ENC-01");
    await userEvent.click(
      within(screen.getByRole("table", { name: "Requirements" })).getByRole("button", { name: "Save" }),
    );
    await waitFor(() => expect(mapped).toEqual({ controlCodes: ["IAC-ENC-01", "ORG-CRYPTO-01"] }));
  });

  it("explains failed loads", async () => {
    stubFetch({
      ...sessionRoutes("admin"),
      [`GET /api/tenants/${TENANT_ID}/frameworks`]: { status: 500, body: "" },
      [`GET /api/tenants/${TENANT_ID}/audit-samples`]: { status: 500, body: "" },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance/audit" });
    expect(
      await screen.findByText("Failed to load frameworks. Please try refreshing the page."),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Failed to load samples. Please try refreshing the page."),
    ).toBeInTheDocument();
  });
});
