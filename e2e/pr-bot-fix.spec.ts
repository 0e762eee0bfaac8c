// Issue 18 item 6: the control drawer's "Create fix PR" link opens the PR Bot page's fix flow for
// that control: its failing findings with a mechanical fix, each with Create Fix PR; opening one
// shows the pull request in its place and in the list below. Without GitHub, the live status
// says the code host is not connected.
import { expect, test } from "@playwright/test";
import { newAccount, register, screenshot, signIn, toast } from "./support.ts";

test("a control's fix link opens its fix flow and Create Fix PR opens the pull request", async ({ page }) => {
  test.setTimeout(420_000);
  const account = newAccount("prbot");
  await register(page, account);
  await signIn(page, account);
  await expect(page.getByRole("button", { name: "Run Policy Scan" })).toBeDisabled({ timeout: 30_000 });

  const me = await (await page.request.get("/api/auth/me")).json();
  const tenantId = me.user.memberships[0].tenantId;
  const added = await page.request.post(`/api/tenants/${tenantId}/repositories`, {
    data: { location: process.env.E2E_REPOSITORY },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(added.ok()).toBe(true);
  await page.reload();
  await page.getByRole("button", { name: "Run Policy Scan" }).click();
  await expect(toast(page, "Policy Scan Complete")).toBeVisible({ timeout: 120_000 });

  // A control with a fixable failing finding, read from the API the page reads.
  const runs = await (await page.request.get(`/api/tenants/${tenantId}/runs`)).json();
  const detail = await (await page.request.get(`/api/runs/${runs.runs[0].id}`)).json();
  const fixable = detail.findings.find(
    (finding: { status: string; waived: boolean; fix: { available: boolean } }) =>
      finding.status === "fail" && !finding.waived && finding.fix.available,
  );
  expect(fixable).toBeTruthy();

  await page.goto("/controls");
  await page.getByRole("button", { name: new RegExp(`^${fixable.controlId} `) }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Create fix PR" }).click();
  await expect(page).toHaveURL(new RegExp(`/pr-bot\\?action=fix&control=${fixable.controlId}$`));

  const panel = page.getByRole("region", { name: `Fix control ${fixable.controlId}` });
  const row = panel.getByRole("list", { name: "Fixable findings" }).getByRole("listitem", {
    name: fixable.message,
  });
  await expect(row.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("active-pr-source")).toHaveText(
    "Code host not connected: counting Rampart's open fix pull requests on its local fix remote",
  );
  await expect(page.getByTestId("active-pr-count")).toHaveText("0");
  await screenshot(page, "pr-bot-fix-flow");

  await row.first().getByRole("button", { name: "Create Fix PR" }).click();
  await expect(toast(page, "Fix PR Created")).toBeVisible({ timeout: 60_000 });
  await expect(row.first().getByRole("link", { name: /^Fix PR #\d+ · open$/ })).toBeVisible();
  // Only the list's own items: a suggestion's Markdown body has lists of its own.
  await expect(page.getByRole("list", { name: "PR suggestions" }).locator(":scope > li")).toHaveCount(1);
  await expect(page.getByTestId("active-pr-count")).toHaveText("1");
});
