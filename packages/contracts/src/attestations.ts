// Compliance attestations and supply-chain provenance (spec part 2, Attestations & Provenance).
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const Attestation = z.object({
  id: Id,
  bundleHash: z.string(),
  createdAt: Timestamp,
  /** Present only when an external anchor is configured and really made. */
  blockchainAnchor: z.string().nullable(),
  trigger: z.enum(["schedule", "manual"]),
  periodStart: Timestamp,
  periodEnd: Timestamp,
  /** The decoded in-toto Statement. */
  bundleData: z.record(z.string(), z.unknown()),
});
export type Attestation = z.infer<typeof Attestation>;
export const AttestationList = z.array(Attestation);

export const Provenance = z.object({
  id: Id,
  runId: Id.nullable(),
  source: z.enum(["scan", "upload"]),
  createdAt: Timestamp,
  /** The DSSE envelope when a signature verified against a trusted key; null otherwise. */
  sigstoreBundle: z.record(z.string(), z.unknown()).nullable(),
  signatureRef: z.string().nullable(),
  verified: z.boolean(),
  verificationError: z.string().nullable(),
});
export type Provenance = z.infer<typeof Provenance>;
export const ProvenanceList = z.array(Provenance);

export const UploadProvenanceBody = z.object({
  /** A DSSE envelope `{payloadType, payload, signatures[{keyid?, sig}]}` or a Sigstore bundle holding one. */
  envelope: z.record(z.string(), z.unknown()),
  runId: Id.optional(),
});

export const TrustedKeyBody = z.object({
  name: z.string().trim().min(1).max(200),
  publicKeyPem: z.string().trim().min(40).max(10_000),
});
export const TrustedKey = z.object({
  id: Id,
  name: z.string(),
  fingerprint: z.string(),
  createdAt: Timestamp,
});
