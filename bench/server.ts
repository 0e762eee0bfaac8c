// The API server as the HTTP benchmarks run it: in this process, on a benchmark database, without
// job workers or a web build, listening on loopback.
import { tmpdir } from "node:os";
import type { Database, DatabaseHandle } from "@rampart/db/client";
import pino from "pino";
import { buildApp } from "../apps/server/src/app.ts";
import { createJobQueue } from "../apps/server/src/jobs/job-queue.ts";
import { createServices, jobDefinitions } from "../apps/server/src/services.ts";

export interface BenchServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** `http://127.0.0.1:<port>` */
  base: string;
  stop(): Promise<void>;
}

/** `db`: what the services query through; the application's (row-level security) by default. */
export async function startBenchServer(
  database: DatabaseHandle,
  db: Database = database.db,
): Promise<BenchServer> {
  const jobs = createJobQueue({ database, logger: pino({ level: "silent" }) });
  const services = createServices(
    db,
    {
      SESSION_TTL_DAYS: 30,
      SAMPLES_DIR: "/nonexistent",
      DATA_DIR: tmpdir(),
      LOCAL_REPOSITORY_ROOTS: [],
      SCAN_WAIT_SECONDS: 0,
      LEDGER_ORIGIN: "rampart.bench",
      // The benchmark signs one account in from 10 connections at once: no per-account limit.
      LOGIN_ATTEMPTS_PER_ACCOUNT: 10_000_000,
    },
    jobs,
    database.ownerDb,
  );
  await jobs.start(jobDefinitions(services), { runWorkers: false });
  const app = await buildApp({
    config: {
      // The limiter would answer 429 to a load test from one address; it is measured off.
      AUTH_RATE_LIMIT_PER_MINUTE: 10_000_000,
      TRUST_PROXY: 0,
      WEB_DIST_DIR: "/nonexistent",
      NODE_ENV: "production",
    },
    services,
    database: database.kind,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    base,
    stop: async () => {
      await app.close();
      await jobs.stop();
    },
  };
}
