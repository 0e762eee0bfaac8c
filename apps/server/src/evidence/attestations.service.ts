// Compliance attestations (weekly and on demand): the tenant's framework scores and control
// results over a period, bound to the ledger head, as an in-toto Statement in a DSSE envelope
// signed with the instance key. Scan provenance (SLSA v1) is signed per run; uploaded provenance
// is verified against the keys the tenant trusts. Every attestation is itself appended to the ledger.

import type { Attestation, Provenance } from "@rampart/contracts/attestations";
import type { Database } from "@rampart/db/client";
import {
  attestations,
  ledgerHeads,
  policyRuns,
  provenanceAttestations,
  trustedKeys,
} from "@rampart/db/schema";
import {
  complianceStatement,
  contentHash,
  keyFingerprint as fingerprintOf,
  IN_TOTO_PAYLOAD_TYPE,
  importPublicKey,
  signEnvelopeDelegable,
  statementBytes,
  verifyProvenanceEnvelope,
} from "@rampart/ledger";
import { FRAMEWORK_IDS } from "@rampart/policy";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError, notFound } from "../errors.ts";
import { defineJob } from "../jobs/job-queue.ts";
import type { PostureService } from "../posture/posture.service.ts";
import type { LedgerService } from "./ledger.service.ts";

const DAY_MS = 86_400_000;
const ATTESTATION_PERIOD_DAYS = 7;

type AttestationRow = typeof attestations.$inferSelect;
type ProvenanceRow = typeof provenanceAttestations.$inferSelect;

export function toAttestation(row: AttestationRow): Attestation {
  return {
    id: row.id,
    bundleHash: row.bundleHash,
    createdAt: row.createdAt.toISOString(),
    blockchainAnchor: row.blockchainAnchor,
    trigger: row.trigger,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    bundleData: row.statement as Record<string, unknown>,
  };
}

export function toProvenance(row: ProvenanceRow): Provenance {
  return {
    id: row.id,
    runId: row.runId,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    sigstoreBundle: row.verified ? (row.envelope as Record<string, unknown>) : null,
    signatureRef: row.signatureRef,
    verified: row.verified,
    verificationError: row.verificationError,
  };
}

/**
 * The JSON download of an attestation: the bare DSSE envelope when the instance key signed it;
 * when a delegate signed (a KMS key), the envelope with the key delegation beside it, so that the
 * envelope stays plain DSSE and `rampart verify` finds the statement vouching for the delegate.
 */
export function attestationDocument(row: AttestationRow): unknown {
  return row.delegation === null
    ? row.envelope
    : { bundleHash: row.bundleHash, envelope: row.envelope, delegation: row.delegation };
}

/** A Sigstore bundle carries its DSSE envelope under `dsseEnvelope`; a bare envelope is itself. */
function envelopeOf(upload: Record<string, unknown>): unknown {
  return typeof upload.dsseEnvelope === "object" && upload.dsseEnvelope !== null
    ? upload.dsseEnvelope
    : upload;
}

export function createAttestationsService(deps: {
  db: Database;
  ledger: LedgerService;
  posture: PostureService;
  now?: () => Date;
}) {
  const { db, ledger, posture } = deps;
  const now = deps.now ?? (() => new Date());

  async function trustedKeysOf(tenantId: string) {
    const instance = (await ledger.signer()).publicKey;
    const rows = await db.select().from(trustedKeys).where(eq(trustedKeys.tenantId, tenantId));
    const keys = [{ keyid: fingerprintOf(instance), publicKey: instance }];
    for (const row of rows) {
      const imported = importPublicKey(row.publicKeyPem);
      if (imported.ok) keys.push({ keyid: row.fingerprint, publicKey: imported.key });
    }
    return keys;
  }

  async function generate(tenantId: string, trigger: "schedule" | "manual"): Promise<Attestation> {
    await ledger.alerts.requireIntact(tenantId);
    const head = await ledger.headAndRoot(tenantId);
    if (!head) throw new AppError("bad_request", "Nothing to attest yet: run a scan first");
    const periodEnd = now();
    const periodStart = new Date(periodEnd.getTime() - ATTESTATION_PERIOD_DAYS * DAY_MS);
    const frameworks = [];
    for (const frameworkId of FRAMEWORK_IDS) {
      const { compliance } = await posture.compliance(tenantId, frameworkId);
      frameworks.push({
        framework: frameworkId,
        score: compliance.compliancePercentage,
        passed: compliance.passedControls,
        failed: compliance.failedControls,
        untested: compliance.unknownControls,
      });
    }
    const controls = (await posture.controls(tenantId, "all")).map((row) => ({
      control: row.control.code,
      status:
        row.failures > 0 ? ("fail" as const) : row.evaluated ? ("pass" as const) : ("not-evaluated" as const),
      failures: row.failures,
      passes: row.passes,
    }));
    const statement = complianceStatement({
      tenant: { id: tenantId },
      period: { start: periodStart.toISOString(), end: periodEnd.toISOString() },
      generatedAt: periodEnd.toISOString(),
      frameworks,
      controls,
      ledger: head,
    });
    // A KMS key cannot sign a statement this long itself: its delegate does (key-delegation.ts).
    const { envelope, delegation } = await signEnvelopeDelegable(
      IN_TOTO_PAYLOAD_TYPE,
      statementBytes(statement),
      await ledger.signer(),
    );
    const bundleHash = contentHash(envelope);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(attestations)
        .values({
          tenantId,
          bundleHash,
          envelope,
          delegation: delegation ?? null,
          statement,
          periodStart,
          periodEnd,
          trigger,
        })
        .returning();
      await ledger.append(tx, {
        tenantId,
        artifactType: "attestation",
        content: {
          kind: "compliance-attestation",
          attestationId: inserted!.id,
          bundleHash,
          ledgerHead: head.head,
        },
      });
      return inserted!;
    });
    return toAttestation(row);
  }

  const weeklyJob = defineJob({
    name: "attestations.weekly",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "0 5 * * 1" },
    handle: async () => {
      const tenants = await db.select({ tenantId: ledgerHeads.tenantId }).from(ledgerHeads);
      // A tenant whose ledger failed verification gets no attestation over it (see ledger-alerts.ts).
      for (const { tenantId } of tenants)
        if ((await ledger.alerts.open(tenantId)).length === 0) await generate(tenantId, "schedule");
    },
  });

  return {
    weeklyJob,
    generate,

    list: async (tenantId: string) =>
      (
        await db
          .select()
          .from(attestations)
          .where(eq(attestations.tenantId, tenantId))
          .orderBy(desc(attestations.createdAt))
      ).map(toAttestation),

    find: async (id: string) => (await db.select().from(attestations).where(eq(attestations.id, id)))[0],

    listProvenance: async (tenantId: string) =>
      (
        await db
          .select()
          .from(provenanceAttestations)
          .where(eq(provenanceAttestations.tenantId, tenantId))
          .orderBy(desc(provenanceAttestations.createdAt))
          .limit(100)
      ).map(toProvenance),

    /** Records an uploaded DSSE envelope or Sigstore bundle and whether a trusted key signed it. */
    async uploadProvenance(
      tenantId: string,
      upload: Record<string, unknown>,
      runId?: string,
    ): Promise<Provenance> {
      const envelope = envelopeOf(upload);
      if (runId) {
        // The run it describes must be one of this tenant's: another tenant's is not found.
        const [run] = await db
          .select({ id: policyRuns.id })
          .from(policyRuns)
          .where(and(eq(policyRuns.tenantId, tenantId), eq(policyRuns.id, runId)));
        if (!run) throw notFound("Run not found");
      }
      const verification = verifyProvenanceEnvelope(envelope, await trustedKeysOf(tenantId));
      const [row] = await db
        .insert(provenanceAttestations)
        .values({
          tenantId,
          runId: runId ?? null,
          source: "upload",
          envelope: envelope as object,
          verified: verification.ok,
          signatureRef: verification.verifiedKeyIds[0] ?? null,
          verificationError: verification.ok ? null : verification.error,
        })
        .returning();
      return toProvenance(row!);
    },

    async addTrustedKey(tenantId: string, name: string, publicKeyPem: string) {
      const imported = importPublicKey(publicKeyPem);
      if (!imported.ok) throw new AppError("bad_request", `body.publicKeyPem: ${imported.error}`);
      const fingerprint = fingerprintOf(imported.key);
      const [row] = await db
        .insert(trustedKeys)
        .values({ tenantId, name, publicKeyPem, fingerprint })
        .onConflictDoNothing()
        .returning();
      const saved =
        row ??
        (
          await db
            .select()
            .from(trustedKeys)
            .where(and(eq(trustedKeys.tenantId, tenantId), eq(trustedKeys.fingerprint, fingerprint)))
        )[0]!;
      return {
        id: saved.id,
        name: saved.name,
        fingerprint: saved.fingerprint,
        createdAt: saved.createdAt.toISOString(),
      };
    },
  };
}

export type AttestationsService = ReturnType<typeof createAttestationsService>;
