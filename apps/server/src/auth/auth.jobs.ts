// Expired sessions are refused on read already; this daily job keeps the table small.
import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import type { AuthService } from "./auth.service.ts";

export const purgeExpiredSessionsJob = (auth: AuthService) =>
  defineJob({
    name: "sessions.purge-expired",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "17 3 * * *" },
    handle: () => auth.purgeExpiredSessions(),
  });
