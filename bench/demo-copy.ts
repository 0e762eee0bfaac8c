// A user's own demo organization: the time to copy the prepared template (the full bundled sample
// set, seeded by real scans) into a new tenant, ledger rebuilt and checkpoint signed, on PGlite and
// PostgreSQL. The goal is under 3 s. Also reports how long the template's own seed took.
//
// BENCH_DEMO_COPIES: copies timed per backend (5).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withDatabaseContext } from "@rampart/db/context";
import { users } from "@rampart/db/schema";
import pino from "pino";
import { createJobQueue } from "../apps/server/src/jobs/job-queue.ts";
import { createServices, jobDefinitions } from "../apps/server/src/services.ts";
import { type Backend, backends, markdownTable, openBenchDatabase } from "./lib.ts";

const COPIES = Number(process.env.BENCH_DEMO_COPIES ?? 5);
const SAMPLES_DIR = path.resolve(import.meta.dirname, "../samples");

async function measure(backend: Backend) {
  const { database, cleanup } = await openBenchDatabase(backend);
  const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-bench-demo-"));
  const jobs = createJobQueue({ database, logger: pino({ level: "silent" }) });
  const services = createServices(
    database.db,
    {
      SESSION_TTL_DAYS: 30,
      SAMPLES_DIR,
      DATA_DIR: dataDir,
      LOCAL_REPOSITORY_ROOTS: [],
      SCAN_WAIT_SECONDS: 0,
      LEDGER_ORIGIN: "rampart.bench",
      OSV_SOURCE: undefined,
    },
    jobs,
    database.ownerDb,
  );
  try {
    await jobs.start(jobDefinitions(services), { runWorkers: true });
    await services.advisories.importBundled();
    const seedStarted = performance.now();
    await services.demo.ensureTemplate();
    while ((await services.demo.templateState()).state !== "ready") {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < COPIES; i += 1) {
      const [user] = await database.db
        .insert(users)
        .values({ email: `bench-${randomUUID()}@example.test`, name: "Bench", passwordHash: "x" })
        .returning();
      const started = performance.now();
      // As the request does: the signed-in user's database context (row-level security).
      const tenantId = await withDatabaseContext({ kind: "user", userId: user!.id }, () =>
        services.demo.ensureOwnTenant(user!.id),
      );
      times.push(performance.now() - started);
      if (i === 0) {
        const verification = await withDatabaseContext({ kind: "tenant", tenantId }, () =>
          services.ledger.verify(tenantId),
        );
        if (!verification.isValid) throw new Error("the copy's chain does not verify");
        rows = (await withDatabaseContext({ kind: "tenant", tenantId }, () =>
          database.db.execute(
            `select (select count(*) from findings where tenant_id = '${tenantId}')::int as findings,
                  (select count(*) from evidence_artifacts where tenant_id = '${tenantId}')::int as entries,
                  (select count(*) from policy_runs where tenant_id = '${tenantId}')::int as runs`,
          ),
        )) as never;
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { seedSeconds, sorted, rows };
  } finally {
    await jobs.stop();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function countsOf(result: unknown): string {
  const row = ((result as { rows?: unknown[] }).rows ?? (result as unknown[]))[0] as Record<string, number>;
  return `${row.runs} runs, ${row.findings} findings, ${row.entries} ledger entries`;
}

export async function run(): Promise<string> {
  const table: (string | number)[][] = [];
  for (const backend of backends()) {
    const { seedSeconds, sorted, rows } = await measure(backend);
    const ms = (value: number) => `${Math.round(value)} ms`;
    table.push([
      backend,
      countsOf(rows),
      `${seedSeconds.toFixed(1)} s`,
      sorted.length,
      ms(sorted[0]!),
      ms(sorted[Math.floor(sorted.length / 2)]!),
      ms(sorted.at(-1)!),
    ]);
  }
  return markdownTable(
    ["backend", "template", "template seed (real scans)", "copies", "copy min", "copy median", "copy max"],
    table,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
  process.exit(0);
}
