// `npm run worker`: job workers only, so they can run on other machines than the API.
// Against PGlite this needs the data directory to itself; use DATABASE_URL to share one database.
import { openDatabase } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { databaseTarget, loadConfig } from "./config.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { createLogger } from "./logger.ts";
import { createServices, jobDefinitions } from "./services.ts";

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(databaseTarget(config));
  const jobs = createJobQueue({ database, logger });
  const services = createServices(database.db, config, jobs, database.ownerDb);
  // The signing key is opened now, so that a key that cannot serve stops the start with one line.
  await withDatabaseContext({ kind: "system" }, () => services.ledger.signer());
  await jobs.start(jobDefinitions(services), { runWorkers: true });
  logger.info({ database: database.kind }, "Rampart worker started");
  const shutdown = async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
}

main().catch((error) => {
  console.error(`rampart worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
