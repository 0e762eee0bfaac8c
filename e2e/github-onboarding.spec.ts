// Issue 18: onboarding with a (fake) GitHub. Install on GitHub leaves for the App's installation
// page with a signed state; GitHub sends the browser back to the setup callback, which links the
// installation and its repositories and shows 'Setup Complete!'; the sidebar says 'GitHub Connected'.
import { expect, test } from "@playwright/test";
import { newAccount, register, screenshot, signIn } from "./support.ts";

test("onboarding installs the GitHub App and connects the organization", async ({ page }) => {
  test.setTimeout(180_000);
  const account = newAccount("github");
  await register(page, account);
  await signIn(page, account);
  await expect(page.getByText("GitHub not connected")).toBeVisible();

  await page.goto("/onboarding");
  await page.getByLabel("Organization Name").fill(account.organization);
  // Signed in, the admin is the user, and Continue creates the organization.
  await expect(page.getByLabel("Admin Email")).toHaveValue(account.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Install GitHub App" })).toBeVisible();
  await page.getByRole("button", { name: "Install on GitHub" }).click();

  await expect(page.getByRole("heading", { name: "Setup Complete!" })).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\?installation_id=\d+&setup_action=install$/);
  await screenshot(page, "github-onboarding-complete");
  await page.getByRole("button", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("GitHub Connected")).toBeVisible();

  // The installation's repository was registered for the organization.
  await page.goto("/runs");
  await expect(page.getByText("e2e-org/service").first()).toBeVisible();
});
