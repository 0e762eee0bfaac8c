// Helpers shared by the benchmarks: a throwaway database on either backend and a Markdown table.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, type DatabaseHandle, openDatabase } from "@rampart/db/client";
import pg from "pg";

export type Backend = "pglite" | "postgres";

/** PostgreSQL runs when a URL is given (BENCH_DATABASE_URL, else TEST_DATABASE_URL). */
export function backends(): Backend[] {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
    ? ["pglite", "postgres"]
    : ["pglite"];
}

export async function openBenchDatabase(
  backend: Backend,
): Promise<{ database: DatabaseHandle; cleanup(): Promise<void> }> {
  if (backend === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "rampart-bench-"));
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    return {
      database,
      cleanup: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)!;
  const name = `rampart_bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: "postgres",
    url: url.toString(),
    poolSize: 20,
    onPoolError: () => {},
  });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * The same database as the application reached it before row-level security: as the owner, with
 * no role switch or context settings, for A/B runs. On PGlite that is the owner's handle of the one
 * instance; on PostgreSQL a second pool of the same size as the application's.
 */
export async function withoutRowLevelSecurity(
  database: DatabaseHandle,
): Promise<{ db: Database; close(): Promise<void> }> {
  if (database.kind === "pglite") return { db: database.ownerDb, close: async () => {} };
  const baseline = await openDatabase({
    kind: "postgres",
    url: database.url!,
    poolSize: 20,
    onPoolError: () => {},
    applicationRole: false,
  });
  return { db: baseline.db, close: () => baseline.close() };
}

/** Row-level security on (the application as it is) or off (as before it), for A/B rows. */
export const RLS_MODES = ["off", "on"] as const;
export type RlsMode = (typeof RLS_MODES)[number];

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
