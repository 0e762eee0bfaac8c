// Issue 17: deleting one's only organization must not strand the user. Adding an organization
// works without a code host: Tenant Management's "Add Tenant" leads to onboarding, whose first
// step creates it; the GitHub step is optional.
import { expect, test } from "@playwright/test";
import { newAccount, register, screenshot, signIn, toast } from "./support.ts";

test("a user deletes their only organization, then adds a new one without GitHub", async ({ page }) => {
  test.setTimeout(180_000);
  const account = newAccount("tenants");
  await register(page, account);
  await signIn(page, account);

  await page.goto("/tenants");
  await page.getByRole("button", { name: `Actions for ${account.organization}` }).click();
  await page.getByRole("menuitem", { name: "Delete Tenant" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${account.organization}?` });
  await dialog.getByLabel("Type the organization's name to confirm").fill(account.organization);
  await dialog.getByRole("button", { name: "Delete Tenant" }).click();
  await expect(toast(page, "Tenant deleted")).toBeVisible();

  // Stranded no more: the dashboard says there is no organization and how to add one.
  await page.goto("/dashboard");
  await expect(page.getByText("No tenants yet")).toBeVisible();
  await page.getByRole("link", { name: "Add Tenant" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(page.getByLabel("Admin Email")).toHaveValue(account.email);
  const organization = `Second ${account.organization}`;
  await page.getByLabel("Organization Name").fill(organization);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Install GitHub App" })).toBeVisible();
  await expect(page.getByText(/Connecting GitHub is optional/)).toBeVisible();
  await screenshot(page, "onboarding-organization-created");
  await page.getByRole("button", { name: "Skip for now" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Security Dashboard" })).toBeVisible();
  await expect(page.getByText("No tenants yet")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Run Policy Scan" })).toBeVisible();
  await expect(page.getByText(organization).first()).toBeVisible();

  // Tenant Management lists it, without a code host, with the user as its admin.
  await page.goto("/tenants");
  const row = page.getByRole("row", { name: new RegExp(organization) });
  await expect(row.getByText("Not connected")).toBeVisible();
  await expect(row.getByRole("button", { name: `Actions for ${organization}` })).toBeVisible();
});
