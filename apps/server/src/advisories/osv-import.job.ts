// The `osv-import` job: imports OSV records from a source (an all.zip, a folder, a JSON file or an
// http(s) URL) into the advisory store. Without a source in the payload it uses `OSV_SOURCE`; when
// that is configured the job also runs daily, and so shows in the system drawer's cron list.
import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import type { AdvisoryStore } from "./advisory-store.ts";

/** Daily at 03:17 UTC: osv.dev refreshes its exports continuously; off the hour to spread load. */
export const OSV_IMPORT_CRON = "17 3 * * *";

export function osvImportJob(store: AdvisoryStore, configuredSource: string | undefined) {
  return defineJob({
    name: "osv-import",
    version: 1,
    payload: z.object({ source: z.string().min(1).optional() }),
    // One import at a time: two overlapping imports could write an older copy over a newer one.
    queue: { policy: "singleton", retryLimit: 2, retryDelay: 60, expireInSeconds: 3600 },
    ...(configuredSource ? { schedule: { cron: OSV_IMPORT_CRON } } : {}),
    handle: async ({ source }) => {
      const from = source ?? configuredSource;
      if (!from) throw new Error("osv-import: no source given and OSV_SOURCE is not configured");
      return store.importSource(from);
    },
  });
}
