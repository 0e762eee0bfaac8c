// The evidence ledger as the API shows it (spec part 2, Evidence Graph; part 1, Evidence Chain).
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const ArtifactType = z.enum([
  "run",
  "finding",
  "fix_pr",
  "evidence_export",
  "attestation",
  "provenance",
  "evidence_file",
  "evidence_review",
  "policy_approval",
  "policy_acknowledgement",
]);

export const EvidenceArtifact = z.object({
  id: Id,
  index: z.number().int(),
  artifactType: ArtifactType,
  hash: z.string(),
  prevHash: z.string(),
  contentHash: z.string(),
  runId: Id.nullable(),
  createdAt: Timestamp,
  metadata: z.object({ status: z.string().optional(), repo: z.string().optional() }),
});
export type EvidenceArtifact = z.infer<typeof EvidenceArtifact>;

export const ChainStatus = z.object({
  isValid: z.boolean(),
  /** Policy runs recorded in the chain (the dashboard's Total Runs). */
  totalRuns: z.number().int(),
  /** Entries in the chain of every type: runs, finding batches, image scans, fix PRs, exports… */
  chainLength: z.number().int(),
  lastHash: z.string().nullable(),
  /** When the chain was last verified end to end; null before the first verification. */
  lastVerifiedAt: Timestamp.nullable(),
  /** The first broken entry and why, when verification failed. */
  failure: z.object({ index: z.number().int(), reason: z.string() }).nullable(),
});
export type ChainStatus = z.infer<typeof ChainStatus>;

export const EvidenceQuery = z.object({
  /** Only the artifacts of runs that evaluated this control (and fix PRs of its findings). */
  control: z
    .string()
    .regex(/^[A-Z0-9-]{3,30}$/, { error: "must be a control code such as IAC-ENC-01" })
    .optional(),
  type: z.union([z.literal("all"), ArtifactType]).default("all"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const EvidenceResponse = z.object({
  artifacts: z.array(EvidenceArtifact),
  chain: ChainStatus,
  genesisHash: z.string(),
});
export type EvidenceResponse = z.infer<typeof EvidenceResponse>;

// Evidence starts after 1970; PostgreSQL has no year 0, which ISO dates can name.
const Day = z.iso.date().refine((day) => day >= "1970-01-01", { error: "must be 1970-01-01 or later" });
export const ExportQuery = z.object({ from: Day, to: Day, format: z.enum(["json", "pdf"]).default("json") });

export const PublicKeyResponse = z.object({
  algorithm: z.literal("Ed25519"),
  publicKeyPem: z.string(),
  fingerprint: z.string(),
  /** The C2SP verifier key: what signed-note tooling expects. */
  verifierKey: z.string(),
  /**
   * The key's rotation history, oldest first: DSSE envelopes of rotation statements, each signed
   * by the key it retired and the key it introduced (`rampart verify --key-history`).
   */
  rotations: z.array(
    z.object({
      payload: z.string(),
      payloadType: z.string(),
      signatures: z.array(z.object({ keyid: z.string().optional(), sig: z.string() })),
    }),
  ),
});
