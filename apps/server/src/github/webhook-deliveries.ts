// The delivery ids taken in are kept only as long as GitHub may redeliver them (it offers
// redelivery for three days): a daily job forgets older ones, so the table does not grow forever.
import type { Database } from "@rampart/db/client";
import { githubWebhookDeliveries } from "@rampart/db/schema";
import { lt } from "drizzle-orm";
import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";

/** Longer than GitHub's redelivery window, so a late redelivery is still recognised. */
export const DELIVERY_RETENTION_DAYS = 30;

export function purgeDeliveriesJob(db: Database, now: () => Date = () => new Date()) {
  return defineJob({
    name: "github.purge-deliveries",
    version: 1,
    payload: z.object({}),
    schedule: { cron: "17 3 * * *" },
    handle: async () => {
      const cutoff = new Date(now().getTime() - DELIVERY_RETENTION_DAYS * 86_400_000);
      await db.delete(githubWebhookDeliveries).where(lt(githubWebhookDeliveries.receivedAt, cutoff));
    },
  });
}
