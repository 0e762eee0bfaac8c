// The System Settings drawer (sidebar footer): system information, worker health, cron jobs and
// the 10 most recent jobs, refreshed every 5 s while open; the current organization's API tokens
// for its admins; and its audit log for its admins (and auditors while auditor access is on). Each
// section fails on its own: a call that fails shows that section's error line, not a crash.
import { Settings } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "../../components/ui/sheet";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format-date";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useSystemInfo } from "./api/get-system-info";
import { useSystemJobs } from "./api/get-system-jobs";
import { ApiTokensSection, mayManageApiTokens } from "./api-tokens-section";
import { AuditLogSection, mayReadAuditLog } from "./audit-log-section";
import {
  describeEnvironment,
  describeWorkerLoad,
  formatUptime,
  JOB_ERROR_LENGTH,
  JOB_ID_LENGTH,
  JOBS_SHOWN,
  jobTone,
  lastAttemptError,
  TONE_TEXT,
  truncate,
  workerTone,
} from "./system-labels";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-md border border-border bg-card p-4">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function SectionState({ pending, error, what }: { pending: boolean; error: boolean; what: string }) {
  if (pending) return <Skeleton className="h-12" />;
  if (error) return <p className="text-sm text-danger">Unable to load {what}.</p>;
  return null;
}

const when = (timestamp: string | null | undefined) => (timestamp ? formatDateTime(timestamp) : "Never");

function StatusBadge({ status, tone }: { status: string; tone: ReturnType<typeof jobTone> }) {
  if (tone === "info") {
    return <Badge className="border-sky-400/40 bg-sky-400/10 text-sky-300">{status}</Badge>;
  }
  return <Badge variant={tone}>{status}</Badge>;
}

type LedgerAlert = NonNullable<ReturnType<typeof useSystemInfo>["data"]>["ledgerAlerts"][number];

const ALERT_KIND: Record<LedgerAlert["kind"], string> = {
  rewrite: "History rewritten",
  fork: "Witness saw a fork",
  "broken-link": "Broken link",
};

/** Shown only while an evidence ledger of the user's organizations has failed verification. */
function LedgerAlertsSection({ alerts }: { alerts: LedgerAlert[] }) {
  return (
    <Section title="Evidence Ledger Alerts">
      <p className="mb-2 text-xs text-muted-foreground">
        Nothing is signed over an organization's ledger (exports, attestations, audit packages) while it has
        an alert.
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex items-start justify-between gap-2">
            <span className="min-w-0">
              <span className="block font-medium text-danger">{ALERT_KIND[alert.kind]}</span>
              <span className="block text-xs text-muted-foreground">
                {alert.message} · {formatDateTime(alert.detectedAt)}
              </span>
            </span>
            <Badge variant="danger">Open</Badge>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function SystemSections() {
  const info = useSystemInfo(true);
  const jobs = useSystemJobs(true);
  const { tenantId, tenant } = useCurrentTenant();
  const infoState = { pending: info.isPending, error: info.isError };

  return (
    <div className="flex-1 space-y-4 overflow-y-auto">
      {info.data && info.data.ledgerAlerts.length > 0 ? (
        <LedgerAlertsSection alerts={info.data.ledgerAlerts} />
      ) : null}
      <Section title="System Information">
        {info.data ? (
          <dl className="grid grid-cols-[auto_1fr_auto] gap-x-6 gap-y-3 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Version</dt>
              <dd className="font-mono">{info.data.version}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Environment</dt>
              <dd>{describeEnvironment(info.data)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Uptime</dt>
              <dd className="tabular-nums">{formatUptime(info.data.uptime)}</dd>
            </div>
          </dl>
        ) : (
          <SectionState {...infoState} what="system information" />
        )}
      </Section>

      <Section title="Worker Health">
        {info.data ? (
          info.data.workers.length === 0 ? (
            <p className="text-sm text-muted-foreground">No workers reported.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {info.data.workers.map((worker) => (
                <li key={worker.name} className="flex items-center justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block font-medium">{worker.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {worker.schedule ? <span className="font-mono">{worker.schedule} · </span> : null}
                      {describeWorkerLoad(worker)} · last run {when(worker.lastRun)}
                      {worker.lastResult ? (
                        <>
                          {" · "}
                          <span className={TONE_TEXT[jobTone(worker.lastResult)]}>{worker.lastResult}</span>
                        </>
                      ) : null}
                    </span>
                  </span>
                  <StatusBadge status={worker.status} tone={workerTone(worker.status)} />
                </li>
              ))}
            </ul>
          )
        ) : (
          <SectionState {...infoState} what="worker health" />
        )}
      </Section>

      <Section title="Cron Jobs">
        {info.data ? (
          info.data.cronJobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No cron jobs scheduled.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {info.data.cronJobs.map((cron) => (
                <li key={cron.name} className="flex items-center justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block font-medium">{cron.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      <span className="font-mono">{cron.schedule}</span> · last {when(cron.lastRun)} · next{" "}
                      {cron.nextRun ? formatDateTime(cron.nextRun) : "—"}
                    </span>
                  </span>
                  <Badge variant={cron.enabled ? "success" : "muted"}>
                    {cron.enabled ? "Enabled" : "Disabled"}
                  </Badge>
                </li>
              ))}
            </ul>
          )
        ) : (
          <SectionState {...infoState} what="cron jobs" />
        )}
      </Section>

      <Section title="Recent Jobs">
        {jobs.data ? (
          jobs.data.jobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No jobs have run yet.</p>
          ) : (
            <ul aria-label="Recent jobs" className="flex flex-col gap-2 text-sm">
              {jobs.data.jobs.slice(0, JOBS_SHOWN).map((job) => {
                const error = lastAttemptError(job.attempts);
                return (
                  <li
                    key={job.jobId}
                    className="flex flex-col gap-0.5 border-b border-border pb-2 last:border-0"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="min-w-0 truncate">
                        <span className="font-mono text-xs text-muted-foreground">
                          {job.jobId.slice(0, JOB_ID_LENGTH)}
                        </span>{" "}
                        <span className="font-medium">{job.jobName}</span>
                      </span>
                      <StatusBadge status={job.status} tone={jobTone(job.status)} />
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {job.totalExecutionTime === null ? "—" : `${job.totalExecutionTime} ms`} ·{" "}
                      {formatDateTime(job.lastUpdatedAt)}
                    </span>
                    {error ? (
                      <span className="text-xs text-danger" title={error}>
                        {truncate(error, JOB_ERROR_LENGTH)}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        ) : (
          <SectionState pending={jobs.isPending} error={jobs.isError} what="recent jobs" />
        )}
      </Section>

      {tenantId && mayManageApiTokens(tenant) ? (
        <Section title="API Tokens">
          <ApiTokensSection tenantId={tenantId} />
        </Section>
      ) : null}

      {tenantId && mayReadAuditLog(tenant) ? (
        <Section title="Audit Log">
          <AuditLogSection tenantId={tenantId} />
        </Section>
      ) : null}
    </div>
  );
}

export function SystemSettingsDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="System settings">
          <Settings aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>System Settings</SheetTitle>
          <SheetDescription>Worker health, cron jobs, and system information</SheetDescription>
        </SheetHeader>
        {/* Mounted only while open, so the 5 s refresh runs only then. */}
        {open ? <SystemSections /> : null}
        <div className="flex justify-end">
          <SheetClose asChild>
            <Button variant="outline">Close</Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
