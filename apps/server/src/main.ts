// `npm start`: the API, the built web app and (by default) the job workers in one process.
import { openDatabase } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { buildApp } from "./app.ts";
import { databaseTarget, loadConfig } from "./config.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { createLogger } from "./logger.ts";
import { createServices, jobDefinitions } from "./services.ts";

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(databaseTarget(config));
  if (config.DATABASE_URL && !config.DATABASE_APP_URL)
    logger.warn(
      "DATABASE_APP_URL is not set: the application switches the owner's connections to its role (README)",
    );
  const jobs = createJobQueue({ database, logger });
  const services = createServices(database.db, config, jobs, database.ownerDb);
  // Instance-wide start-up work runs on the owner's connection (row-level security, ADR 0003).
  const asSystem = <T>(work: () => Promise<T>) => withDatabaseContext({ kind: "system" }, work);
  // The signing key is opened now, so that a key that cannot serve stops the start with one line.
  await asSystem(() => services.ledger.signer());
  await asSystem(() => services.images.sweepOrphanUploads());
  await jobs.start(jobDefinitions(services), { runWorkers: config.RUN_WORKERS });
  // The engine's bundled demo advisories are the store's floor (idempotent: skipped once stored);
  // OSV_SOURCE, when configured, adds the real data through the daily osv-import job.
  const bundled = await services.advisories.importBundled();
  logger.info({ inserted: bundled.inserted, updated: bundled.updated }, "bundled advisories imported");
  // A daily schedule left by an earlier start with OSV_SOURCE set would now fail every day.
  if (!config.OSV_SOURCE) await jobs.unschedule(services.osvImportJob, "");
  if (config.SEED_DEMO) await asSystem(() => services.demo.ensureTemplate());

  const app = await buildApp({ config, services, jobQueue: jobs, database: database.kind, logger });
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.HOST, port: config.PORT });
  const shownHost = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  const port = (app.server.address() as { port: number }).port;
  logger.info(`Rampart is running at http://${shownHost}:${port} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(`rampart: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
