// The evidence ledger on the database: appends serialised per tenant (the ledger_heads row is
// locked for the append), signed checkpoints with the instance key, verification of whole chains
// (also as an hourly job that raises an alert on a break), and exports an auditor verifies offline
// with `rampart verify`.
import type { KeyObject } from "node:crypto";
import type { Database } from "@rampart/db/client";
import {
  evidenceArtifacts,
  ledgerCheckpoints,
  ledgerHeads,
  ledgerKeyRotations,
  ledgerVerifications,
} from "@rampart/db/schema";
import {
  type AuditLogSection,
  appendEntry,
  auditLogHash,
  buildExport,
  contentHash,
  cutCheckpoint,
  type DsseEnvelope,
  exportPublicKeyPem,
  GENESIS_HASH,
  keyFingerprint,
  keysLinkedTo,
  type LedgerEntry,
  type LedgerExport,
  ledgerTree,
  type Signer,
  verifierKey,
  verifyChain,
} from "@rampart/ledger";
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import { type AnchorClients, createAnchorService } from "./anchor.service.ts";
import type { WitnessConfig } from "./anchor-config.ts";
import { createLedgerAlerts } from "./ledger-alerts.ts";
import { openSigner, type SigningKeySource } from "./signing-key.ts";

export type ArtifactType = (typeof evidenceArtifacts.$inferSelect)["artifactType"];
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function createLedgerService(deps: {
  db: Database;
  /** Where the signing key lives (signing-key.ts): environment, key file, KMS or the data directory. */
  keySource: SigningKeySource;
  origin: string;
  logger?: FastifyBaseLogger;
  now?: () => Date;
  /** External anchors (witnesses, a TSA); without them checkpoints are only cut for exports. */
  anchoring?: { witnesses: readonly WitnessConfig[]; clients: AnchorClients };
  /** Queues the anchor job after a verification; absent, nothing is anchored in the background. */
  jobs?: JobSender;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let signer: Promise<Signer> | undefined;
  const alerts = createLedgerAlerts({ db, ...(deps.logger ? { logger: deps.logger } : {}), now });

  async function loadSigner(): Promise<Signer> {
    const opened = await openSigner(deps.keySource, db);
    if (!opened.ok) throw new Error(opened.error);
    return opened.signer;
  }

  /** The rotation statements, oldest first (public: they carry public keys and signatures). */
  async function rotations(): Promise<DsseEnvelope[]> {
    const rows = await db.select().from(ledgerKeyRotations).orderBy(asc(ledgerKeyRotations.rotatedAt));
    return rows.map((row) => row.statement as DsseEnvelope);
  }

  /** The rotations that lead to `fingerprint`: what an export signed by that key carries. */
  async function historyUpTo(fingerprint: string): Promise<DsseEnvelope[]> {
    const rows = await db.select().from(ledgerKeyRotations).orderBy(asc(ledgerKeyRotations.rotatedAt));
    const end = rows.findIndex((row) => row.nextFingerprint === fingerprint);
    return rows.slice(0, end + 1).map((row) => row.statement as DsseEnvelope);
  }

  const key = () => {
    // A failed load is not kept: the next caller tries again (a KMS briefly unreachable).
    signer ??= loadSigner().catch((error: unknown) => {
      signer = undefined;
      throw error;
    });
    return signer;
  };

  async function entriesOf(tenantId: string, until?: Date): Promise<LedgerEntry[]> {
    const rows = await db
      .select()
      .from(evidenceArtifacts)
      .where(
        and(
          eq(evidenceArtifacts.tenantId, tenantId),
          ...(until ? [lte(evidenceArtifacts.createdAt, until)] : []),
        ),
      )
      .orderBy(asc(evidenceArtifacts.index));
    return rows.map((row) => ({
      index: row.index,
      prevHash: row.prevHash,
      contentHash: row.contentHash,
      hash: row.hash,
      content: row.content,
    }));
  }

  async function verify(tenantId: string) {
    const entries = await entriesOf(tenantId);
    const result = verifyChain(entries);
    const alert = await anchoredVerification(tenantId, entries, result);
    const [row] = await db
      .insert(ledgerVerifications)
      .values(
        result.ok
          ? alert
            ? {
                tenantId,
                isValid: false,
                length: result.length,
                headHash: result.head,
                reason: `${alert.kind}: ${alert.message}`,
                verifiedAt: now(),
              }
            : { tenantId, isValid: true, length: result.length, headHash: result.head, verifiedAt: now() }
          : {
              tenantId,
              isValid: false,
              length: entries.length,
              headHash: entries.at(-1)?.hash ?? null,
              failedIndex: result.index,
              reason: `${result.reason}: ${result.message}`,
              verifiedAt: now(),
            },
      )
      .returning();
    return row!;
  }

  /**
   * Beyond the links: a broken chain, or one that no longer matches the checkpoints it signed and
   * had cosigned, raises an alert; the tenant's open alert (if any) is what the verification says.
   */
  async function anchoredVerification(
    tenantId: string,
    entries: LedgerEntry[],
    result: ReturnType<typeof verifyChain>,
  ) {
    if (!result.ok) {
      await alerts.raise(tenantId, {
        kind: "broken-link",
        message: `${result.message} (${result.reason}): a stored entry was changed`,
      });
    } else {
      for (const problem of await anchors.check(tenantId, entries)) await alerts.raise(tenantId, problem);
    }
    return (await alerts.open(tenantId))[0];
  }

  /** Queues anchoring of the tenant's chain (coalesced per tenant) when anchors are configured. */
  async function queueAnchor(tenantId: string) {
    if (anchors.enabled && deps.jobs)
      await deps.jobs.send(anchors.anchorJob, { tenantId }, { singletonKey: tenantId });
  }

  /**
   * Appends one artifact inside the caller's transaction. The head row is locked FOR UPDATE, so
   * concurrent appends of one tenant queue behind each other and the chain never forks.
   */
  async function append(
    tx: Transaction,
    input: {
      tenantId: string;
      artifactType: ArtifactType;
      content: unknown;
      runId?: string;
      createdAt?: Date;
    },
  ) {
    await tx
      .insert(ledgerHeads)
      .values({ tenantId: input.tenantId, length: 0, headHash: GENESIS_HASH })
      .onConflictDoNothing();
    const [head] = await tx
      .select()
      .from(ledgerHeads)
      .where(eq(ledgerHeads.tenantId, input.tenantId))
      .for("update");
    const previous =
      head!.length === 0
        ? null
        : { index: head!.length - 1, prevHash: "", contentHash: "", hash: head!.headHash };
    const link = appendEntry(previous, input.content);
    // An entry is never dated before the one it follows (the head keeps that one's date): the
    // chain reads in time order even when a caller records history as of an earlier time.
    const requested = input.createdAt ?? now();
    const createdAt = previous && head!.updatedAt > requested ? head!.updatedAt : requested;
    const [artifact] = await tx
      .insert(evidenceArtifacts)
      .values({
        tenantId: input.tenantId,
        index: link.index,
        artifactType: input.artifactType,
        runId: input.runId ?? null,
        content: input.content as object,
        contentHash: link.contentHash,
        prevHash: link.prevHash,
        hash: link.hash,
        createdAt,
      })
      .returning();
    await tx
      .update(ledgerHeads)
      .set({ length: link.index + 1, headHash: link.hash, updatedAt: createdAt })
      .where(eq(ledgerHeads.tenantId, input.tenantId));
    return artifact!;
  }

  /**
   * Signs a checkpoint of the tenant's whole chain and stores it, inside the caller's transaction
   * (a demo copy's rebuilt chain). The signer is loaded by the caller beforehand: on PGlite its
   * first load would wait for the connection the transaction holds.
   */
  async function storeCheckpoint(tx: Transaction, tenantId: string, signer: Signer) {
    const rows = await tx
      .select()
      .from(evidenceArtifacts)
      .where(eq(evidenceArtifacts.tenantId, tenantId))
      .orderBy(asc(evidenceArtifacts.index));
    const note = await cutCheckpoint({
      origin: `${deps.origin}/tenants/${tenantId}`,
      entries: rows,
      timestamp: now()
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z"),
      signer,
    });
    await tx.insert(ledgerCheckpoints).values({
      tenantId,
      treeSize: rows.length,
      rootHash: ledgerTree(rows).root().toString("hex"),
      note,
    });
  }

  const anchors = createAnchorService({
    db,
    witnesses: deps.anchoring?.witnesses ?? [],
    clients: deps.anchoring?.clients ?? {
      addCheckpoint: async () => ({ kind: "unreachable", message: "no witness" }),
    },
    alerts,
    entriesOf,
    cutCheckpoint: async (tenantId, entries) =>
      cutCheckpoint({
        origin: `${deps.origin}/tenants/${tenantId}`,
        entries,
        timestamp: now()
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z"),
        signer: await key(),
      }),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });

  const verifyAllJob = defineJob({
    name: "ledger.verify-all",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "7 * * * *" },
    handle: async () => {
      const rows = await db.select({ tenantId: ledgerHeads.tenantId }).from(ledgerHeads);
      for (const { tenantId } of rows) {
        await verify(tenantId);
        await queueAnchor(tenantId);
      }
    },
  });

  /** Verifies one tenant's chain soon after it grew; jobs for the same tenant coalesce. */
  const verifyTenantJob = defineJob({
    name: "ledger.verify-tenant",
    version: 1,
    payload: z.object({ tenantId: z.uuid() }),
    queue: { policy: "stately", retryLimit: 2 },
    handle: async ({ tenantId }) => {
      await verify(tenantId);
      await queueAnchor(tenantId);
    },
  });

  return {
    verifyAllJob,
    verifyTenantJob,
    anchorJob: anchors.anchorJob,
    anchor: anchors.anchor,
    alerts,
    /** The instance's signer, for checkpoints, attestations and provenance. */
    signer: key,

    /** The chain's head and Merkle root now, as attestations cite it. */
    async headAndRoot(tenantId: string) {
      const entries = await entriesOf(tenantId);
      const last = entries.at(-1);
      if (!last) return undefined;
      return {
        treeSize: entries.length,
        head: last.hash,
        rootHash: ledgerTree(entries).root().toString("hex"),
      };
    },
    verify,
    entriesOf,

    append,
    storeCheckpoint,

    async publicKey() {
      const { publicKey } = await key();
      return {
        publicKeyPem: exportPublicKeyPem(publicKey),
        fingerprint: keyFingerprint(publicKey),
        verifierKey: verifierKey(deps.origin, publicKey),
        // As plain arrays: the response schema's types are mutable.
        rotations: (await rotations()).map((envelope) => ({
          ...envelope,
          signatures: envelope.signatures.map((signature) => ({ ...signature })),
        })),
      };
    },
    rotations,
    /**
     * The current public key and every earlier or later one the rotation statements link to it:
     * what the instance's own signatures (the instance log) verify with across rotations.
     */
    async verificationKeys(): Promise<KeyObject[]> {
      const { publicKey } = await key();
      return [publicKey, ...keysLinkedTo(await rotations(), keyFingerprint(publicKey))];
    },

    /** The newest artifacts of a tenant, newest first. */
    recent: (tenantId: string, limit: number, type: ArtifactType | "all" = "all") =>
      db
        .select()
        .from(evidenceArtifacts)
        .where(
          and(
            eq(evidenceArtifacts.tenantId, tenantId),
            ...(type === "all" ? [] : [eq(evidenceArtifacts.artifactType, type)]),
          ),
        )
        .orderBy(desc(evidenceArtifacts.index))
        .limit(limit),

    ofRun: (tenantId: string, runId: string) =>
      db
        .select()
        .from(evidenceArtifacts)
        .where(and(eq(evidenceArtifacts.tenantId, tenantId), eq(evidenceArtifacts.runId, runId)))
        .orderBy(asc(evidenceArtifacts.index)),

    latestVerification: async (tenantId: string) =>
      (
        await db
          .select()
          .from(ledgerVerifications)
          .where(eq(ledgerVerifications.tenantId, tenantId))
          .orderBy(desc(ledgerVerifications.verifiedAt))
          .limit(1)
      )[0],

    head: async (tenantId: string) =>
      (await db.select().from(ledgerHeads).where(eq(ledgerHeads.tenantId, tenantId)))[0],

    /** The chain's run entries: one per policy run, written in the run's own transaction. */
    runCount: async (tenantId: string) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(evidenceArtifacts)
          .where(and(eq(evidenceArtifacts.tenantId, tenantId), eq(evidenceArtifacts.artifactType, "run")))
      )[0]?.count ?? 0,

    /**
     * An export of the chain as of `until`: every artifact up to then (proofs need the whole chain
     * from its start), a checkpoint signed now, and a consistency proof from the previous one.
     * `keepCheckpoint: false` signs the checkpoint without storing it (a viewer of the read-only
     * demo organization changes nothing). An `auditLog` section rides along, its hash signed in
     * the checkpoint.
     */
    async export(
      tenantId: string,
      until: Date,
      options: { keepCheckpoint: boolean; auditLog?: AuditLogSection },
    ): Promise<LedgerExport> {
      await alerts.requireIntact(tenantId);
      const entries = await entriesOf(tenantId, until);
      const anchored = await anchors.exportAnchors(tenantId, entries);
      const signer = await key();
      const origin = `${deps.origin}/tenants/${tenantId}`;
      const { auditLog } = options;
      const note = await cutCheckpoint({
        origin,
        entries,
        timestamp: now()
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z"),
        signer,
        ...(auditLog ? { auditLog } : {}),
      });
      const [earlier] = await db
        .select()
        .from(ledgerCheckpoints)
        .where(and(eq(ledgerCheckpoints.tenantId, tenantId), lte(ledgerCheckpoints.treeSize, entries.length)))
        .orderBy(desc(ledgerCheckpoints.createdAt))
        .limit(1);
      if (options.keepCheckpoint) {
        await db.insert(ledgerCheckpoints).values({
          tenantId,
          treeSize: entries.length,
          rootHash: ledgerTree(entries).root().toString("hex"),
          note,
        });
      }
      const keyHistory = await historyUpTo(keyFingerprint(signer.publicKey));
      return buildExport({
        entries,
        checkpoint: note,
        publicKey: signer.publicKey,
        keyHistory,
        ...(earlier && earlier.treeSize > 0 ? { earlierCheckpoint: earlier.note } : {}),
        ...(auditLog ? { auditLog } : {}),
        ...(anchored ? { anchors: anchored } : {}),
      });
    },

    /**
     * Records that an export was handed out: an `evidence_export` artifact naming the format, the
     * period asked for and the checkpoint it carried, so the ledger shows what left the system.
     */
    async recordExport(
      tenantId: string,
      input: { format: "json" | "pdf"; from: string; to: string; document: LedgerExport },
    ) {
      const last = input.document.artifacts.at(-1);
      return db.transaction((tx) =>
        append(tx, {
          tenantId,
          artifactType: "evidence_export",
          content: {
            kind: "evidence-export",
            format: input.format,
            from: input.from,
            to: input.to,
            treeSize: input.document.artifacts.length,
            head: last?.hash ?? null,
            checkpointHash: contentHash(input.document.checkpoint),
            // The chain itself then names the audit log that left the system.
            ...(input.document.auditLog
              ? {
                  auditLogHash: auditLogHash(input.document.auditLog),
                  auditLogEntries: input.document.auditLog.entries.length,
                }
              : {}),
          },
        }),
      );
    },

    /** How many artifacts of each type were appended between `from` and `until` (inclusive). */
    async countsByType(tenantId: string, from: Date, until: Date) {
      const rows = await db
        .select({ artifactType: evidenceArtifacts.artifactType, count: sql<number>`count(*)::int` })
        .from(evidenceArtifacts)
        .where(
          and(
            eq(evidenceArtifacts.tenantId, tenantId),
            gte(evidenceArtifacts.createdAt, from),
            lte(evidenceArtifacts.createdAt, until),
          ),
        )
        .groupBy(evidenceArtifacts.artifactType);
      return new Map(rows.map((row) => [row.artifactType, row.count]));
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
