// Browser tests against the built app served by the real server on a fresh embedded database.
import { execFileSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const GITHUB_PORT = Number(process.env.E2E_GITHUB_PORT ?? PORT + 1);
/** The fake language-model provider, and a second Rampart configured with it (ai-advisor.spec.ts). */
const OPENAI_PORT = PORT + 2;
const MODEL_PORT = PORT + 3;
// Playwright evaluates this file in its runner and again in each worker; workers inherit the
// runner's environment, so the directories are made once and passed on through it.
if (!process.env.E2E_REPOSITORY) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "rampart-e2e-"));
  process.env.E2E_MODEL_DATA_DIR = mkdtempSync(path.join(tmpdir(), "rampart-e2e-model-"));
  // A local git repository of a sample, under a root the server lets tenants register, so the
  // browser test can add it as a user would add their own repository.
  const root = mkdtempSync(path.join(tmpdir(), "rampart-e2e-repos-"));
  const repository = path.join(root, "payments-api");
  cpSync(path.resolve("samples/payments-api/01-initial"), repository, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=e2e@example.test", "-c", "user.name=E2E", ...args], {
      cwd: repository,
    });
  git("init", "--quiet", "--initial-branch", "main");
  git("add", "--all");
  git("commit", "--quiet", "-m", "initial");
  process.env.E2E_REPOSITORIES_ROOT = root;
  process.env.E2E_REPOSITORY = repository;
  // The GitHub App both the fake GitHub and the server know, as an operator would configure it.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  process.env.E2E_GITHUB_APP_ID = "4242";
  process.env.E2E_GITHUB_PRIVATE_KEY = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  process.env.E2E_GITHUB_WEBHOOK_SECRET = randomBytes(20).toString("hex");
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  webServer: [
    {
      // GitHub, for the onboarding test: the App's installation page sends the browser back.
      command: "node --import tsx e2e/fake-github-server.ts",
      port: GITHUB_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        E2E_GITHUB_PORT: String(GITHUB_PORT),
        E2E_GITHUB_APP_ID: process.env.E2E_GITHUB_APP_ID!,
        E2E_GITHUB_PRIVATE_KEY: process.env.E2E_GITHUB_PRIVATE_KEY!,
        E2E_GITHUB_WEBHOOK_SECRET: process.env.E2E_GITHUB_WEBHOOK_SECRET!,
        E2E_RAMPART_URL: `http://127.0.0.1:${PORT}`,
      },
    },
    {
      command: "node --import tsx apps/server/src/main.ts",
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR!,
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000",
        SEED_DEMO: "true",
        LOCAL_REPOSITORY_ROOTS: process.env.E2E_REPOSITORIES_ROOT!,
        GITHUB_URL: `http://127.0.0.1:${GITHUB_PORT}`,
        GITHUB_APP_ID: process.env.E2E_GITHUB_APP_ID!,
        GITHUB_APP_PRIVATE_KEY: process.env.E2E_GITHUB_PRIVATE_KEY!,
        GITHUB_WEBHOOK_SECRET: process.env.E2E_GITHUB_WEBHOOK_SECRET!,
        // The fake GitHub serves its repositories over plain HTTP on this machine.
        GIT_PROTOCOLS: "https,http",
        GIT_ALLOWED_INTERNAL_HOSTS: "127.0.0.1",
      },
    },
    {
      command: "node --import tsx e2e/fake-openai-server.ts",
      port: OPENAI_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_OPENAI_PORT: String(OPENAI_PORT), E2E_OPENAI_KEY: "e2e-key" },
    },
    {
      // Rampart with a language model: the same build, its own database, no demo.
      command: "node --import tsx apps/server/src/main.ts",
      url: `http://127.0.0.1:${MODEL_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(MODEL_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_MODEL_DATA_DIR!,
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000",
        SEED_DEMO: "false",
        LOCAL_REPOSITORY_ROOTS: process.env.E2E_REPOSITORIES_ROOT!,
        AI_BASE_URL: `http://127.0.0.1:${OPENAI_PORT}/v1`,
        AI_API_KEY: "e2e-key",
        AI_MODEL: "fake-gpt-e2e",
      },
    },
  ],
});
