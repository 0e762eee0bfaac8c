// Builds the real application over a fresh database for one test file: PGlite from the migrated
// snapshot, or a new PostgreSQL database that is dropped afterwards.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import type { InjectOptions } from "fastify";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import type { ChatAdvisor } from "../src/advisor/chat-types.ts";
import { type AppConfig, buildApp } from "../src/app.ts";
import { notFound } from "../src/errors.ts";
import type { App } from "../src/http/types.ts";
import { createJobQueue, type JobQueue } from "../src/jobs/job-queue.ts";
import { createServices, jobDefinitions, type Services, type ServicesConfig } from "../src/services.ts";
import { TENANT_NOT_FOUND } from "../src/tenants/tenant-access.ts";
import {
  openRunDatabase,
  runApplicationRole,
  templateDatabase,
  testServicesConfig,
} from "./test-database.ts";

export const backend = (process.env.RAMPART_TEST_BACKEND ?? "pglite") as "pglite" | "postgres";

export interface TestContext {
  app: App;
  /**
   * Tests arrange and inspect data as the owner, as an operator would (`database.db` is the
   * owner's connection here); the application runs as the application role under row-level
   * security (`services.db`, `database.applicationDb`).
   */
  database: DatabaseHandle & { applicationDb: DatabaseHandle["db"] };
  services: Services;
  jobs: JobQueue;
  close(): Promise<void>;
}

export async function createTestContext(
  options: {
    authRateLimitPerMinute?: number;
    /** Proxy hops to trust for `X-Forwarded-*` (TRUST_PROXY). */
    trustProxy?: number;
    /** Sign-in attempts per e-mail per 15 minutes; generous unless a test asks. */
    loginAttemptsPerAccount?: number;
    samplesDir?: string;
    localRepositoryRoots?: string[];
    runWorkers?: boolean;
    /** More of the services' configuration: the git network policy, limits, quotas, `SMTP_URL` (smtp-sink.ts). */
    services?: Partial<ServicesConfig>;
    /** More of the HTTP application's configuration: upload limits. */
    app?: Partial<Pick<AppConfig, "UPLOAD_MAX_MB" | "UPLOADS_PER_MINUTE">>;
    /** An advisor of the test's own in place of the configured one (the chat routes' tests). */
    chatAdvisor?: ChatAdvisor;
  } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-test-data-"));
  const jobs = createJobQueue({ database, logger: pino({ level: "silent" }) });
  const services = createServices(
    database.db,
    {
      ...testServicesConfig(dataDir),
      SAMPLES_DIR: options.samplesDir ?? path.join(dataDir, "no-samples"),
      LOCAL_REPOSITORY_ROOTS: options.localRepositoryRoots ?? [],
      LOGIN_ATTEMPTS_PER_ACCOUNT: options.loginAttemptsPerAccount ?? 1_000,
      ...options.services,
    },
    jobs,
    database.ownerDb,
  );
  // The routes need only the ChatAdvisor interface of the advisor services.ts builds.
  if (options.chatAdvisor) (services as { chatAdvisor: ChatAdvisor }).chatAdvisor = options.chatAdvisor;
  await jobs.start(jobDefinitions(services), { runWorkers: options.runWorkers ?? true });
  // As main.ts does at start: scans read advisories from the store.
  await services.advisories.importBundled();
  const app = await buildApp({
    config: {
      AUTH_RATE_LIMIT_PER_MINUTE: options.authRateLimitPerMinute ?? 10_000,
      TRUST_PROXY: options.trustProxy ?? 0,
      WEB_DIST_DIR: "/nonexistent",
      NODE_ENV: "test",
      ...options.app,
    },
    services,
    jobQueue: jobs,
    database: database.kind,
  });
  await app.ready();
  sendOriginLikeABrowser(app);
  return {
    app,
    database: { ...database, db: database.ownerDb, applicationDb: database.db },
    services,
    jobs,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What `app.inject` addresses when a test names no host: light-my-request's default. */
export const TEST_ORIGIN = "http://localhost";

/**
 * A browser sends `Origin` with every POST, PUT, PATCH and DELETE, and the server refuses a
 * state-changing request without JSON or a same-origin `Origin` (CSRF). The tests' client
 * behaves like the web app: it sends the app's own origin unless the test sets `origin` or
 * `sec-fetch-site` itself (an `origin` of undefined sends none), as the cross-site tests do.
 */
function sendOriginLikeABrowser(app: App) {
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions): InjectOptions => {
    const method = (options.method ?? "GET").toUpperCase();
    if (!["POST", "PUT", "PATCH", "DELETE"].includes(method)) return options;
    const headers: Record<string, string | string[] | number | undefined> = { ...options.headers };
    if ("origin" in headers || "sec-fetch-site" in headers) {
      for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
      return { ...options, headers };
    }
    return { ...options, headers: { ...headers, origin: TEST_ORIGIN } };
  };
  app.inject = ((options?: InjectOptions | string) =>
    typeof options === "object" ? inject(withOrigin(options)) : inject(options as string)) as App["inject"];
}

async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (backend === "pglite") {
    const loadDataDir = new Blob([readFileSync(inject("pgliteSnapshotPath"))]);
    return { database: await openDatabase({ kind: "pglite-memory", loadDataDir }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the postgres backend");
  const name = `${inject("postgresRunPrefix")}_${randomBytes(4).toString("hex")}`;
  // A copy of the run's migrated template (global-setup.ts): a file copy instead of migrations.
  await adminQuery(
    adminUrl,
    `create database "${name}" template "${templateDatabase(inject("postgresRunPrefix"))}"`,
  );
  const database = await openRunDatabase(adminUrl, inject("postgresRunPrefix"), name, 5);
  return { database, drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`) };
}

/** The application role of this run: PGlite's default, or one named after the PostgreSQL run. */
export function testApplicationRole(): string {
  return backend === "postgres" ? runApplicationRole(inject("postgresRunPrefix")) : "rampart_app";
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs a direct call of a service as a job of that tenant would run it (row-level security). */
export function asTenant<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  return withDatabaseContext({ kind: "tenant", tenantId }, work);
}

/**
 * Takes the application's membership and role checks out of tenant access until the returned
 * function puts them back: any tenant the database lets the user see is theirs, as an admin. What
 * still keeps another tenant's data away is row-level security alone.
 */
export function withoutMembershipChecks(services: Services): () => void {
  const access = services.tenantAccess;
  const original = { require: access.require, requireForRecord: access.requireForRecord };
  access.require = async (tenantId, userId) => {
    const found = await services.tenantsRepo.findVisible(tenantId, userId);
    if (!found) throw notFound(TENANT_NOT_FOUND);
    return { tenant: found.tenant, role: "admin" };
  };
  access.requireForRecord = async (tenantId, userId, permission, notFoundMessage) => {
    const found = await services.tenantsRepo.findVisible(tenantId, userId);
    if (!found) throw notFound(notFoundMessage);
    return access.require(tenantId, userId, permission);
  };
  return () => Object.assign(access, original);
}

export const SAMPLES_DIR = path.resolve(import.meta.dirname, "../../../samples");

let counter = 0;

/** Registers a fresh user with its own tenant and signs in; returns the session cookie. */
export async function signUp(
  app: App,
  overrides: { email?: string; tenantName?: string; password?: string } = {},
) {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${randomBytes(3).toString("hex")}@example.test`;
  const password = overrides.password ?? "correct horse battery";
  const tenantName = overrides.tenantName ?? `Org ${counter}`;
  const registered = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password, name: `User ${counter}`, tenantName },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  // Registration answers the same for a new and a taken e-mail, so the user comes from /me.
  const cookie = await signIn(app, email, password);
  const me = await app.inject({ url: "/api/auth/me", headers: { cookie } });
  if (me.statusCode !== 200) throw new Error(`/api/auth/me failed: ${me.body}`);
  const user = me.json().user as { id: string; memberships: { tenantId: string }[] };
  return { email, password, cookie, userId: user.id, tenantId: user.memberships[0]!.tenantId };
}

export async function signIn(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  // `__Host-rampart_session` when the test's request came over HTTPS through a proxy.
  const cookie = response.cookies.find((c) => c.name.endsWith("rampart_session"));
  if (!cookie) throw new Error("login set no session cookie");
  return `${cookie.name}=${cookie.value}`;
}
