// How the drawer words and colours system data (spec part 2, §4 and §9).
import type { SystemInfo } from "@rampart/contracts/system";
import { plural } from "@rampart/contracts/words";

export const JOBS_SHOWN = 10;
export const JOB_ERROR_LENGTH = 50;
export const JOB_ID_LENGTH = 8;

type Tone = "success" | "warning" | "danger" | "default" | "muted";

/** Worker status: running, idle, error coloured; anything else neutral. */
export function workerTone(status: string): Tone {
  return (
    ({ running: "success", idle: "default", error: "danger" } as Record<string, Tone>)[status] ?? "muted"
  );
}

/** Job status: created, active, retry, completed, failed coloured; anything else neutral. */
export function jobTone(status: string): Tone | "info" {
  return (
    (
      {
        created: "info",
        active: "default",
        retry: "warning",
        completed: "success",
        failed: "danger",
      } as Record<string, Tone | "info">
    )[status] ?? "muted"
  );
}

/** A status's tone as the colour of plain text (a worker's last result inside its line). */
export const TONE_TEXT: Record<Tone | "info", string> = {
  success: "text-success",
  warning: "text-warning",
  danger: "text-danger",
  info: "text-sky-300",
  default: "text-primary",
  muted: "text-muted-foreground",
};

const DATABASE_LABELS: Record<SystemInfo["database"], string> = {
  pglite: "embedded database",
  postgres: "PostgreSQL",
};

/** The environment and what the data runs on, e.g. "production (embedded database)". */
export function describeEnvironment(info: Pick<SystemInfo, "environment" | "database">): string {
  return `${info.environment} (${DATABASE_LABELS[info.database]})`;
}

/** A worker's load, e.g. "3 jobs (1 active, 2 queued)". */
export function describeWorkerLoad(
  worker: Pick<SystemInfo["workers"][number], "jobCount" | "active" | "queued">,
) {
  return `${plural(worker.jobCount, "job")} (${worker.active} active, ${worker.queued} queued)`;
}

/** Uptime in seconds as hours and minutes, e.g. "26h 5m". */
export function formatUptime(seconds: number): string {
  const totalMinutes = Math.floor(Math.max(0, seconds) / 60);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}

export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** The last error among a job's attempts, if any attempt failed. */
export function lastAttemptError(attempts: readonly { error?: string | null }[]): string | null {
  for (let index = attempts.length - 1; index >= 0; index -= 1) {
    const error = attempts[index]?.error;
    if (error) return error;
  }
  return null;
}
