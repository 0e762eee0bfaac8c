// Prepares the integration backend once per run: a migrated PGlite snapshot that each test file
// loads in a fraction of an initdb, or, on PostgreSQL, the run's application login and a migrated
// template database that each test file copies into its own (dropped afterwards). Both hold the
// job queue's tables and queues already (test-database.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@rampart/db/client";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { installJobQueues, openRunDatabase, runApplicationRole, templateDatabase } from "./test-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresRunPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const backend = process.env.RAMPART_TEST_BACKEND ?? project.config.env?.RAMPART_TEST_BACKEND;
  if (backend === "postgres") {
    const prefix = `rampart_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    project.provide("postgresRunPrefix", prefix);
    project.provide("pgliteSnapshotPath", "");
    await createApplicationLogin(prefix);
    try {
      await createTemplate(prefix);
    } catch (error) {
      await dropDatabases(prefix);
      throw error;
    }
    return () => dropDatabases(prefix);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "rampart-snapshot-"));
  const handle = await openDatabase({ kind: "pglite-memory" });
  await installJobQueues(handle);
  const snapshot = await handle.pglite!.dumpDataDir("gzip");
  await handle.close();
  const snapshotPath = path.join(dir, "migrated.tar.gz");
  writeFileSync(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshotPath", snapshotPath);
  project.provide("postgresRunPrefix", "");
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * The run's application role, as a login (the server's trust authentication needs no password):
 * the tests connect as it through DATABASE_APP_URL, as a production install should.
 */
async function createApplicationLogin(prefix: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create role "${runApplicationRole(prefix)}" login noinherit nobypassrls`);
  } finally {
    await client.end();
  }
}

/** The database every test file copies: migrated by the owner, granted to the run's login. */
async function createTemplate(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = templateDatabase(prefix);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const handle = await openRunDatabase(adminUrl, prefix, name, 2);
  try {
    await installJobQueues(handle);
  } finally {
    // A template must have no connections while it is copied.
    await handle.close();
  }
}

/**
 * Drops whatever a crashed test file left behind under this run's prefix, then the run's
 * application role (harness.ts), which only those databases granted anything to.
 */
async function dropDatabases(prefix: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.query(`drop role if exists "${runApplicationRole(prefix)}"`);
  } finally {
    await client.end();
  }
}
