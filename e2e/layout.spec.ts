// Issue 17 (words and rendering): what only a real layout shows. The framework select stays on one
// line; "Repository-wide check" in the control modal wraps between words, not inside one; the
// posture chart has labelled axes and shows a day's score on hover.
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, register, SCREENSHOTS, signIn } from "./support.ts";

// The page functions below run in the browser; the project's TypeScript has no DOM library, so
// the little of it they use is declared here, for this module only.
interface BrowserRange {
  setStart(node: unknown, offset: number): void;
  setEnd(node: unknown, offset: number): void;
  selectNodeContents(node: unknown): void;
  getClientRects(): Iterable<{ top: number }>;
}
declare const document: {
  createTreeWalker(root: unknown, show: number): { nextNode(): { textContent: string | null } | null };
  createRange(): BrowserRange;
};
declare const NodeFilter: { SHOW_TEXT: number };

/** How many lines the first occurrence of `text` inside the element takes. */
async function linesOf(element: Locator, text: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, text);
}

/** How many lines the element's text takes. */
async function linesOfAll(element: Locator): Promise<number> {
  return element.evaluate((root) => {
    const range = document.createRange();
    range.selectNodeContents(root);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

async function frameworkSelectIsOneLine(page: Page) {
  const select = page.getByRole("combobox", { name: "Framework" });
  await expect(select).toHaveText(/SOC 2/, { timeout: 60_000 });
  expect(await linesOfAll(select.locator("span").first())).toBe(1);
  const box = (await select.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("the framework select keeps its label on one line, at desktop and phone widths", async ({ page }) => {
  // The server prepares the demo template at start: pages are slow while it scans.
  test.setTimeout(180_000);
  const account = newAccount("layout");
  await register(page, account);
  await signIn(page, account);
  await page.getByRole("link", { name: /^Compliance/ }).click();
  await frameworkSelectIsOneLine(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await frameworkSelectIsOneLine(page);
});

test("the demo's posture chart and control modal read cleanly", async ({ page }) => {
  test.setTimeout(300_000);
  const account = newAccount("layout-demo");
  await register(page, account);
  await signIn(page, account);
  await page.getByRole("switch", { name: "Demo mode" }).click();
  await expect(page.getByText("Rampart Demo").first()).toBeVisible({ timeout: 240_000 });

  // The chart: both axes labelled, and the score of the day under the pointer.
  const plot = page.getByRole("slider", { name: "Posture score by day" });
  await expect(plot).toBeVisible({ timeout: 60_000 });
  const chart = page.locator("figure").filter({ has: plot });
  for (const tick of ["0%", "50%", "100%"])
    await expect(chart.getByText(tick, { exact: true })).toBeVisible();
  await expect(chart.getByText(/^[A-Z][a-z]{2} \d{1,2}$/).first()).toBeVisible();
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await expect(page.getByRole("tooltip")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}: \d{1,3}%$/);
  await chart.screenshot({ path: path.join(SCREENSHOTS, "posture-chart-tooltip.png") });

  // A control whose passed checks include a repository-wide one (a rule with no violations).
  const { tenantId } = await (await page.request.get("/api/demo/tenant-id")).json();
  const summary = await (await page.request.get(`/api/tenants/${tenantId}/summary?days=7`)).json();
  let chosen: { failures: number; control: { id: string; code: string } } | undefined;
  for (const row of summary.controlStatus.filter((row: { failures: number }) => row.failures > 0)) {
    const detail = await (
      await page.request.get(`/api/controls/${row.control.id}/findings?tenantId=${tenantId}`)
    ).json();
    const passed = detail.findings.filter((finding: { status: string }) => finding.status === "pass");
    if (passed.slice(0, 5).some((finding: { filePath: string | null }) => finding.filePath === null)) {
      chosen = row;
      break;
    }
  }
  expect(chosen, "a failing control with a repository-wide passed check").toBeDefined();
  await page.setViewportSize({ width: 390, height: 800 });
  const name = `${chosen!.failures} ${chosen!.failures === 1 ? "failure" : "failures"} of ${chosen!.control.code}`;
  await page.getByRole("button", { name }).click();
  const passedChecks = page.getByRole("dialog").getByRole("region", { name: "Passed checks" });
  const location = passedChecks.getByText("Repository-wide check").first();
  await expect(location).toBeVisible();
  // "Repository-wide" may end a line at its hyphen, but no word is cut in two.
  expect(await linesOf(location, "Repository")).toBe(1);
  expect(await linesOf(location, "check")).toBe(1);
  await page.getByRole("dialog").screenshot({ path: path.join(SCREENSHOTS, "control-modal-phone.png") });
});
