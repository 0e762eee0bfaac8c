// Issue 23: a policy is evidence. An admin adopts the Information Security Policy from its starter
// template and approves version 1; the approved policy set document is uploaded and accepted; once
// every member (not the auditor) acknowledged the version in force, ORG-GOV-01 — the only control
// of SOC 2 CC5.3, evidenced by that document and by the policy's acknowledgements — passes, and
// an auditor with auditor access on reads the policy and the passing requirement.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, register, screenshot, signIn } from "./support.ts";

const POLICY = "Information Security Policy";
const REQUIREMENT = "CC5.3";
/** The smallest file the server recognizes as a PDF by its signature. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

async function invite(page: Page, tenantId: string, email: string, role: "member" | "auditor") {
  const response = await page.request.post(`/api/tenants/${tenantId}/invitations`, { data: { email, role } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { link: string }).link;
}

/** A person opens their invitation link in their own browser and registers from it. */
async function accept(browser: Browser, link: string, account: ReturnType<typeof newAccount>) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account and accept" }).click();
  await expect(page).not.toHaveURL(/\/invite\//);
  return page;
}

function requirementRow(page: Page) {
  return page
    .getByRole("table", { name: "Control mapping" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: REQUIREMENT, exact: true }) });
}

async function expectRequirement(page: Page, status: "Pass" | "Fail") {
  await page.goto("/compliance?framework=soc2");
  const row = requirementRow(page);
  await expect(row).toContainText("ORG-GOV-01");
  await expect(row.getByText(status, { exact: true })).toBeVisible();
}

async function openPolicy(page: Page) {
  await page.goto("/compliance");
  await page
    .getByRole("navigation", { name: "Compliance sections" })
    .getByRole("link", { name: "Policies" })
    .click();
  await page.getByRole("table", { name: "Policies" }).getByRole("link", { name: POLICY }).click();
  await expect(page.getByRole("article", { name: "Version 1" })).toBeVisible();
}

test("a policy adopted, approved and acknowledged by every member makes its control pass, and an auditor sees it", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = newAccount("admin");
  const memberAccount = newAccount("member");
  const auditorAccount = newAccount("auditor");
  let tenantId = "";

  await test.step("the admin signs up, turns auditor access on and invites a member and an auditor", async () => {
    await register(page, admin);
    await signIn(page, admin);
    const me = await (await page.request.get("/api/auth/me")).json();
    tenantId = me.user.memberships[0].tenantId;
    const access = await page.request.patch(`/api/tenants/${tenantId}/settings`, {
      data: { auditorAccessEnabled: true },
    });
    expect(access.status(), await access.text()).toBe(200);
  });
  const member = await accept(
    browser,
    await invite(page, tenantId, memberAccount.email, "member"),
    memberAccount,
  );
  const auditor = await accept(
    browser,
    await invite(page, tenantId, auditorAccount.email, "auditor"),
    auditorAccount,
  );

  await test.step("the admin adopts the template, approves version 1 and acknowledges it", async () => {
    await page.goto("/compliance/policies");
    await page.getByRole("button", { name: `Adopt ${POLICY}` }).click();
    await expect(
      page.getByRole("table", { name: "Policies" }).getByRole("link", { name: POLICY }),
    ).toBeVisible();
    await openPolicy(page);
    await expect(page.getByText("(draft)", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Approve version 1" }).click();
    await expect(page.getByText("Version 1 in force")).toBeVisible();
    await page.getByRole("button", { name: "Acknowledge version 1" }).click();
    await expect(page.getByText("Acknowledged", { exact: true }).first()).toBeVisible();
    await screenshot(page, "compliance-policy-approved");
  });

  await test.step("the admin uploads the approved policy set and accepts it", async () => {
    await page.goto("/compliance/evidence");
    await page
      .getByRole("table", { name: "Evidence requests" })
      .getByRole("link", { name: "Approved policy set" })
      .click();
    const upload = page.getByRole("form", { name: "Upload evidence" });
    await upload
      .getByLabel("File")
      .setInputFiles({ name: "policy-set.pdf", mimeType: "application/pdf", buffer: PDF });
    await upload.getByRole("button", { name: "Upload" }).click();
    const submission = page
      .getByRole("table", { name: "Submissions" })
      .getByRole("row")
      .filter({ hasText: "policy-set.pdf" });
    await expect(submission).toContainText("Pending review");
    await submission.getByRole("button", { name: "Accept" }).click();
    await expect(submission.getByText("Accepted", { exact: true })).toBeVisible();
  });

  await test.step("while the member has not acknowledged the policy, its requirement fails", async () => {
    await expectRequirement(page, "Fail");
  });

  await test.step("the member acknowledges the version in force", async () => {
    await openPolicy(member);
    await expect(member.getByRole("button", { name: /Approve/ })).toHaveCount(0);
    await member.getByRole("button", { name: "Acknowledge version 1" }).click();
    await expect(member.getByText("Acknowledged", { exact: true }).first()).toBeVisible();
    await expect(member.getByRole("button", { name: "Acknowledge version 1" })).toHaveCount(0);
  });

  await test.step("the requirement served by the policy passes", async () => {
    await expectRequirement(page, "Pass");
    await screenshot(page, "compliance-requirement-passes");
  });

  await test.step("the auditor reads the policy and the passing requirement, and cannot acknowledge", async () => {
    await auditor.goto("/compliance/policies");
    const row = auditor.getByRole("table", { name: "Policies" }).getByRole("row").filter({ hasText: POLICY });
    await expect(row).toContainText("Version 1");
    await expect(row).toContainText("2 of 2");
    await openPolicy(auditor);
    await expect(auditor.getByRole("button", { name: /Acknowledge|Approve|New version/ })).toHaveCount(0);
    await expectRequirement(auditor, "Pass");
    await screenshot(auditor, "compliance-auditor-sees-pass");
  });
});
