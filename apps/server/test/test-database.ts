// What every integration test file's database starts from, prepared once per run by
// global-setup.ts: the migrations applied and pg-boss installed with the application's queues,
// so that a test file copies a finished database instead of building one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "@rampart/db/client";
import pino from "pino";
import { createJobQueue } from "../src/jobs/job-queue.ts";
import { createServices, jobDefinitions, type ServicesConfig } from "../src/services.ts";

/** The PostgreSQL database each test file of the run copies with `CREATE DATABASE … TEMPLATE`. */
export const templateDatabase = (runPrefix: string) => `${runPrefix}_template`;

/** The run's application login: roles are cluster-wide, so each run has its own. */
export const runApplicationRole = (runPrefix: string) => `${runPrefix}_app`;

/** Opens database `name` of the test server as its owner, with the run's application login. */
export function openRunDatabase(adminUrl: string, runPrefix: string, name: string, poolSize: number) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const applicationUrl = new URL(url);
  applicationUrl.username = runApplicationRole(runPrefix);
  applicationUrl.password = "";
  return openDatabase({
    kind: "postgres",
    url: url.toString(),
    applicationUrl: applicationUrl.toString(),
    poolSize,
    onPoolError: () => {},
  });
}

/** The services' configuration in tests; a test file adds what it needs on top. */
export function testServicesConfig(dataDir: string): ServicesConfig {
  return {
    SESSION_TTL_DAYS: 30,
    // No samples unless a test asks: the demo seed would otherwise scan them in every file.
    SAMPLES_DIR: path.join(dataDir, "no-samples"),
    DATA_DIR: dataDir,
    LOCAL_REPOSITORY_ROOTS: [],
    SCAN_WAIT_SECONDS: 8,
    LEDGER_ORIGIN: "rampart.test",
    ENGINE_WORKERS: 0,
    PUBLIC_URL: "http://rampart.test",
    LOGIN_ATTEMPTS_PER_ACCOUNT: 1_000,
  };
}

/** Installs pg-boss and creates every queue and schedule of the application, as a server start does. */
export async function installJobQueues(database: DatabaseHandle) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-template-"));
  const jobs = createJobQueue({ database, logger: pino({ level: "silent" }) });
  try {
    const services = createServices(database.db, testServicesConfig(dataDir), jobs, database.ownerDb);
    await jobs.start(jobDefinitions(services), { runWorkers: false });
  } finally {
    await jobs.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
