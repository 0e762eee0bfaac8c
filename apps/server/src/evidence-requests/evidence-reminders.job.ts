// The daily evidence job: every open organization gets its current period's requests (and
// lapsed evidence expires), and, when mail is configured, each owner of overdue requests gets
// one e-mail listing them, at most once per request in 24 hours.
import type { Database } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { EvidenceRequestsService } from "./evidence-requests.service.ts";

interface ReminderDeps {
  db: Database;
  evidenceRequests: Pick<EvidenceRequestsService, "ensureRequests" | "takeDueReminders">;
  mailer: Mailer;
  publicUrl?: string | undefined;
  now?: () => Date;
}

/** Runs the day's work for every open organization; returns how many e-mails were sent. */
export async function sendEvidenceReminders(deps: ReminderDeps): Promise<number> {
  const at = (deps.now ?? (() => new Date()))();
  const open = await deps.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(isNull(tenants.closedAt), eq(tenants.isDemo, false)));
  let sent = 0;
  for (const tenant of open) {
    await deps.evidenceRequests.ensureRequests(tenant.id, at);
    if (!deps.mailer.configured) continue;
    const due = await deps.evidenceRequests.takeDueReminders(tenant.id, at);
    const byOwner = new Map<string, typeof due>();
    for (const item of due) byOwner.set(item.email, [...(byOwner.get(item.email) ?? []), item]);
    for (const [email, items] of byOwner) {
      const lines = items.map(
        ({ request }) =>
          `- ${request.controlCode} · ${request.title} (due ${request.dueAt.toISOString().slice(0, 10)}, ${request.state})`,
      );
      const link = deps.publicUrl
        ? `\n\nUpload it in Rampart: ${deps.publicUrl.replace(/\/$/, "")}/compliance`
        : "";
      const result = await deps.mailer.send({
        to: email,
        subject: `Overdue evidence for ${tenant.name}`,
        text: `You own evidence that is past its due date in ${tenant.name}:\n\n${lines.join("\n")}${link}\n`,
      });
      if (result.sent) sent++;
    }
  }
  return sent;
}

export function evidenceRemindersJob(deps: ReminderDeps) {
  return defineJob({
    name: "evidence-requests.remind",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "0 6 * * *" },
    handle: () => sendEvidenceReminders(deps),
  });
}
