// Opens the database: embedded PGlite in a data directory by default, PostgreSQL when a URL is
// given. Both get the same drizzle API and the same migrations, applied at open.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirectoryLock } from "./lock.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number; onPoolError?: (error: Error) => void }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** The embedded instance, for pg-boss's PGlite adapter; absent on PostgreSQL. */
  pglite?: PGlite;
  /** The connection string, for pg-boss's own pool; absent on PGlite. */
  url?: string;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover) emits an error; unheard, it
    // would crash the process. The pool replaces the connection on the next query.
    pool.on(
      "error",
      target.onPoolError ?? ((error) => console.error(`database connection lost: ${error.message}`)),
    );
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: "postgres", url: target.url, close: () => pool.end() };
  }

  let releaseLock = () => {};
  let pglite: PGlite;
  if (target.kind === "pglite") {
    const dataDir = path.resolve(target.dataDir);
    mkdirSync(dataDir, { recursive: true });
    // PGlite does not lock its directory; two processes on one directory silently lose data.
    releaseLock = acquireDirectoryLock(dataDir);
    pglite = new PGlite(path.join(dataDir, "pgdata"));
  } else {
    pglite = new PGlite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  try {
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: "pglite",
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    await pglite.close().catch(() => {});
    releaseLock();
    throw error;
  }
}
