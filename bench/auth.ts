// Sign-in and session-check throughput and latency under load, on PGlite and PostgreSQL.
// The server runs in this process and autocannon drives it over loopback: both share the cores.

import { tmpdir } from "node:os";
import autocannon from "autocannon";
import pino from "pino";
import { buildApp } from "../apps/server/src/app.ts";
import { createJobQueue } from "../apps/server/src/jobs/job-queue.ts";
import { createServices, jobDefinitions } from "../apps/server/src/services.ts";
import { backends, markdownTable, openBenchDatabase } from "./lib.ts";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);

async function load(options: autocannon.Options) {
  const result = await autocannon({ duration: DURATION_SECONDS, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export async function run(): Promise<string> {
  const rows: (string | number)[][] = [];
  for (const backend of backends()) {
    const { database, cleanup } = await openBenchDatabase(backend);
    try {
      const jobs = createJobQueue({ database, logger: pino({ level: "silent" }) });
      const services = createServices(
        database.db,
        {
          SESSION_TTL_DAYS: 30,
          SAMPLES_DIR: "/nonexistent",
          DATA_DIR: tmpdir(),
          LOCAL_REPOSITORY_ROOTS: [],
          SCAN_WAIT_SECONDS: 0,
          LEDGER_ORIGIN: "rampart.bench",
        },
        jobs,
      );
      await jobs.start(jobDefinitions(services), { runWorkers: false });
      const app = await buildApp({
        config: {
          // The limiter would answer 429 to a load test from one address; it is measured off.
          AUTH_RATE_LIMIT_PER_MINUTE: 10_000_000,
          TRUST_PROXY: false,
          WEB_DIST_DIR: "/nonexistent",
          NODE_ENV: "production",
        },
        services,
      });
      await app.listen({ host: "127.0.0.1", port: 0 });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const credentials = { email: "bench@example.test", password: "benchmark password" };
      await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { ...credentials, name: "Bench", tenantName: "Bench Org" },
      });
      const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: credentials });
      const cookie = `rampart_session=${login.cookies.find((c) => c.name === "rampart_session")!.value}`;

      const signIn = await load({
        url: `${base}/api/auth/login`,
        method: "POST",
        connections: 10,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(credentials),
      });
      const me = await load({ url: `${base}/api/auth/me`, connections: 50, headers: { cookie } });
      rows.push([
        backend,
        "POST /api/auth/login (argon2id verify)",
        10,
        signIn.requestsPerSecond,
        signIn.p50,
        signIn.p99,
        signIn.non2xx,
      ]);
      rows.push([backend, "GET /api/auth/me", 50, me.requestsPerSecond, me.p50, me.p99, me.non2xx]);
      await app.close();
      await jobs.stop();
    } finally {
      await cleanup();
    }
  }
  return markdownTable(["backend", "call", "connections", "req/s", "p50 ms", "p99 ms", "non-2xx"], rows);
}
