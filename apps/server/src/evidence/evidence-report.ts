// The readable evidence report of a period (the PDF export): what the JSON export proves, with the
// period's runs, controls and findings beside it. Its ledger facts (entries, head, checkpoint, key,
// audit log) are read from the very export document the JSON download carries, not computed again.
import { AuditLogEntry } from "@rampart/contracts/audit";
import type { ChainStatus } from "@rampart/contracts/evidence";
import type { Database } from "@rampart/db/client";
import { evidenceArtifacts, policyRuns } from "@rampart/db/schema";
import { auditLogHash, type LedgerExport, parseCheckpoint } from "@rampart/ledger";
import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { PostureRepo } from "../posture/posture.repo.ts";
import type { PostureService } from "../posture/posture.service.ts";
import { chainStatus } from "./evidence.mapper.ts";
import type { LedgerService } from "./ledger.service.ts";

/** The findings table lists at most this many (most severe first) and says how many more there are. */
export const REPORT_FINDINGS_LIMIT = 200;
/** The audit table lists the newest this many entries of the export and says how many more there are. */
export const REPORT_AUDIT_LIMIT = 200;

type ExportedAuditEntry = Pick<
  AuditLogEntry,
  "createdAt" | "actor" | "action" | "target" | "result" | "statusCode" | "clientAddress"
>;

const ARTIFACT_TYPES = evidenceArtifacts.artifactType.enumValues;

export interface EvidenceReport {
  tenant: { id: string; name: string };
  /** Days as asked for, both inclusive. */
  period: { from: string; to: string };
  generatedAt: string;
  summary: {
    runs: number;
    passedRuns: number;
    failedRuns: number;
    repositories: number;
    openFindings: number;
    fixedFindings: number;
    artifactsByType: { type: string; count: number }[];
  };
  controls: { code: string; title: string; status: "pass" | "fail" | "not evaluated"; failures: number }[];
  /** The most severe open findings of the period's latest runs, at most REPORT_FINDINGS_LIMIT. */
  findings: { severity: string; ruleId: string; location: string; message: string; repo: string }[];
  /** The chain as last verified (the same status the Evidence page shows). */
  chain: ChainStatus;
  exported: { entries: number; head: string | null };
  checkpoint: { origin: string; treeSize: number; rootHash: string; timestamp: string; note: string };
  publicKey: { algorithm: string; fingerprint: string };
  /**
   * The export's audit log section, when it carries one: counts, the hash the checkpoint signs,
   * and the newest entries (at most REPORT_AUDIT_LIMIT).
   */
  auditLog: {
    total: number;
    exported: number;
    hash: string;
    byResult: { success: number; denied: number; failed: number };
    entries: ExportedAuditEntry[];
  } | null;
}

export function createEvidenceReportService(deps: {
  db: Database;
  ledger: Pick<LedgerService, "countsByType" | "head" | "latestVerification" | "runCount">;
  postureRepo: Pick<PostureRepo, "openFindings" | "openByRule" | "fixedBetween">;
  posture: Pick<PostureService, "controlsOfRuns">;
  now?: () => Date;
}) {
  const { db, ledger, postureRepo, posture } = deps;
  const now = deps.now ?? (() => new Date());

  /** Runs recorded between `from` and `until` (inclusive), newest first. */
  const runsBetween = (tenantId: string, from: Date, until: Date) =>
    db
      .select()
      .from(policyRuns)
      .where(
        and(
          eq(policyRuns.tenantId, tenantId),
          gte(policyRuns.createdAt, from),
          lte(policyRuns.createdAt, until),
        ),
      )
      .orderBy(desc(policyRuns.createdAt), desc(policyRuns.id));

  return {
    /**
     * The report of `tenant` for the days `from`..`to`, with `document` the export of the chain up
     * to the end of `to` (from LedgerService.export).
     */
    async build(input: {
      tenant: { id: string; name: string };
      from: string;
      to: string;
      document: LedgerExport;
    }): Promise<EvidenceReport> {
      const { tenant, document } = input;
      const start = new Date(`${input.from}T00:00:00.000Z`);
      const until = new Date(`${input.to}T23:59:59.999Z`);
      const checkpoint = parseCheckpoint(document.checkpoint);
      if (!checkpoint.ok) throw new Error(`export checkpoint: ${checkpoint.message}`);

      const runs = await runsBetween(tenant.id, start, until);
      // The period's latest evaluated run of each repository stands for that repository's state.
      const evaluated = runs.filter((run) => run.reasonCode === null);
      const latest = [...new Map([...evaluated].reverse().map((run) => [run.repositoryId, run])).values()];
      const latestIds = latest.map((run) => run.id);
      const [controls, open, ruleCounts, fixed, counts, head, verification, runCount] = await Promise.all([
        // The images as they stood at the end of the period, beside the period's latest runs.
        posture.controlsOfRuns(tenant.id, latest, new Date(until.getTime() + 1)),
        postureRepo.openFindings(tenant.id, latestIds, REPORT_FINDINGS_LIMIT),
        postureRepo.openByRule(tenant.id, latestIds),
        // fixedBetween's end is exclusive.
        postureRepo.fixedBetween(tenant.id, start, new Date(until.getTime() + 1)),
        ledger.countsByType(tenant.id, start, until),
        ledger.head(tenant.id),
        ledger.latestVerification(tenant.id),
        ledger.runCount(tenant.id),
      ]);

      return {
        tenant,
        period: { from: input.from, to: input.to },
        generatedAt: now().toISOString(),
        summary: {
          runs: runs.length,
          passedRuns: runs.filter((run) => run.status === "pass").length,
          failedRuns: runs.filter((run) => run.status === "fail").length,
          repositories: latest.length,
          openFindings: ruleCounts.reduce((sum, group) => sum + group.count, 0),
          fixedFindings: fixed.count,
          artifactsByType: ARTIFACT_TYPES.map((type) => ({ type, count: counts.get(type) ?? 0 })),
        },
        controls: controls.map((row) => ({
          code: row.control.code,
          title: row.control.title,
          status: row.failures > 0 ? "fail" : row.evaluated ? "pass" : "not evaluated",
          failures: row.failures,
        })),
        findings: open.map(({ finding, run }) => ({
          severity: finding.severity,
          ruleId: finding.ruleId,
          location:
            finding.filePath === null
              ? "-"
              : finding.line === null
                ? finding.filePath
                : `${finding.filePath}:${finding.line}`,
          message: finding.message,
          repo: run.repo,
        })),
        chain: chainStatus(head, verification, runCount),
        exported: { entries: document.artifacts.length, head: document.artifacts.at(-1)?.hash ?? null },
        checkpoint: {
          origin: checkpoint.checkpoint.origin,
          treeSize: checkpoint.checkpoint.treeSize,
          rootHash: checkpoint.checkpoint.rootHash,
          timestamp: checkpoint.checkpoint.timestamp,
          note: document.checkpoint,
        },
        auditLog: auditLogOf(document),
        publicKey: { algorithm: document.publicKey.algorithm, fingerprint: document.publicKey.fingerprint },
      };
    },
  };
}

/** The report's view of the export's audit log section, read from the document itself. */
function auditLogOf(document: LedgerExport): EvidenceReport["auditLog"] {
  const section = document.auditLog;
  if (!section) return null;
  // The section holds what the server wrote (API audit entries); the shape is checked anyway.
  const entries = section.entries.flatMap((entry) => {
    const parsed = AuditLogEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  const byResult = { success: 0, denied: 0, failed: 0 };
  for (const entry of entries) byResult[entry.result] += 1;
  return {
    total: section.total,
    exported: section.entries.length,
    hash: auditLogHash(section),
    byResult,
    entries: entries.slice(-REPORT_AUDIT_LIMIT).reverse(),
  };
}

export type EvidenceReportService = ReturnType<typeof createEvidenceReportService>;
