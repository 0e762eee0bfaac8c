// Helpers for the browser tests: a fresh user per test, signed in through the real pages.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const SCREENSHOTS = path.resolve(import.meta.dirname, "screenshots");

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Radix renders a toast twice for a moment (one copy for screen readers): match inside the region. */
export function toast(page: Page, text: string) {
  return page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text, { exact: true })
    .first();
}

export function newAccount(prefix = "e2e") {
  const id = randomBytes(4).toString("hex");
  return {
    name: `Pat ${id}`,
    email: `${prefix}-${id}@example.test`,
    password: "correct horse battery",
    organization: `Org ${id}`,
  };
}

export async function register(page: Page, account: ReturnType<typeof newAccount>) {
  await page.goto("/register");
  await page.getByLabel("Full Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Organization Name").fill(account.organization);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(toast(page, "Account created")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

export async function signIn(page: Page, account: ReturnType<typeof newAccount>) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
