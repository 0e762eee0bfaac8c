// The export document: everything an auditor needs to check a tenant's ledger offline, with no
// trust in the server beyond the published public key.
import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { type AuditLogSection, AuditLogSectionSchema, auditLogHash } from "./audit-log.ts";
import { type ChainLink, GENESIS_HASH, type LedgerEntry } from "./chain.ts";
import { type Checkpoint, parseCheckpoint, signCheckpoint, verifyCheckpoint } from "./checkpoint.ts";
import type { DsseEnvelope } from "./dsse.ts";
import { KeyHistorySchema } from "./key-rotation.ts";
import { MerkleTree } from "./merkle.ts";
import { MAX_NOTE_BYTES } from "./note.ts";
import type { Signer } from "./signer.ts";
import { exportPublicKeyBase64, keyFingerprint } from "./signing.ts";
import { MAX_TOKEN_BYTES } from "./timestamp.ts";

// A consistency proof has at most about 2·log2(n) nodes; 128 covers any tree we could hold.
const MAX_PROOF_NODES = 128;
const MAX_TIMESTAMP_BASE64 = Math.ceil(MAX_TOKEN_BYTES / 3) * 4;

export const EXPORT_FORMAT = "rampart-ledger-export";
export const EXPORT_VERSION = 1;

/**
 * Version 1 of the export. Every field is covered by a check in `verifyExport`: the artifacts by
 * the chain and the signed root, the key by its fingerprint (and the auditor's pinned key), the
 * proofs by recomputation, the audit log section by the hash in the signed checkpoint, the anchors
 * by the key, the proof, the witnesses' keys and the TSA roots. Hashes are lowercase hex; the schema only checks shapes, so that a
 * damaged hash is reported at its entry rather than as an unreadable document.
 */
export const LedgerExportSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  /** The checkpoint origin: instance and tenant. */
  origin: z.string(),
  /** Must equal the GENESIS_HASH of the ledger version that wrote it. */
  genesisHash: z.string(),
  publicKey: z.strictObject({
    algorithm: z.literal("Ed25519"),
    /** base64 of the SPKI DER. */
    spki: z.string(),
    /** SHA-256 of the SPKI DER, hex. */
    fingerprint: z.string(),
  }),
  /** The signed note (C2SP tlog-checkpoint) over exactly these artifacts. */
  checkpoint: z.string(),
  artifacts: z.array(
    z.strictObject({
      index: z.number(),
      content: z.json(),
      contentHash: z.string(),
      prevHash: z.string(),
      hash: z.string(),
      /** RFC 9162 inclusion proof of this artifact's hash in the checkpoint's tree, hex nodes. */
      inclusionProof: z.array(z.string()),
    }),
  ),
  /**
   * Optional: the period's audit log entries; the checkpoint's `audit-log` line carries its hash.
   * Exports written before the audit log existed have neither.
   */
  auditLog: AuditLogSectionSchema.optional(),
  /** Optional: proof that an earlier checkpoint's tree is a prefix of this one. */
  consistency: z
    .strictObject({
      /** The earlier signed note. */
      checkpoint: z.string(),
      /** RFC 9162 consistency proof from its size to this checkpoint's size, hex nodes. */
      proof: z.array(z.string()),
    })
    .optional(),
  /**
   * Optional: the newest externally anchored checkpoint, consistent with this one. Exports written
   * before anchoring existed have none.
   */
  anchors: z
    .strictObject({
      /** The anchored signed note: the log's signature line plus the witnesses' cosignature lines. */
      checkpoint: z.string().max(MAX_NOTE_BYTES),
      /** RFC 9162 consistency proof from its size to this export's checkpoint size, hex nodes. */
      proof: z.array(z.string()).max(MAX_PROOF_NODES),
      /** base64 DER RFC 3161 TimeStampToken over that checkpoint's note body (UTF-8). */
      timestamp: z.string().max(MAX_TIMESTAMP_BASE64).optional(),
    })
    .optional(),
  /**
   * Optional: the instance's key rotation statements up to the key that signed this export (each
   * signed by the key it retires and the key it introduces), so that an auditor who pinned an
   * earlier key can follow them to this one (see key-rotation.ts).
   */
  keyHistory: KeyHistorySchema.optional(),
});

export type LedgerExport = z.infer<typeof LedgerExportSchema>;
export type ExportedArtifact = LedgerExport["artifacts"][number];

/** The Merkle tree of a chain: leaf i is the 32 raw bytes of entry i's hash. */
export function ledgerTree(entries: readonly ChainLink[]): MerkleTree {
  return MerkleTree.fromLeaves(entries.map((entry) => Buffer.from(entry.hash, "hex")));
}

/** Signs a checkpoint of the whole chain `entries` (RFC 3339 UTC `timestamp`). */
export function cutCheckpoint(input: {
  readonly origin: string;
  readonly entries: readonly ChainLink[];
  readonly timestamp: string;
  readonly signer: Signer;
  /** The audit log section the export will carry: its hash goes into the signed note. */
  readonly auditLog?: AuditLogSection;
}): Promise<string> {
  const checkpoint: Checkpoint = {
    origin: input.origin,
    treeSize: input.entries.length,
    rootHash: ledgerTree(input.entries).root().toString("hex"),
    timestamp: input.timestamp,
    ...(input.auditLog === undefined ? {} : { auditLogHash: auditLogHash(input.auditLog) }),
  };
  return signCheckpoint(checkpoint, input.signer);
}

export interface BuildExportInput {
  /** The tenant's whole chain, from index 0. */
  readonly entries: readonly LedgerEntry[];
  /** A signed checkpoint (e.g. from {@link cutCheckpoint}) of exactly `entries`. */
  readonly checkpoint: string;
  readonly publicKey: KeyObject;
  /** An earlier signed checkpoint of this chain: adds a consistency proof from it. */
  readonly earlierCheckpoint?: string;
  /** The audit log section whose hash the checkpoint names (see {@link cutCheckpoint}). */
  readonly auditLog?: AuditLogSection;
  /** The newest anchored checkpoint of this chain: adds a consistency proof from it. */
  readonly anchors?: AnchorsInput;
  /** The key rotation statements up to `publicKey`, oldest first (see key-rotation.ts). */
  readonly keyHistory?: readonly DsseEnvelope[];
}

export interface AnchorsInput {
  /** The signed note with the witnesses' cosignature lines, as they returned it. */
  readonly checkpoint: string;
  /** The DER RFC 3161 token over the checkpoint's note body, if a TSA stamped it. */
  readonly timestamp?: Uint8Array;
}

/**
 * The export document of a chain.
 * @throws TypeError if the checkpoints do not verify with `publicKey` or do not match `entries`
 *   (the caller passed the wrong chain or key: a programmer error).
 */
export function buildExport(input: BuildExportInput): LedgerExport {
  const tree = ledgerTree(input.entries);
  const verified = verifyCheckpoint(input.checkpoint, input.publicKey);
  if (!verified.ok) throw new TypeError(`checkpoint: ${verified.message}`);
  const { checkpoint } = verified;
  if (checkpoint.treeSize !== input.entries.length || checkpoint.rootHash !== tree.root().toString("hex")) {
    throw new TypeError("checkpoint does not cover exactly these entries");
  }
  const sectionHash = input.auditLog === undefined ? undefined : auditLogHash(input.auditLog);
  if (checkpoint.auditLogHash !== sectionHash) {
    throw new TypeError("checkpoint does not name exactly this audit log section");
  }
  let consistency: LedgerExport["consistency"];
  if (input.earlierCheckpoint !== undefined) {
    const earlier = parseCheckpoint(input.earlierCheckpoint);
    if (!earlier.ok) throw new TypeError(`earlier checkpoint: ${earlier.message}`);
    if (earlier.checkpoint.treeSize > tree.size)
      throw new TypeError("earlier checkpoint is larger than the chain");
    consistency = {
      checkpoint: input.earlierCheckpoint,
      proof: tree.consistencyProof(earlier.checkpoint.treeSize).map((node) => node.toString("hex")),
    };
  }
  const anchors = input.anchors === undefined ? undefined : exportAnchors(input.anchors, tree, checkpoint);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    origin: checkpoint.origin,
    genesisHash: GENESIS_HASH,
    publicKey: {
      algorithm: "Ed25519",
      spki: exportPublicKeyBase64(input.publicKey),
      fingerprint: keyFingerprint(input.publicKey),
    },
    checkpoint: input.checkpoint,
    artifacts: input.entries.map((entry, index) => ({
      index: entry.index,
      content: entry.content as z.core.util.JSONType,
      contentHash: entry.contentHash,
      prevHash: entry.prevHash,
      hash: entry.hash,
      inclusionProof: tree.inclusionProof(index).map((node) => node.toString("hex")),
    })),
    ...(input.auditLog === undefined ? {} : { auditLog: input.auditLog }),
    ...(consistency === undefined ? {} : { consistency }),
    ...(anchors === undefined ? {} : { anchors }),
    ...(input.keyHistory === undefined || input.keyHistory.length === 0
      ? {}
      : {
          keyHistory: input.keyHistory.map((envelope) => ({
            payload: envelope.payload,
            payloadType: envelope.payloadType,
            signatures: envelope.signatures.map((signature) => ({ ...signature })),
          })),
        }),
  };
}

/** The anchors field: the anchored checkpoint must be this log's, and a prefix of these entries. */
function exportAnchors(
  input: AnchorsInput,
  tree: MerkleTree,
  checkpoint: Checkpoint,
): NonNullable<LedgerExport["anchors"]> {
  // Read, not verified: after a key rotation it carries the earlier key's signature, which the
  // verifier checks with the keys the rotation statements link (verify-export.ts).
  const anchored = parseCheckpoint(input.checkpoint);
  if (!anchored.ok) throw new TypeError(`anchored checkpoint: ${anchored.message}`);
  if (anchored.checkpoint.origin !== checkpoint.origin)
    throw new TypeError("anchored checkpoint is another log's");
  const { treeSize, rootHash } = anchored.checkpoint;
  if (treeSize > tree.size || tree.root(treeSize).toString("hex") !== rootHash) {
    throw new TypeError("anchored checkpoint is not a prefix of these entries");
  }
  return {
    checkpoint: input.checkpoint,
    proof: tree.consistencyProof(treeSize).map((node) => node.toString("hex")),
    ...(input.timestamp === undefined ? {} : { timestamp: Buffer.from(input.timestamp).toString("base64") }),
  };
}
