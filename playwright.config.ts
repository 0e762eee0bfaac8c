// Browser tests against the built app served by the real server on a fresh embedded database.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Playwright evaluates this file in its runner and again in each worker; workers inherit the
// runner's environment, so the directories are made once and passed on through it.
if (!process.env.E2E_REPOSITORY) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "rampart-e2e-"));
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
  webServer: {
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
    },
  },
});
