// Issue 5: sign up → add a repository → scan → the dashboard shows the scan's real counts; the
// control modal lists failed checks with file and line; runs filter; compliance shows SOC 2
// requirements with Pass/Fail/Untested. Issue 17: with no repository the scan button is disabled
// and links to adding one; a local repository is named after its folder; the scan button keeps
// the repository chosen last (not the first, unreachable one) across visits; a scan of the
// unreachable one fails at once and shows its reason on Policy Runs. Screenshots of each page
// land in e2e/screenshots/.
import { expect, test } from "@playwright/test";
import { plural } from "../packages/contracts/src/words.ts";
import { newAccount, register, screenshot, signIn, toast } from "./support.ts";

test("a new user scans a repository and sees its real numbers everywhere", async ({ page }) => {
  test.setTimeout(420_000);
  const account = newAccount("scan");
  await register(page, account);
  await signIn(page, account);

  // Nothing to scan yet: the button says so and leads to where repositories are added.
  // (The first signed-in page loads its chunks and the summary: slow on a busy machine.)
  await expect(page.getByRole("button", { name: "Run Policy Scan" })).toBeDisabled({ timeout: 30_000 });
  await page.getByRole("link", { name: "Add a repository" }).click();
  await expect(page).toHaveURL(/\/runs$/);

  // Add an unreachable repository first, then the real one from this server's disk.
  const repositories = page.getByRole("list", { name: "Repositories" });
  await page.getByLabel("Repository URL or path").fill("https://git.unreachable.invalid/acme/gone.git");
  await page.getByRole("button", { name: "Add Repository" }).click();
  await expect(repositories.getByText("acme/gone", { exact: true })).toBeVisible();
  await page.getByLabel("Repository URL or path").fill(process.env.E2E_REPOSITORY!);
  await page.getByRole("button", { name: "Add Repository" }).click();
  // Named after its folder, not `<parent folder>/payments-api`.
  await expect(repositories.getByText("payments-api", { exact: true })).toBeVisible();

  // Scan from the dashboard, choosing the repository that works.
  await page.getByRole("link", { name: /^Dashboard/ }).click();
  const choice = page.getByRole("combobox", { name: "Repository to scan" });
  await expect(choice).toHaveText("acme/gone");
  await choice.click();
  await page.getByRole("option", { name: "payments-api" }).click();
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

  // Compliance: every SOC 2 criterion has a control, so a new organization sees each one fail on a
  // finding or on the evidence it has not given yet (listed with its state and owner).
  await page.getByRole("link", { name: /^Compliance/ }).click();
  const table = page.getByRole("table");
  await expect(table.getByText("CC6.1", { exact: true })).toBeVisible();
  await expect(table.getByText("Fail", { exact: true }).first()).toBeVisible();
  await expect(table.getByText("(Missing · no owner)").first()).toBeVisible();
  await screenshot(page, "compliance");

  // A later visit scans the repository chosen last, not the first one.
  await page.goto("/dashboard");
  // (A fresh load computes the summary first, behind its modal.)
  await expect(page.getByRole("combobox", { name: "Repository to scan" })).toHaveText("payments-api", {
    timeout: 60_000,
  });

  // The unreachable repository, scanned from its card, fails at once and says why on Policy Runs.
  await page.getByRole("link", { name: /^Policy Runs/ }).click();
  const started = Date.now();
  await page.getByRole("button", { name: "Scan acme/gone" }).click();
  await expect(toast(page, "Scan Failed")).toBeVisible({ timeout: 30_000 });
  expect(Date.now() - started).toBeLessThan(25_000);
  const failedRun = page.getByRole("list", { name: "Policy runs" }).getByRole("listitem").first();
  await expect(failedRun).toContainText("acme/gone");
  await expect(failedRun).toContainText("Scan failed: Host unreachable");
  await expect(failedRun).toContainText("The repository could not be fetched");
  await failedRun.getByRole("button").click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("region", { name: "Why nothing was scanned" })).toContainText(
    "Scan failed: Host unreachable",
  );
  await screenshot(page, "runs-failed-scan");
});
