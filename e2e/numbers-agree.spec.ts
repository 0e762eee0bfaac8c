// Issue 17, "Numbers must agree across screens": on the demo dashboard, the Evidence Chain card,
// the Control Status table and the Control Detail modal show the numbers of one read of the API
// (GET /summary), and the modal's own call agrees with it; Active Findings' filters count what the
// summary counts, and Risk Intelligence pages through every risk the Top 5 card says there are;
// each control's verdict is the Compliance page's.
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import type { ControlFindings, ControlStatusRow } from "@rampart/contracts/controls";
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import type { RisksResponse } from "@rampart/contracts/risks";
import type { RunsPage } from "@rampart/contracts/runs";
import type { Tenant } from "@rampart/contracts/tenants";
import { newAccount, register, screenshot, signIn } from "./support.ts";

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** The value shown under a label of a description list. */
function shownUnder(scope: Locator, label: string): Locator {
  return scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
}

/** The Control Status rows as displayed: code, passes, failures, and the compliance cell's text. */
function displayedRows(table: Locator) {
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll("td")];
      const text = (cell: { textContent: string | null } | null | undefined) =>
        (cell?.textContent ?? "").trim();
      return {
        code: text(cells[0]?.querySelector("div")),
        passes: Number(text(cells[3])),
        failures: Number(text(cells[4])),
        compliance: text(cells[5]),
      };
    }),
  );
}

const complianceText = (row: ControlStatusRow) =>
  row.evaluated ? `${Math.round(row.compliance)}%` : "Not evaluated";

test("the chain card, the control table and the control modal agree with one API read", async ({ page }) => {
  test.setTimeout(300_000);
  const account = newAccount("numbers");
  await register(page, account);
  await signIn(page, account);
  await page.getByRole("switch", { name: "Demo mode" }).click();
  // The demo is copied from a template the server scans from the samples at start.
  await expect(page.getByText("Rampart Demo").first()).toBeVisible({ timeout: 240_000 });
  const table = page.getByRole("table", { name: "Control status" });
  await expect(table).toBeVisible({ timeout: 60_000 });

  const tenants = await getJson<Tenant[]>(page, "/api/tenants");
  const demo = tenants.find((tenant) => tenant.isDemo);
  expect(demo, "the user's demo organization").toBeDefined();
  const tenantId = demo!.id;
  // The one read the dashboard's numbers are checked against (the dashboard shows 7 days).
  const summary = await getJson<DashboardSummary>(page, `/api/tenants/${tenantId}/summary?days=7`);

  // --- Evidence Chain card: runs as runs, entries as entries --------------------------------------
  const chain = page.getByRole("region", { name: "Evidence Chain" });
  const runs = await getJson<RunsPage>(page, `/api/tenants/${tenantId}/runs?limit=100`);
  expect(summary.chainIntegrity.totalRuns).toBe(runs.runs.length);
  expect(summary.chainIntegrity.chainLength).toBeGreaterThan(summary.chainIntegrity.totalRuns);
  await expect(shownUnder(chain, "Total Runs")).toHaveText(String(summary.chainIntegrity.totalRuns));
  await expect(shownUnder(chain, "Chain Length")).toHaveText(String(summary.chainIntegrity.chainLength));
  await expect(shownUnder(chain, "Latest Hash")).toHaveText(
    summary.chainIntegrity.lastHash ?? "No hash available",
  );

  // --- Control Status table: every row as the API has it --------------------------------------------
  await expect(table.locator("tbody tr")).toHaveCount(summary.controlStatus.length);
  expect(await displayedRows(table)).toEqual(
    summary.controlStatus.map((row) => ({
      code: row.control.code,
      passes: row.passes,
      failures: row.failures,
      compliance: complianceText(row),
    })),
  );
  // The image-scan control is failing from the demo images' CVEs, not passing on Dockerfile rules.
  const imageControl = summary.controlStatus.find((row) => row.control.code === "CTR-VUL-01")!;
  expect(imageControl).toMatchObject({ evaluated: true });
  expect(imageControl.failures).toBeGreaterThan(0);

  // --- Compliance: a control the table calls evaluated is never Untested there, and the reverse -----
  for (const framework of ["soc2", "iso27001", "nist-800-53"]) {
    const compliance = await getJson<ComplianceResponse>(
      page,
      `/api/compliance/${framework}?tenantId=${tenantId}`,
    );
    for (const control of compliance.controls.flatMap((requirement) => requirement.controls)) {
      const row = summary.controlStatus.find((candidate) => candidate.control.code === control.code);
      // Organizational controls are judged on their evidence, on the Compliance page only.
      if (control.code.startsWith("ORG-")) {
        expect(row, control.code).toBeUndefined();
        continue;
      }
      if (!row) throw new Error(`${control.code} is missing from the control table`);
      const status = !row.evaluated ? "unknown" : row.failures > 0 ? "fail" : "pass";
      expect({ framework, code: control.code, status }).toEqual({
        framework,
        code: control.code,
        status: control.status,
      });
    }
  }

  // --- Control Detail modal: the row's numbers, and the checks behind them -----------------------------
  const failing = summary.controlStatus.filter((row) => row.failures > 0);
  expect(failing.length).toBeGreaterThan(1);
  // A code-scan control with a two-control rule in the samples, and the image-scan control.
  const opened = [failing.find((row) => row.control.code === "IAC-NET-02") ?? failing[0]!, imageControl];
  for (const row of opened) {
    const code = row.control.code;
    const detail = await getJson<ControlFindings>(
      page,
      `/api/controls/${code}/findings?tenantId=${tenantId}`,
    );
    expect({ passes: detail.passes, failures: detail.failures, evaluated: detail.evaluated }, code).toEqual({
      passes: row.passes,
      failures: row.failures,
      evaluated: row.evaluated,
    });
    await table.getByRole("button", { name: `${row.failures} failures of ${code}` }).click();
    const dialog = page.getByRole("dialog", { name: row.control.title });
    await expect(dialog).toBeVisible();
    await expect(shownUnder(dialog, "Failed Checks")).toHaveText(String(row.failures));
    await expect(shownUnder(dialog, "Passed Checks")).toHaveText(String(row.passes));
    await expect(shownUnder(dialog, "Total Findings")).toHaveText(String(row.failures + row.passes));
    const listed =
      detail.findings.filter((finding) => finding.status === "fail").length +
      detail.images.vulnerabilities.length;
    expect(listed, code).toBe(Math.min(row.failures, 200));
    await expect(
      dialog.getByRole("region", { name: "Failed checks" }).locator(":scope > ul > li"),
    ).toHaveCount(listed);
    await screenshot(page, `numbers-agree-${code}`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }

  // --- Active Findings: each filter's count is the summary's, and a filter says "none" only at 0 ------
  const findingCounts = { all: "total", critical: "critical", high: "high", medium: "med" } as const;
  const activeFindings = page.getByRole("list", { name: "Active findings" });
  for (const [filter, key] of Object.entries(findingCounts)) {
    const count = summary.openFindingCounts[key];
    await page.getByRole("button", { name: `${filter} (${count})` }).click();
    if (count === 0) {
      if (filter !== "all")
        await expect(page.getByText(`No open ${filter} severity findings.`)).toBeVisible();
    } else {
      await expect(activeFindings.locator(":scope > li")).toHaveCount(Math.min(count, 5));
    }
  }

  // --- Risk Intelligence: the card's total is the list's, and paging reaches every risk ----------------
  const risks = await getJson<RisksResponse>(page, `/api/tenants/${tenantId}/risks?limit=100`);
  await expect(
    page.getByText(
      new RegExp(`^${risks.totalRisks} risks? · average score ${risks.avgRiskScore.toFixed(1)}$`),
    ),
  ).toBeVisible();
  await page.getByRole("link", { name: "View all risks" }).click();
  const riskList = page.getByRole("list", { name: "Risks" });
  await expect(riskList).toBeVisible();
  for (;;) {
    const more = page.getByRole("button", { name: "Load More" });
    if (!(await more.isVisible())) break;
    const before = await riskList.locator(":scope > li").count();
    await more.click();
    await expect(riskList.locator(":scope > li")).not.toHaveCount(before);
  }
  await expect(riskList.locator(":scope > li")).toHaveCount(risks.totalRisks);
  await screenshot(page, "numbers-agree-risks");
});
