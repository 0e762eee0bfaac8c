// Opens the database: embedded PGlite in a data directory by default, PostgreSQL when a URL is
// given. Both get the same drizzle API and the same migrations, applied at open by the owner; the
// application then works through `db`, which runs every query as the application role under
// row-level security, with the settings of the caller's database context (context.ts).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { contextSettings, currentDatabaseContext, type DatabaseContext } from "./context.ts";
import { acquireDirectoryLock } from "./lock.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

export const DEFAULT_APPLICATION_ROLE = "rampart_app";

/** The role whose members may delete evidence (erasure, demo reset): the owner, never the application. */
export const LEDGER_MAINTAINER_ROLE = "rampart_ledger_maintainer";

/** A role name we can put in SQL unquoted-safe: lower case, digits and underscores. */
export const APPLICATION_ROLE_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

interface TargetOptions {
  /**
   * The role the application's queries run as (created if missing). `false` runs them as the
   * owner with no policies applied: only for the benchmark that compares against it.
   */
  applicationRole?: string | false;
}

export type DatabaseTarget = TargetOptions &
  (
    | {
        kind: "postgres";
        url: string;
        /**
         * A login of the application role itself. With it, the application's connections are
         * that role's own sessions, so SQL run through them cannot `RESET ROLE` to the owner;
         * without it, the owner's connections switch to the role with `SET ROLE`.
         */
        applicationUrl?: string;
        poolSize?: number;
        onPoolError?: (error: Error) => void;
      }
    | { kind: "pglite"; dataDir: string }
    | { kind: "pglite-memory"; loadDataDir?: Blob }
  );

export interface DatabaseHandle {
  /** The application's database: the application role, row-level security, the caller's context. */
  db: Database;
  /** The owner's connection: migrations, instance-wide maintenance, and tests arranging data. */
  ownerDb: Database;
  /** The role `db` runs as, or null when row-level security was turned off (benchmark only). */
  applicationRole: string | null;
  kind: "postgres" | "pglite";
  /** The embedded instance, for pg-boss's PGlite adapter; absent on PostgreSQL. */
  pglite?: PGlite;
  /** The connection string, for pg-boss's own pool; absent on PGlite. */
  url?: string;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const role =
    target.kind === "postgres" && target.applicationUrl
      ? applicationUrlRole(target.applicationUrl)
      : target.applicationRole === undefined
        ? DEFAULT_APPLICATION_ROLE
        : target.applicationRole;
  if (role !== false && !APPLICATION_ROLE_PATTERN.test(role))
    throw new Error(`application role "${role}" must be lower-case letters, digits and underscores`);

  if (target.kind === "postgres") {
    const onError =
      target.onPoolError ?? ((error: Error) => console.error(`database connection lost: ${error.message}`));
    // The owner's pool is small: migrations at start, then only instance-wide maintenance.
    const ownerPool = new pg.Pool({
      connectionString: target.url,
      max: role === false ? (target.poolSize ?? 10) : 3,
    });
    // An idle connection that the server drops (restart, failover) emits an error; unheard, it
    // would crash the process. The pool replaces the connection on the next query.
    ownerPool.on("error", onError);
    const ownerDb = drizzlePg(ownerPool, { schema });
    let applicationPool: pg.Pool | undefined;
    try {
      await migratePg(ownerDb, { migrationsFolder: MIGRATIONS_FOLDER });
      if (role === false)
        return {
          db: ownerDb,
          ownerDb,
          applicationRole: null,
          kind: "postgres",
          url: target.url,
          close: () => ownerPool.end(),
        };
      const login = Boolean(target.applicationUrl);
      await prepareApplicationRole(ownerDb, role, { login });
      applicationPool = new pg.Pool({
        connectionString: target.applicationUrl ?? target.url,
        max: target.poolSize ?? 10,
      });
      applicationPool.on("error", onError);
      const db = drizzlePg(
        new ApplicationRolePool(applicationPool, ownerPool, login ? null : role) as unknown as pg.Pool,
        { schema },
      );
      const pools = [applicationPool, ownerPool];
      return {
        db,
        ownerDb,
        applicationRole: role,
        kind: "postgres",
        url: target.url,
        close: async () => {
          await Promise.all(pools.map((pool) => pool.end()));
        },
      };
    } catch (error) {
      await Promise.all([ownerPool.end(), applicationPool?.end()]);
      throw error;
    }
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
    const ownerDb = drizzlePglite(pglite, { schema });
    await migratePglite(ownerDb, { migrationsFolder: MIGRATIONS_FOLDER });
    if (role !== false) await prepareApplicationRole(ownerDb, role, { login: false });
    const db =
      role === false
        ? ownerDb
        : drizzlePglite(new ApplicationRolePglite(pglite, role) as unknown as PGlite, { schema });
    return {
      db,
      ownerDb,
      applicationRole: role === false ? null : role,
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

/** The role an application login connects as: the user of its URL, which must be a plain name. */
function applicationUrlRole(url: string): string {
  let user: string;
  try {
    user = decodeURIComponent(new URL(url).username);
  } catch {
    throw new Error("the application's database URL is not a valid URL");
  }
  if (!APPLICATION_ROLE_PATTERN.test(user))
    throw new Error(
      "the application's database URL must name a user of lower-case letters, digits and underscores",
    );
  return user;
}

/**
 * Creates the application role if missing (a login role must exist already: its password is the
 * operator's) and grants it what the application does: DML on the tables (but deleting tenants),
 * sequences, and reading pg-boss's tables (the system routes list jobs). It refuses a role that is
 * a superuser, bypasses row-level security, owns a table or can become the owner or a ledger
 * maintainer, since policies and the append-only guards would not hold.
 */
async function prepareApplicationRole(ownerDb: Database, role: string, { login }: { login: boolean }) {
  // Roles are cluster-wide: two databases of one server may create it at the same moment.
  if (!login)
    await ownerDb.execute(
      sql.raw(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
          CREATE ROLE ${role} NOLOGIN NOINHERIT NOBYPASSRLS;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`),
    );
  const found = (await ownerDb.execute(
    sql`select r.rolsuper, r.rolbypassrls,
          (select count(*) from pg_class c where c.relowner = r.oid) as owned,
          pg_has_role(r.oid, ${LEDGER_MAINTAINER_ROLE}::name, 'MEMBER') or pg_has_role(r.oid, current_user, 'MEMBER')
            as maintains
        from pg_roles r where r.rolname = ${role}`,
  )) as unknown as {
    rows: { rolsuper: boolean; rolbypassrls: boolean; owned: number | string; maintains: boolean }[];
  };
  const attributes = found.rows[0];
  if (!attributes)
    throw new Error(
      login ? `application role ${role} does not exist` : `application role ${role} could not be created`,
    );
  if (attributes.rolsuper || attributes.rolbypassrls || Number(attributes.owned) > 0)
    throw new Error(
      `application role ${role} must not be a superuser, bypass row-level security or own tables`,
    );
  // A member of the owner could become it; a maintainer could delete evidence (migration 0032).
  if (attributes.maintains)
    throw new Error(
      `application role ${role} must not be a member of the owner or of ${LEDGER_MAINTAINER_ROLE}`,
    );
  // The owner switches its pooled connections to the role; a superuser needs no membership.
  if (!login)
    await ownerDb.execute(
      sql.raw(`DO $$ BEGIN
        IF NOT pg_has_role(current_user, '${role}', 'MEMBER') THEN
          EXECUTE format('GRANT ${role} TO %I', current_user);
        END IF;
      EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
      END $$`),
    );
  for (const statement of [
    `GRANT USAGE ON SCHEMA public TO ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
    // Earlier versions, or an operator, may have granted more: truncating skips row triggers, and
    // a trigger of the role's own could run as anyone who writes the table.
    `REVOKE TRUNCATE, TRIGGER, REFERENCES ON ALL TABLES IN SCHEMA public FROM ${role}`,
    // Deleting a tenant cascades into its evidence as the tables' owner: only maintenance does it.
    `REVOKE DELETE ON tenants FROM ${role}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
    // pg-boss (apps/server/src/jobs/job-queue.ts) installs into this schema as the owner later.
    "CREATE SCHEMA IF NOT EXISTS pgboss",
    `GRANT USAGE ON SCHEMA pgboss TO ${role}`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA pgboss TO ${role}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT ON TABLES TO ${role}`,
  ])
    await ownerDb.execute(sql.raw(statement));
}

const APPLY_SETTINGS = `select set_config('role', $1, false), set_config('rampart.user_id', $2, false),
  set_config('rampart.tenant_id', $3, false)`;
const APPLY_LOGIN_SETTINGS = `select set_config('rampart.user_id', $1, false),
  set_config('rampart.tenant_id', $2, false)`;
const APPLY_LOCAL_SETTINGS = `select set_config('role', $1, true), set_config('rampart.user_id', $2, true),
  set_config('rampart.tenant_id', $3, true)`;

function settingsFor(role: string, context: DatabaseContext | undefined): [string, string, string] {
  const { userId, tenantId } = contextSettings(context);
  return [role, userId, tenantId];
}

/**
 * What drizzle's node-postgres driver needs of a pool (it recognises a pool by its class name),
 * handing out connections switched to the application role with the caller's settings applied.
 * The settings are session-wide on the pooled connection and re-applied whenever the next
 * caller's differ, so a connection never carries one caller's settings into another's query.
 * A system context gets a connection of the owner's pool instead.
 */
class ApplicationRolePool {
  readonly #applied = new WeakMap<pg.PoolClient, string>();

  /** `role` is switched to with SET ROLE; null when the pool logs in as the role itself. */
  constructor(
    readonly pool: pg.Pool,
    readonly ownerPool: pg.Pool,
    readonly role: string | null,
  ) {}

  async connect(): Promise<pg.PoolClient> {
    const context = currentDatabaseContext();
    if (context?.kind === "system") return this.ownerPool.connect();
    const client = await this.pool.connect();
    const { userId, tenantId } = contextSettings(context);
    const key = `${userId}|${tenantId}`;
    if (this.#applied.get(client) !== key) {
      try {
        if (this.role === null) await client.query(APPLY_LOGIN_SETTINGS, [userId, tenantId]);
        else await client.query(APPLY_SETTINGS, [this.role, userId, tenantId]);
      } catch (error) {
        // A connection in an unknown state is not reused.
        client.release(error as Error);
        throw error;
      }
      this.#applied.set(client, key);
    }
    return client;
  }

  async query(config: pg.QueryConfig | string, values?: unknown[]) {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }

  end() {
    return this.pool.end();
  }
}

/**
 * The same for PGlite's one connection, shared with pg-boss and the owner: every query of the
 * application runs in a transaction that sets the role and settings locally (SET LOCAL), so
 * nothing outlives it. A system context uses the connection as it is (the owner).
 */
class ApplicationRolePglite {
  constructor(
    readonly pglite: PGlite,
    readonly role: string,
  ) {}

  query(...args: Parameters<PGlite["query"]>) {
    const context = currentDatabaseContext();
    if (context?.kind === "system") return this.pglite.query(...args);
    return this.pglite.transaction(async (tx) => {
      await tx.query(APPLY_LOCAL_SETTINGS, settingsFor(this.role, context));
      return tx.query(...args);
    });
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>) {
    const context = currentDatabaseContext();
    if (context?.kind === "system") return this.pglite.transaction(work);
    return this.pglite.transaction(async (tx) => {
      await tx.query(APPLY_LOCAL_SETTINGS, settingsFor(this.role, context));
      return work(tx);
    });
  }
}
