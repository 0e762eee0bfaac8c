// Issue 5: sign up → add a repository → scan → the dashboard shows the scan's real counts; the
// control modal lists failed checks with file and line; runs filter; compliance shows SOC 2
// requirements with Pass/Fail/Untested. Screenshots of each page land in e2e/screenshots/.
import { expect, test } from "@playwright/test";
import { plural } from "../packages/contracts/src/words.ts";
import { newAccount, register, screenshot, signIn, toast } from "./support.ts";

test("a new user scans a repository and sees its real numbers everywhere", async ({ page }) => {
  test.setTimeout(180_000);
  const account = newAccount("scan");
  await register(page, account);
  await signIn(page, account);

  // Add the repository from the Policy Runs page.
  await page.getByRole("link", { name: /^Policy Runs/ }).click();
  await page.getByLabel("Repository URL or path").fill(process.env.E2E_REPOSITORY!);
  await page.getByRole("button", { name: "Add Repository" }).click();
  await expect(
    page.getByRole("list", { name: "Repositories" }).getByText("payments-api").first(),
  ).toBeVisible();

  // Scan from the dashboard.
  await page.getByRole("link", { name: /^Dashboard/ }).click();
  await page.getByRole("button", { name: "Run Policy Scan" }).click();
  await expect(toast(page, "Policy Scan Complete")).toBeVisible({ timeout: 120_000 });
  const description =
    (await page
      .getByRole("region", { name: /Notifications/ })
      .getByText(/^Scanned \d+ files\. Found \d+ issues\.$/)
      .first()
      .textContent()) ?? "";
  const [, files, issues] = /Scanned (\d+) files\. Found (\d+) issues\./.exec(description)!;

  // The numbers on screen are the stored run's numbers.
  const me = await (await page.request.get("/api/auth/me")).json();
  const tenantId = me.user.memberships[0].tenantId;
  const runs = await (await page.request.get(`/api/tenants/${tenantId}/runs`)).json();
  expect(runs.runs).toHaveLength(1);
  expect(runs.runs[0].filesScanned).toBe(Number(files));
  expect(runs.runs[0].failedCount).toBe(Number(issues));
  expect(Number(issues)).toBeGreaterThan(0);

  const summary = await (await page.request.get(`/api/tenants/${tenantId}/summary?days=7`)).json();
  const metrics = page.getByRole("region", { name: "Metrics overview" });
  await expect(metrics.getByText(`${Math.round(summary.metrics.postureScore)}%`).first()).toBeVisible();
  await expect(
    metrics.getByText(String(summary.metrics.criticalFindings), { exact: true }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Recent policy runs" }).getByText("payments-api").first(),
  ).toBeVisible();
  await screenshot(page, "dashboard-after-scan");

  // The control modal lists failed checks with file and line.
  const failing = summary.controlStatus.find((row: { failures: number }) => row.failures > 0);
  await page
    .getByRole("button", { name: `${plural(failing.failures, "failure")} of ${failing.control.code}` })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Failed Checks").first()).toBeVisible();
  const firstCheck = dialog.getByRole("region", { name: "Failed checks" }).getByRole("button").first();
  await expect(firstCheck).toHaveText(/[\w./-]+:\d+/);
  await firstCheck.click();
  await expect(dialog.getByText("Remediation Guidance")).toBeVisible();
  await screenshot(page, "control-modal");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Runs filter by status.
  await page.getByRole("link", { name: /^Policy Runs/ }).click();
  await expect(page.getByText("Manual Policy Run").first()).toBeVisible();
  await screenshot(page, "runs");
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: /pass/i }).click();
  await expect(page.getByText("Manual Policy Run")).toHaveCount(0);
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: /fail/i }).click();
  await expect(page.getByText("Manual Policy Run").first()).toBeVisible();

  // Controls and risks render from the same data.
  await page.getByRole("link", { name: /^Controls/ }).click();
  await expect(page.getByText(failing.control.code).first()).toBeVisible();
  await screenshot(page, "controls");
  await page.getByRole("link", { name: /^Risk Intelligence/ }).click();
  await screenshot(page, "risks");

  // Compliance: SOC 2 requirements with Pass, Fail and Untested.
  await page.getByRole("link", { name: /^Compliance/ }).click();
  const table = page.getByRole("table");
  await expect(table.getByText("CC6.1", { exact: true })).toBeVisible();
  await expect(table.getByText("Fail", { exact: true }).first()).toBeVisible();
  await expect(table.getByText("Untested", { exact: true }).first()).toBeVisible();
  await screenshot(page, "compliance");
});
