// The AI Advisor page (spec: AI Security Advisor) against a scanned organization: without a
// language model the knowledge base answers; with one (the fake OpenAI-compatible provider behind
// a second server) the model answers through the tenant's tools. Either way the answer streams
// into the chat with links to what it cites and says who answered.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, register, signIn } from "./support";

const MODEL_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 3}`;

/** Registers, signs in and scans the sample repository into the new organization. */
async function scannedOrganization(page: Page) {
  const account = newAccount("advisor");
  await register(page, account);
  await signIn(page, account);
  const [tenant] = (await (await page.request.get("/api/tenants")).json()) as { id: string }[];
  const tenantId = tenant!.id;
  const added = await page.request.post(`/api/tenants/${tenantId}/repositories`, {
    data: { location: process.env.E2E_REPOSITORY, name: "acme/payments-api" },
  });
  expect(added.status(), await added.text()).toBe(201);
  let scan = await (
    await page.request.post("/api/runs/trigger", { data: { tenantId, repo: "acme/payments-api" } })
  ).json();
  for (let attempt = 0; scan.state !== "completed" && attempt < 120; attempt++) {
    expect(scan.state).not.toBe("failed");
    await page.waitForTimeout(500);
    scan = await (await page.request.get(`/api/scans/${scan.scanId}`)).json();
  }
  expect(scan.state).toBe("completed");
}

async function askAndExpectCitedAnswer(page: Page, answeredBy: string) {
  await page.goto("/ai-advisor");
  const chat = page.getByTestId("chat-area");
  await expect(chat).toHaveCSS("height", "500px");
  const suggested = page.getByRole("list", { name: "Suggested questions" });
  await expect(suggested.getByRole("button")).toHaveCount(5);
  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await page.getByRole("textbox", { name: "Your question" }).fill("   ");
  await expect(send).toBeDisabled();

  await suggested.getByRole("button", { name: "What are my top risks?" }).click();
  await expect(chat.getByRole("listitem", { name: "Your question" })).toHaveText(/What are my top risks\?/);
  const answer = chat.getByRole("listitem", { name: "Advisor's answer" });
  await expect(answer.getByText(`Answered by ${answeredBy}`)).toBeVisible({ timeout: 30_000 });
  await expect(answer).not.toContainText("I encountered an error");
  const citation = answer.getByRole("link").first();
  await expect(citation).toBeVisible();
  expect(await citation.getAttribute("href")).toMatch(/^\/[a-z]/);
  await expect(page.getByRole("list", { name: "Conversations" })).toContainText("What are my top risks?");

  // The conversation is kept: a new chat, then the old one opened again from the list.
  await page.getByRole("button", { name: "New conversation" }).click();
  await expect(suggested).toBeVisible();
  await page
    .getByRole("list", { name: "Conversations" })
    .getByRole("button", { name: "What are my top risks?" })
    .click();
  await expect(chat.getByText(`Answered by ${answeredBy}`)).toBeVisible();

  // A citation leads into the app.
  const href = await chat.getByRole("link").first().getAttribute("href");
  await chat.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`${href!.split("?")[0]}`));
}

test("without a language model the knowledge base answers, streamed and cited", async ({ page }) => {
  test.setTimeout(120_000);
  await scannedOrganization(page);
  await askAndExpectCitedAnswer(page, "knowledge base");
});

test("with a language model the model answers through the organization's tools, cited", async ({
  browser,
}: {
  browser: Browser;
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: MODEL_URL });
  const page = await context.newPage();
  await scannedOrganization(page);
  await askAndExpectCitedAnswer(page, "fake-gpt-e2e");
  await context.close();
});
