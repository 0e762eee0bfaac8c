// Records Rampart produces as evidence from what it already holds: who has access (access review),
// open findings against remediation times (vulnerability SLA), the ledger's verifications and the
// audit log's activity (logging review), and the runs and fix pull requests of a period (change
// history). Each is a JSON document, submitted like an upload and reviewed like one.
import type { Database } from "@rampart/db/client";
import {
  auditLogEntries,
  findings,
  ledgerVerifications,
  memberships,
  policyRuns,
  prSuggestions,
  users,
} from "@rampart/db/schema";
import { getControl } from "@rampart/policy";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, max, min } from "drizzle-orm";
import { AppError } from "../errors.ts";
import { isBranchRun } from "../runs/run-triggers.ts";
import { evaluatedRun } from "../runs/runs.repo.ts";
import { inTenant, type RequestRow } from "./evidence-requests.service.ts";

const DAY_MS = 86_400_000;

/** Days a finding may stay open, by severity: the vulnerability management policy's defaults. */
export const REMEDIATION_SLA_DAYS = { critical: 7, high: 30, med: 90, low: 180 } as const;

/** A record lists at most this many findings, runs or pull requests; the counts cover all. */
const MAX_LISTED = 5_000;

interface Window {
  readonly from: Date;
  readonly to: Date;
}

type Producer = (db: Database, tenantId: string, window: Window) => Promise<unknown>;

async function accessReview(db: Database, tenantId: string): Promise<unknown> {
  const members = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      since: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(asc(users.email));
  // Sign-ins are kept in the audit log (as far as this organization may read it): the latest per member.
  const signIns =
    members.length === 0
      ? []
      : await db
          .select({ userId: auditLogEntries.actorUserId, at: max(auditLogEntries.createdAt) })
          .from(auditLogEntries)
          .where(
            and(
              eq(auditLogEntries.action, "auth.sign-in"),
              eq(auditLogEntries.result, "success"),
              inArray(
                auditLogEntries.actorUserId,
                members.map((member) => member.id),
              ),
            ),
          )
          .groupBy(auditLogEntries.actorUserId);
  const lastSignIn = new Map(signIns.map((row) => [row.userId, row.at]));
  return {
    members: members.map((member) => ({
      email: member.email,
      name: member.name,
      role: member.role,
      memberSince: member.since.toISOString(),
      lastSignIn: lastSignIn.get(member.id)?.toISOString() ?? null,
    })),
  };
}

async function vulnerabilitySlaReport(db: Database, tenantId: string, window: Window): Promise<unknown> {
  const latest = await db
    .selectDistinctOn([policyRuns.repositoryId], { id: policyRuns.id })
    .from(policyRuns)
    .where(
      and(
        eq(policyRuns.tenantId, tenantId),
        evaluatedRun(),
        isBranchRun(),
        lt(policyRuns.createdAt, window.to),
      ),
    )
    .orderBy(policyRuns.repositoryId, desc(policyRuns.createdAt), desc(policyRuns.id));
  const open =
    latest.length === 0
      ? []
      : await db
          .select({
            ruleId: findings.ruleId,
            severity: findings.severity,
            filePath: findings.filePath,
            fingerprint: findings.fingerprint,
          })
          .from(findings)
          .where(
            and(
              eq(findings.tenantId, tenantId),
              inArray(
                findings.runId,
                latest.map((run) => run.id),
              ),
              eq(findings.status, "fail"),
              isNull(findings.waiverId),
            ),
          );
  // A finding's age runs from the first run that found it (its fingerprint), not the latest.
  const firstSeen = new Map<string, Date>();
  const fingerprints = [...new Set(open.map((finding) => finding.fingerprint))];
  for (let at = 0; at < fingerprints.length; at += 1000) {
    const rows = await db
      .select({ fingerprint: findings.fingerprint, first: min(findings.createdAt) })
      .from(findings)
      .where(
        and(
          eq(findings.tenantId, tenantId),
          inArray(findings.fingerprint, fingerprints.slice(at, at + 1000)),
        ),
      )
      .groupBy(findings.fingerprint);
    for (const row of rows) if (row.first) firstSeen.set(row.fingerprint, row.first);
  }
  const rows = open.map((finding) => {
    const since = firstSeen.get(finding.fingerprint) ?? window.to;
    const ageDays = Math.max(0, Math.floor((window.to.getTime() - since.getTime()) / DAY_MS));
    const slaDays = REMEDIATION_SLA_DAYS[finding.severity];
    return { ...finding, firstSeen: since.toISOString(), ageDays, slaDays, withinSla: ageDays <= slaDays };
  });
  const bySeverity = Object.fromEntries(
    Object.entries(REMEDIATION_SLA_DAYS).map(([severity, slaDays]) => {
      const ofSeverity = rows.filter((row) => row.severity === severity);
      return [
        severity,
        { slaDays, open: ofSeverity.length, overSla: ofSeverity.filter((row) => !row.withinSla).length },
      ];
    }),
  );
  return {
    slaDays: REMEDIATION_SLA_DAYS,
    bySeverity,
    findings: rows.sort((a, b) => b.ageDays - b.slaDays - (a.ageDays - a.slaDays)).slice(0, MAX_LISTED),
  };
}

async function loggingReview(db: Database, tenantId: string, window: Window): Promise<unknown> {
  const verifications = await db
    .select()
    .from(ledgerVerifications)
    .where(
      and(
        eq(ledgerVerifications.tenantId, tenantId),
        gte(ledgerVerifications.verifiedAt, window.from),
        lt(ledgerVerifications.verifiedAt, window.to),
      ),
    )
    .orderBy(asc(ledgerVerifications.verifiedAt))
    .limit(MAX_LISTED);
  const activity = await db
    .select({ result: auditLogEntries.result, entries: count() })
    .from(auditLogEntries)
    .where(
      and(
        eq(auditLogEntries.tenantId, tenantId),
        gte(auditLogEntries.createdAt, window.from),
        lt(auditLogEntries.createdAt, window.to),
      ),
    )
    .groupBy(auditLogEntries.result);
  return {
    ledgerVerifications: verifications.map((row) => ({
      verifiedAt: row.verifiedAt.toISOString(),
      valid: row.isValid,
      length: row.length,
      failedIndex: row.failedIndex,
      reason: row.reason,
    })),
    allVerificationsValid: verifications.every((row) => row.isValid),
    auditLogEntries: Object.fromEntries(activity.map((row) => [row.result, Number(row.entries)])),
  };
}

async function changeHistory(db: Database, tenantId: string, window: Window): Promise<unknown> {
  const runs = await db
    .select({
      repo: policyRuns.repo,
      commitSha: policyRuns.commitSha,
      triggeredBy: policyRuns.triggeredBy,
      status: policyRuns.status,
      failedCount: policyRuns.failedCount,
      createdAt: policyRuns.createdAt,
    })
    .from(policyRuns)
    .where(
      and(
        eq(policyRuns.tenantId, tenantId),
        gte(policyRuns.createdAt, window.from),
        lt(policyRuns.createdAt, window.to),
      ),
    )
    .orderBy(asc(policyRuns.createdAt))
    .limit(MAX_LISTED);
  const pullRequests = await db
    .select({
      number: prSuggestions.number,
      title: prSuggestions.title,
      ruleId: prSuggestions.ruleId,
      state: prSuggestions.state,
      merged: prSuggestions.merged,
      url: prSuggestions.url,
      createdAt: prSuggestions.createdAt,
    })
    .from(prSuggestions)
    .where(
      and(
        eq(prSuggestions.tenantId, tenantId),
        gte(prSuggestions.createdAt, window.from),
        lt(prSuggestions.createdAt, window.to),
      ),
    )
    .orderBy(asc(prSuggestions.createdAt))
    .limit(MAX_LISTED);
  return {
    runs: runs.map((run) => ({ ...run, createdAt: run.createdAt.toISOString() })),
    fixPullRequests: pullRequests.map((pr) => ({ ...pr, createdAt: pr.createdAt.toISOString() })),
  };
}

/** The producer of each record Rampart can make (data/evidence-records.yaml, but policy acknowledgements). */
export const RECORD_PRODUCERS: Readonly<Record<string, Producer>> = {
  "access-review": (db, tenantId) => accessReview(db, tenantId),
  "vulnerability-sla-report": vulnerabilitySlaReport,
  "logging-review": loggingReview,
  "change-history": changeHistory,
};

export function createEvidenceRecords(deps: { db: Database; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** The record a `kind: record` request asks for, over the request's period up to now. */
    produce: inTenant(
      async (tenantId: string, request: RequestRow): Promise<{ fileName: string; body: Buffer }> => {
        const record =
          request.source === "control"
            ? getControl(request.controlCode)?.evidence.find((spec) => spec.key === request.evidenceKey)
                ?.record
            : undefined;
        const producer = record ? RECORD_PRODUCERS[record] : undefined;
        if (!record || !producer)
          throw new AppError(
            "bad_request",
            "This request asks for a document, not a record Rampart produces",
          );
        const at = now();
        const to = request.periodEnd && request.periodEnd < at ? request.periodEnd : at;
        const window = { from: request.periodStart, to };
        const content = await producer(deps.db, tenantId, window);
        const document = {
          record,
          controlCode: request.controlCode,
          evidenceKey: request.evidenceKey,
          period: { from: window.from.toISOString(), to: window.to.toISOString() },
          producedAt: at.toISOString(),
          ...(content as object),
        };
        return {
          fileName: `${record}-${window.from.toISOString().slice(0, 10)}.json`,
          body: Buffer.from(`${JSON.stringify(document, null, 2)}\n`),
        };
      },
    ),
  };
}

export type EvidenceRecords = ReturnType<typeof createEvidenceRecords>;
