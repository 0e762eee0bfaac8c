// Waivers ("Dismiss"): a recorded decision to accept a finding, scoped to its fingerprint, its
// rule under a path pattern, or its rule tenant-wide, with a reason, an author and an optional
// expiry. Creating, revoking or expiring one re-evaluates the latest run of every repository of
// the tenant, so counts change at once and an expired waiver's findings come back by themselves.
// Accepting risk needs an admin; under the tenant's four-eyes setting it needs two people instead:
// one requests (the waiver is pending and covers nothing), another admin or member approves.
import type { CreateWaiverBody, Waiver } from "@rampart/contracts/runs";
import type { Database } from "@rampart/db/client";
import {
  controlResults,
  findings,
  openRuleCounts as openRuleCountsTable,
  policyRuns,
  waivers,
} from "@rampart/db/schema";
import { and, desc, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { z } from "zod";
import { AppError, forbidden, notFound } from "../errors.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { controlsOfFinding, openRuleCounts } from "../runs/run-record.ts";
import { isBranchRun } from "../runs/run-triggers.ts";
import { evaluatedRun } from "../runs/runs.repo.ts";
import { matchingWaiver } from "./waiver-match.ts";

export type WaiverDbRow = typeof waivers.$inferSelect;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Changes a run's findings before its counts are taken again (VEX). */
type Adjust = (tx: Transaction, runId: string) => Promise<void>;

export function toWaiver(row: WaiverDbRow): Waiver {
  return {
    id: row.id,
    scope: row.scope,
    ruleId: row.ruleId,
    pathPattern: row.pathPattern,
    fingerprint: row.fingerprint,
    reason: row.reason,
    author: row.authorEmail,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    pending: row.pending,
    approvedBy: row.approvedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createWaiversService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Latest evaluated branch run of each repository of the tenant: the runs whose numbers the dashboards show. */
  async function latestRunIds(tx: Transaction, tenantId: string): Promise<string[]> {
    const rows = await tx
      .selectDistinctOn([policyRuns.repositoryId], { id: policyRuns.id })
      .from(policyRuns)
      .where(and(eq(policyRuns.tenantId, tenantId), evaluatedRun(), isBranchRun()))
      .orderBy(policyRuns.repositoryId, desc(policyRuns.createdAt), desc(policyRuns.id));
    return rows.map((row) => row.id);
  }

  /**
   * Records a decision (`write`: a waiver, a revocation, VEX statements) and re-evaluates the
   * tenant's latest runs by it in one transaction, so that neither lands without the other.
   * `adjust` changes findings of each run first (VEX sets dependency findings to skip or back to
   * fail), so the rollups always match the findings.
   */
  function decide<T>(tenantId: string, write: (tx: Transaction) => Promise<T>, adjust?: Adjust): Promise<T> {
    return db.transaction(async (tx) => {
      const result = await write(tx);
      await reevaluateIn(tx, tenantId, adjust);
      return result;
    });
  }

  async function reevaluateIn(tx: Transaction, tenantId: string, adjust?: Adjust) {
    const at = now();
    const tenantWaivers = await tx.select().from(waivers).where(eq(waivers.tenantId, tenantId));
    for (const runId of await latestRunIds(tx, tenantId)) {
      await adjust?.(tx, runId);
      const failed = await tx
        .select()
        .from(findings)
        .where(and(eq(findings.runId, runId), eq(findings.status, "fail")));
      const failuresByControl = new Map<string, number>();
      const decided = failed.map((finding) => ({
        ...finding,
        waiverId:
          matchingWaiver(
            tenantWaivers,
            { ruleId: finding.ruleId, path: finding.filePath, fingerprint: finding.fingerprint },
            at,
          )?.id ?? null,
      }));
      let open = 0;
      for (const [index, finding] of decided.entries()) {
        const { waiverId } = finding;
        if (waiverId !== failed[index]!.waiverId) {
          await tx.update(findings).set({ waiverId }).where(eq(findings.id, finding.id));
        }
        if (waiverId) continue;
        open += 1;
        for (const code of controlsOfFinding(finding)) {
          failuresByControl.set(code, (failuresByControl.get(code) ?? 0) + 1);
        }
      }
      const results = await tx.select().from(controlResults).where(eq(controlResults.runId, runId));
      for (const result of results) {
        const failures = failuresByControl.get(result.controlCode) ?? 0;
        if (failures !== result.failures) {
          await tx
            .update(controlResults)
            .set({ failures })
            .where(and(eq(controlResults.runId, runId), eq(controlResults.controlCode, result.controlCode)));
        }
      }
      const rollup = openRuleCounts(decided);
      await tx.delete(openRuleCountsTable).where(eq(openRuleCountsTable.runId, runId));
      if (rollup.length > 0) {
        await tx.insert(openRuleCountsTable).values(rollup.map((row) => ({ ...row, tenantId, runId })));
      }
      const [run] = await tx.select().from(policyRuns).where(eq(policyRuns.id, runId));
      const status = open > 0 ? "fail" : run!.status === "skip" ? "skip" : "pass";
      await tx.update(policyRuns).set({ failedCount: open, status }).where(eq(policyRuns.id, runId));
    }
  }

  const reevaluate = (tenantId: string) => decide(tenantId, async () => undefined);

  const expiryJob = defineJob({
    name: "waivers.expire",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "*/15 * * * *" },
    handle: async () => {
      // Tenants whose latest findings still point at a waiver that has lapsed or been revoked.
      const stale = await db
        .selectDistinct({ tenantId: findings.tenantId })
        .from(findings)
        .innerJoin(waivers, eq(waivers.id, findings.waiverId))
        .where(
          and(isNotNull(findings.waiverId), or(lte(waivers.expiresAt, now()), isNotNull(waivers.revokedAt))),
        );
      for (const { tenantId } of stale) await reevaluate(tenantId);
    },
  });

  return {
    expiryJob,
    decide,

    async create(
      tenantId: string,
      author: { id: string; email: string },
      body: CreateWaiverBody,
      approval: { role: "admin" | "member"; fourEyes: boolean },
    ): Promise<Waiver> {
      if (!approval.fourEyes && approval.role !== "admin")
        throw forbidden("Accepting risk needs an admin of this organization");
      const [finding] = await db
        .select()
        .from(findings)
        .where(and(eq(findings.tenantId, tenantId), eq(findings.id, body.findingId)));
      if (!finding) throw notFound("Finding not found");
      if (finding.status !== "fail")
        throw new AppError("bad_request", "Only a failed finding can be dismissed");
      if (body.expiresAt && new Date(body.expiresAt) <= now()) {
        throw new AppError("bad_request", "body.expiresAt: the expiry must be in the future");
      }
      const pathPattern = body.scope === "rule-path" ? (body.pathPattern ?? finding.filePath) : null;
      if (body.scope === "rule-path" && !pathPattern)
        throw new AppError("bad_request", "body.pathPattern: required for this finding");
      const [row] = await decide(tenantId, (tx) =>
        tx
          .insert(waivers)
          .values({
            tenantId,
            scope: body.scope,
            ruleId: finding.ruleId,
            pathPattern,
            fingerprint: body.scope === "fingerprint" ? finding.fingerprint : null,
            reason: body.reason,
            authorId: author.id,
            authorEmail: author.email,
            expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
            pending: approval.fourEyes,
          })
          .returning(),
      );
      return toWaiver(row!);
    },

    /** The second person's approval of a pending waiver; the requester cannot give it. */
    async approve(
      tenantId: string,
      waiverId: string,
      approver: { id: string; email: string },
    ): Promise<Waiver> {
      const [row] = await decide(tenantId, async (tx) => {
        const [pending] = await tx
          .select()
          .from(waivers)
          .where(and(eq(waivers.tenantId, tenantId), eq(waivers.id, waiverId)))
          .for("update");
        if (!pending) throw notFound("Waiver not found");
        if (!pending.pending || pending.revokedAt)
          throw new AppError("conflict", "This waiver is not waiting for approval");
        if (pending.authorId === approver.id)
          throw forbidden("A second person must approve this waiver: you requested it");
        return tx
          .update(waivers)
          .set({ pending: false, approvedBy: approver.email, approvedAt: now() })
          .where(eq(waivers.id, waiverId))
          .returning();
      });
      return toWaiver(row!);
    },

    async revoke(tenantId: string, waiverId: string, by: string): Promise<Waiver> {
      const [row] = await decide(tenantId, async (tx) => {
        const revoked = await tx
          .update(waivers)
          .set({ revokedAt: now(), revokedBy: by })
          .where(and(eq(waivers.tenantId, tenantId), eq(waivers.id, waiverId), isNull(waivers.revokedAt)))
          .returning();
        // Nothing to re-evaluate, and nothing was written: the rollback costs nothing.
        if (revoked.length === 0) throw notFound("Waiver not found or already revoked");
        return revoked;
      });
      return toWaiver(row!);
    },

    list: async (tenantId: string) =>
      (
        await db.select().from(waivers).where(eq(waivers.tenantId, tenantId)).orderBy(desc(waivers.createdAt))
      ).map(toWaiver),
  };
}

export type WaiversService = ReturnType<typeof createWaiversService>;
