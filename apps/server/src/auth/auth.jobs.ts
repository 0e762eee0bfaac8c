// Expired sessions and finished sign-in attempt windows decide nothing any more; this daily job
// keeps both tables small.
import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import type { AuthService } from "./auth.service.ts";

export const purgeExpiredSessionsJob = (auth: AuthService) =>
  defineJob({
    name: "sessions.purge-expired",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "17 3 * * *" },
    handle: async () => ({
      sessions: await auth.purgeExpiredSessions(),
      loginAttempts: await auth.purgeOldLoginAttempts(),
    }),
  });
