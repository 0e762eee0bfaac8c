// Sign-in and session-check throughput and latency under load, on PGlite and PostgreSQL, with
// row-level security off (the application as the owner, as before it) and on, on the same database
// in the same run. The server runs in this process and autocannon drives it over loopback: both
// share the cores.

import autocannon from "autocannon";
import { backends, markdownTable, openBenchDatabase, RLS_MODES, withoutRowLevelSecurity } from "./lib.ts";
import { startBenchServer } from "./server.ts";

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
    const baseline = await withoutRowLevelSecurity(database);
    try {
      const credentials = { email: "bench@example.test", password: "benchmark password" };
      for (const rls of RLS_MODES) {
        const { app, base, stop } = await startBenchServer(
          database,
          rls === "on" ? database.db : baseline.db,
        );
        if (rls === RLS_MODES[0])
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
          rls,
          "POST /api/auth/login (argon2id verify)",
          10,
          signIn.requestsPerSecond,
          signIn.p50,
          signIn.p99,
          signIn.non2xx,
        ]);
        rows.push([backend, rls, "GET /api/auth/me", 50, me.requestsPerSecond, me.p50, me.p99, me.non2xx]);
        await stop();
      }
    } finally {
      await baseline.close();
      await cleanup();
    }
  }
  return markdownTable(
    ["backend", "RLS", "call", "connections", "req/s", "p50 ms", "p99 ms", "non-2xx"],
    rows,
  );
}
