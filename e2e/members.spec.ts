// Issue 16, capabilities 7 and 8: an admin invites an auditor, the auditor accepts from the link,
// and sees evidence only while the admin has auditor access on; after each step the admin finds it
// in the audit log of the settings drawer.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, register, screenshot, signIn, toast } from "./support.ts";

/** A scan of the sample repository, so the tenant's ledger holds evidence to show. */
async function scanSample(page: Page, tenantId: string) {
  const added = await page.request.post(`/api/tenants/${tenantId}/repositories`, {
    data: { location: process.env.E2E_REPOSITORY!, name: "acme/payments-api" },
  });
  expect(added.status(), await added.text()).toBe(201);
  const triggered = await page.request.post("/api/runs/trigger", {
    data: { tenantId, repo: "acme/payments-api" },
  });
  expect([200, 202]).toContain(triggered.status());
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/tenants/${tenantId}/evidence`)).json()).artifacts.length,
      {
        timeout: 120_000,
      },
    )
    .toBeGreaterThan(0);
}

async function openAuditor(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

async function setAuditorAccess(page: Page, organization: string, enable: boolean) {
  await page.goto("/tenants");
  await page.getByRole("button", { name: `Actions for ${organization}` }).click();
  await page
    .getByRole("menuitem", { name: enable ? "Enable Auditor Access" : "Disable Auditor Access" })
    .click();
  await expect(toast(page, "Access updated")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(organization) });
  await expect(row.getByText(enable ? "Enabled" : "Disabled", { exact: true })).toBeVisible();
}

/** What an auditor sees with auditor access off: the organization's name and nothing else. */
async function expectNothingButTheName(auditor: Page, organization: string) {
  await auditor.goto("/evidence");
  await expect(
    auditor.getByText("Auditor access to this organization is disabled.", { exact: false }),
  ).toBeVisible();
  await expect(auditor.getByRole("heading", { name: organization })).toBeVisible();
  const nav = auditor.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: /Evidence Graph/ })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: /Policy Runs/ })).toHaveCount(0);
  await expect(auditor.getByRole("region", { name: "Ledger chain" })).toHaveCount(0);
}

/**
 * The admin's view of the audit log (the settings drawer), filtered by action: the newest entry
 * must be `result` and name `actor`.
 */
async function expectAudited(page: Page, action: string, result: "success" | "denied", actor: string) {
  await page.getByRole("button", { name: "System settings" }).click();
  const section = page.getByRole("region", { name: "Audit Log" });
  await section.getByLabel("Action").fill(action);
  await section.getByRole("button", { name: "Apply Filters" }).click();
  const newest = section.getByRole("list", { name: "Audit log entries" }).getByRole("listitem").first();
  await expect(newest).toContainText(action);
  await expect(newest).toContainText(result);
  await expect(newest).toContainText(actor);
  await page.keyboard.press("Escape");
}

/** The auditor asks for the evidence export directly: allowed only while access is on. */
async function exportEvidence(auditor: Page, tenantId: string) {
  const today = new Date().toISOString().slice(0, 10);
  const response = await auditor.request.get(
    `/api/tenants/${tenantId}/evidence/export?from=${today}&to=${today}&format=json`,
  );
  return response.status();
}

test("an admin invites an auditor, who sees evidence only while auditor access is on", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = newAccount("admin");
  const auditorAccount = newAccount("auditor");
  let link = "";
  let tenantId = "";
  const auditor = await openAuditor(browser);

  await test.step("the admin signs up and scans a repository", async () => {
    await register(page, admin);
    await signIn(page, admin);
    const me = await (await page.request.get("/api/auth/me")).json();
    tenantId = me.user.memberships[0].tenantId;
    await scanSample(page, tenantId);
  });

  await test.step("the admin invites the auditor by e-mail and copies the link", async () => {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Members/ })
      .click();
    await expect(page.getByRole("heading", { name: `Members of ${admin.organization}` })).toBeVisible();
    await page.getByLabel("Email").fill(auditorAccount.email);
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Auditor" }).click();
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByText("Mail is not configured", { exact: false })).toBeVisible();
    link = await page.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("row", { name: new RegExp(auditorAccount.email) })).toContainText("pending");
    await screenshot(page, "members-invited");
    await expectAudited(page, "invitation.create", "success", admin.email);
  });

  await test.step("the auditor opens the link, registers and joins", async () => {
    await auditor.goto(link);
    await expect(
      auditor.getByText(`Join ${admin.organization} on Rampart as an auditor.`, { exact: false }),
    ).toBeVisible();
    await auditor.getByLabel("Name").fill(auditorAccount.name);
    await auditor.getByLabel("Password").fill(auditorAccount.password);
    await auditor.getByRole("button", { name: "Create account and accept" }).click();
    await expect(auditor).toHaveURL(/\/evidence$/);
    await expectAudited(page, "invitation.register", "success", auditorAccount.email);
  });

  await test.step("with auditor access off, the auditor sees only the organization's name", async () => {
    await expectNothingButTheName(auditor, admin.organization);
    await screenshot(auditor, "auditor-access-off");
    expect(await exportEvidence(auditor, tenantId)).toBe(403);
    await expectAudited(page, "evidence.export", "denied", auditorAccount.email);
  });

  await test.step("the admin enables auditor access", async () => {
    await setAuditorAccess(page, admin.organization, true);
    await expectAudited(page, "tenant.auditor-access.update", "success", admin.email);
  });

  await test.step("the auditor reads the evidence and compliance, and nothing with code", async () => {
    await auditor.goto("/evidence");
    await expect(auditor.getByRole("heading", { name: "Evidence Graph" })).toBeVisible();
    await expect(auditor.getByRole("region", { name: "Ledger chain" })).toBeVisible();
    const nav = auditor.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: /Evidence Graph/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Compliance/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Code Findings/ })).toHaveCount(0);
    await screenshot(auditor, "auditor-access-on");
    await auditor.goto("/code-findings");
    await expect(auditor.getByText("Not available to auditors")).toBeVisible();
    expect(await exportEvidence(auditor, tenantId)).toBe(200);
    await expectAudited(page, "evidence.export", "success", auditorAccount.email);
  });

  await test.step("the admin disables auditor access again", async () => {
    await setAuditorAccess(page, admin.organization, false);
  });

  await test.step("the auditor sees only the organization's name again", async () => {
    await expectNothingButTheName(auditor, admin.organization);
    expect(await exportEvidence(auditor, tenantId)).toBe(403);
    await expectAudited(page, "evidence.export", "denied", auditorAccount.email);
  });

  await test.step("the admin sees the auditor among the members", async () => {
    await page.goto("/members");
    const rows = page.getByRole("row").filter({ hasText: auditorAccount.email });
    await expect(rows.filter({ hasText: auditorAccount.name })).toBeVisible();
    await expect(rows.filter({ hasText: "accepted" })).toBeVisible();
  });
});
