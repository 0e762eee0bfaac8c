// Issue 16: registration reveals nothing about existing accounts, blank passwords are refused by
// the form, and the pages load over plain HTTP (no upgrade-insecure-requests there).
import { expect, test } from "@playwright/test";
import { newAccount, register, signIn, toast } from "./support.ts";

test("registering an e-mail that already has an account looks exactly like a new registration", async ({
  page,
}) => {
  const account = newAccount();
  await register(page, account);
  // Again, with another password and organization: the same toast and the same way to /login.
  await register(page, { ...account, password: "another password", organization: "Someone Else" });
  // Nothing changed: the first password still signs in, and the organization is the first one.
  await signIn(page, account);
  await expect(page.getByText(account.organization).first()).toBeVisible();
  await expect(page.getByText("Someone Else")).toHaveCount(0);
});

test("registration refuses a password of only spaces without calling the server", async ({ page }) => {
  let called = false;
  await page.route("**/api/auth/register", (route) => {
    called = true;
    return route.continue();
  });
  const account = newAccount();
  await page.goto("/register");
  await page.getByLabel("Full Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("          ");
  await page.getByLabel("Organization Name").fill(account.organization);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(toast(page, "Validation error")).toBeVisible();
  await expect(toast(page, "Password must not be only spaces")).toBeVisible();
  expect(called).toBe(false);
});

test("over plain HTTP the policy does not send the browser to HTTPS, and the page renders", async ({
  page,
}) => {
  const response = await page.goto("/login");
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect(response?.headers()["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});
