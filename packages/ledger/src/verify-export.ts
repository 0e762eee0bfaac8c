// Offline verification of an export: what `rampart verify <export.json>` runs and prints. Each
// check passes, fails (naming the entry where it can) or is skipped with the reason.
import { createPublicKey, type KeyObject } from "node:crypto";
import { auditLogHash } from "./audit-log.ts";
import { GENESIS_HASH, verifyChain } from "./chain.ts";
import { type Checkpoint, parseCheckpoint, verifyCheckpoint } from "./checkpoint.ts";
import { verifyCosignatures } from "./cosignature.ts";
import { type LedgerExport, LedgerExportSchema } from "./export.ts";
import { decodeCanonicalBase64, isSha256Hex, SHA256_HEX } from "./hash.ts";
import { keysLinkedTo, linkKeys } from "./key-rotation.ts";
import { leafHash, MerkleTree, verifyConsistency, verifyInclusion } from "./merkle.ts";
import { splitNote } from "./note.ts";
import { importPublicKey, keyFingerprint } from "./signing.ts";
import { verifyTimestampToken } from "./timestamp.ts";

export type CheckId =
  | "json"
  | "format"
  | "genesis"
  | "public-key"
  | "trusted-key"
  | "checkpoint-signature"
  | "checkpoint-size"
  | "chain"
  | "merkle-root"
  | "inclusion-proofs"
  | "audit-log"
  | "earlier-checkpoint-signature"
  | "consistency"
  | "anchor-checkpoint"
  | "anchor-consistency"
  | "witnesses"
  | "anchor-timestamp";

export type CheckStatus = "pass" | "fail" | "skip";

export interface ExportCheck {
  readonly id: CheckId;
  readonly status: CheckStatus;
  readonly message: string;
  /** The artifact where the check failed, when the failure is at one. */
  readonly entryIndex?: number;
}

export interface ExportReport {
  /** No check failed. A skipped `trusted-key` means the key was not compared with a published one. */
  readonly ok: boolean;
  readonly checks: readonly ExportCheck[];
  /** What a passing export proves: the signed tree and the chain head. */
  readonly treeSize?: number;
  readonly rootHash?: string;
  readonly head?: string;
  readonly fingerprint?: string;
}

export interface VerifyExportOptions {
  /** The instance's published key: a KeyObject, PEM, base64 SPKI/raw, or its hex fingerprint. */
  readonly trustedPublicKey?: KeyObject | string;
  /** A signed checkpoint the auditor kept from an earlier export. */
  readonly earlierCheckpoint?: string;
  /** The witnesses the auditor trusts: C2SP cosignature/v1 verifier keys, one per witness. */
  readonly witnesses?: readonly string[];
  /**
   * The TSA roots the auditor trusts (PEM). Only {@link verifyExportAsync} checks the RFC 3161
   * token: pkijs verifies asynchronously.
   */
  readonly tsaRoots?: readonly string[];
  /**
   * Key rotation statements the auditor fetched (GET /api/evidence/public-key `rotations`): with
   * the export's own `keyHistory`, they link the trusted key to the export's key.
   */
  readonly keyHistory?: readonly unknown[];
}

/** The RFC 3161 token left for the asynchronous verifier, and the bytes it must cover. */
interface PendingTimestamp {
  readonly token: Buffer;
  readonly body: string;
  readonly trustedRoots: readonly string[];
}

interface Inspection {
  readonly report: ExportReport;
  readonly pending?: PendingTimestamp;
}

const ALL_CHECKS: readonly CheckId[] = [
  "json",
  "format",
  "genesis",
  "public-key",
  "trusted-key",
  "checkpoint-signature",
  "checkpoint-size",
  "chain",
  "merkle-root",
  "inclusion-proofs",
  "audit-log",
  "earlier-checkpoint-signature",
  "consistency",
  "anchor-checkpoint",
  "anchor-consistency",
  "witnesses",
  "anchor-timestamp",
];

function finish(checks: ExportCheck[], facts: Omit<ExportReport, "ok" | "checks"> = {}): ExportReport {
  const done = new Set(checks.map((check) => check.id));
  const firstFailure = checks.find((check) => check.status === "fail");
  const all = [
    ...checks,
    ...ALL_CHECKS.filter((id) => !done.has(id)).map(
      (id): ExportCheck => ({
        id,
        status: "skip",
        message: `not run: the ${firstFailure?.id ?? "earlier"} check failed`,
      }),
    ),
  ];
  return { ok: firstFailure === undefined, checks: all, ...facts };
}

/** {@link verifyExport} on the text of an export file. */
export function verifyExportText(text: string, options: VerifyExportOptions = {}): ExportReport {
  return withoutTimestamp(inspectText(text, options));
}

/** {@link verifyExportAsync} on the text of an export file: what `rampart verify` runs. */
export function verifyExportTextAsync(
  text: string,
  options: VerifyExportOptions = {},
): Promise<ExportReport> {
  return withTimestamp(inspectText(text, options));
}

/**
 * Every check of {@link verifyExport}, and the anchored checkpoint's RFC 3161 token against the
 * TSA roots given.
 */
export function verifyExportAsync(
  document: unknown,
  options: VerifyExportOptions = {},
  prior?: ExportCheck[],
): Promise<ExportReport> {
  return withTimestamp(inspectExport(document, options, prior));
}

/**
 * Checks an export document (any parsed JSON) offline. Stops early only when later checks would be
 * meaningless (unreadable document, unusable key); otherwise every check runs, so the report says
 * everything that passed and everything that failed. The RFC 3161 token, when TSA roots are given,
 * is left to {@link verifyExportAsync} and reported as skipped here.
 */
export function verifyExport(document: unknown, options: VerifyExportOptions = {}, prior?: ExportCheck[]) {
  return withoutTimestamp(inspectExport(document, options, prior));
}

function inspectText(text: string, options: VerifyExportOptions): Inspection {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return {
      report: finish([{ id: "json", status: "fail", message: `not JSON: ${(error as Error).message}` }]),
    };
  }
  return inspectExport(document, options, [{ id: "json", status: "pass", message: "the file is JSON" }]);
}

function withoutTimestamp({ report }: Inspection): ExportReport {
  return report;
}

async function withTimestamp({ report, pending }: Inspection): Promise<ExportReport> {
  if (pending === undefined) return report;
  const verified = await verifyTimestampToken(pending.token, pending.body, {
    trustedRoots: pending.trustedRoots,
  });
  const check: ExportCheck = verified.ok
    ? {
        id: "anchor-timestamp",
        status: "pass",
        message: `the anchored checkpoint was timestamped by ${verified.tsa} at ${verified.genTime} (serial ${verified.serial}, policy ${verified.policy})`,
      }
    : {
        id: "anchor-timestamp",
        status: "fail",
        message: `the RFC 3161 token does not hold: ${verified.reason}: ${verified.message}`,
      };
  return {
    ...report,
    ok: report.ok && verified.ok,
    checks: report.checks.map((existing) => (existing.id === "anchor-timestamp" ? check : existing)),
  };
}

function entryIndexOf(path: readonly PropertyKey[]): number | undefined {
  return path[0] === "artifacts" && typeof path[1] === "number" ? path[1] : undefined;
}

function resolveTrustedKey(trusted: KeyObject | string): { fingerprint: string } | { error: string } {
  if (typeof trusted !== "string") {
    try {
      return { fingerprint: keyFingerprint(trusted.type === "public" ? trusted : createPublicKey(trusted)) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
  const text = trusted.trim();
  if (SHA256_HEX.test(text.toLowerCase())) return { fingerprint: text.toLowerCase() };
  const imported = importPublicKey(text);
  return imported.ok ? { fingerprint: keyFingerprint(imported.key) } : { error: imported.error };
}

function decodeHexNodes(nodes: readonly string[]): Buffer[] | undefined {
  return nodes.every(isSha256Hex) ? nodes.map((node) => Buffer.from(node, "hex")) : undefined;
}

function inspectExport(
  document: unknown,
  options: VerifyExportOptions,
  prior: ExportCheck[] = [{ id: "json", status: "skip", message: "given as a parsed document" }],
): Inspection {
  const checks: ExportCheck[] = [...prior];
  const parsed = LedgerExportSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length === 0 ? "document" : issue.path.join(".");
    const entryIndex = entryIndexOf(issue.path);
    checks.push({
      id: "format",
      status: "fail",
      message: `not a ${"rampart-ledger-export"} v1 document: ${where}: ${issue.message}`,
      ...(entryIndex === undefined ? {} : { entryIndex }),
    });
    return { report: finish(checks) };
  }
  const doc: LedgerExport = parsed.data;
  checks.push({
    id: "format",
    status: "pass",
    message: `rampart-ledger-export v1 with ${doc.artifacts.length} artifacts`,
  });
  checks.push(
    doc.genesisHash === GENESIS_HASH
      ? { id: "genesis", status: "pass", message: `chain starts at genesis ${GENESIS_HASH}` }
      : {
          id: "genesis",
          status: "fail",
          message: `genesisHash is ${doc.genesisHash}, expected ${GENESIS_HASH}`,
        },
  );

  // The key: the export's own, checked against its fingerprint and, if given, the published one.
  const spki = decodeCanonicalBase64(doc.publicKey.spki);
  const imported = spki === undefined ? undefined : importPublicKey(doc.publicKey.spki);
  // DER readers skip trailing bytes: only the exact encoding of the key counts, or the file could
  // change and still verify.
  const exact =
    imported?.ok === true &&
    spki !== undefined &&
    spki.equals(imported.key.export({ format: "der", type: "spki" }));
  if (imported === undefined || !imported.ok || !exact) {
    checks.push({
      id: "public-key",
      status: "fail",
      message: "publicKey.spki is not a base64 Ed25519 SPKI key",
    });
    return { report: finish(checks) };
  }
  const publicKey = imported.key;
  const fingerprint = keyFingerprint(publicKey);
  if (fingerprint !== doc.publicKey.fingerprint) {
    checks.push({
      id: "public-key",
      status: "fail",
      message: `the key's fingerprint is ${fingerprint}, the export says ${doc.publicKey.fingerprint}`,
    });
    return { report: finish(checks) };
  }
  checks.push({ id: "public-key", status: "pass", message: `Ed25519 key ${fingerprint}` });
  if (options.trustedPublicKey === undefined) {
    checks.push({
      id: "trusted-key",
      status: "skip",
      message: `no trusted key given: compare ${fingerprint} with the instance's published fingerprint`,
    });
  } else {
    const trusted = resolveTrustedKey(options.trustedPublicKey);
    checks.push(
      "error" in trusted
        ? {
            id: "trusted-key",
            status: "fail",
            message: `the trusted key could not be read: ${trusted.error}`,
          }
        : trusted.fingerprint === fingerprint
          ? { id: "trusted-key", status: "pass", message: "the export's key is the trusted key" }
          : linkedKeyCheck(doc, options, trusted.fingerprint, fingerprint),
    );
  }
  // Keys the rotation statements link to the export's: an included earlier checkpoint may be
  // signed by the key before it.
  const history = [...(options.keyHistory ?? []), ...(doc.keyHistory ?? [])];

  // The signed checkpoint.
  const verified = verifyCheckpoint(doc.checkpoint, publicKey, doc.origin);
  if (!verified.ok) {
    checks.push({
      id: "checkpoint-signature",
      status: "fail",
      message: `${verified.reason}: ${verified.message}`,
    });
    return { report: finish(checks, { fingerprint }) };
  }
  const checkpoint: Checkpoint = verified.checkpoint;
  checks.push({
    id: "checkpoint-signature",
    status: "pass",
    message: `${checkpoint.origin} size ${checkpoint.treeSize} at ${checkpoint.timestamp}, signed by the key`,
  });
  checks.push(
    checkpoint.treeSize === doc.artifacts.length
      ? {
          id: "checkpoint-size",
          status: "pass",
          message: `the checkpoint covers all ${doc.artifacts.length} artifacts`,
        }
      : {
          id: "checkpoint-size",
          status: "fail",
          message: `the checkpoint covers ${checkpoint.treeSize} artifacts, the export has ${doc.artifacts.length}`,
        },
  );

  // The hash chain, from genesis.
  const chain = verifyChain(doc.artifacts);
  checks.push(
    chain.ok
      ? {
          id: "chain",
          status: "pass",
          message: `${chain.length} artifacts link from genesis to head ${chain.head}`,
        }
      : {
          id: "chain",
          status: "fail",
          message: `${chain.reason}: ${chain.message}`,
          entryIndex: chain.index,
        },
  );

  // The Merkle root, recomputed from every artifact's hash.
  const malformedHash = doc.artifacts.findIndex((artifact) => !isSha256Hex(artifact.hash));
  const root = Buffer.from(checkpoint.rootHash, "hex");
  if (malformedHash >= 0) {
    checks.push({
      id: "merkle-root",
      status: "fail",
      message: `artifact ${malformedHash} has a malformed hash`,
      entryIndex: malformedHash,
    });
  } else {
    const tree = MerkleTree.fromLeaves(doc.artifacts.map((artifact) => Buffer.from(artifact.hash, "hex")));
    const actual = tree.root().toString("hex");
    checks.push(
      actual === checkpoint.rootHash
        ? {
            id: "merkle-root",
            status: "pass",
            message: `the artifacts' Merkle root is the signed root ${actual}`,
          }
        : {
            id: "merkle-root",
            status: "fail",
            message: `the artifacts' root is ${actual}, signed ${checkpoint.rootHash}`,
          },
    );
  }

  // Each artifact's inclusion proof against the signed root.
  const failedInclusions = doc.artifacts.flatMap((artifact, index) => {
    const proof = decodeHexNodes(artifact.inclusionProof);
    const ok =
      proof !== undefined &&
      isSha256Hex(artifact.hash) &&
      verifyInclusion(index, checkpoint.treeSize, leafHash(Buffer.from(artifact.hash, "hex")), proof, root);
    return ok ? [] : [index];
  });
  if (failedInclusions.length === 0) {
    checks.push({
      id: "inclusion-proofs",
      status: "pass",
      message: `all ${doc.artifacts.length} inclusion proofs verify against the signed root`,
    });
  } else {
    const first = failedInclusions[0]!;
    const more =
      failedInclusions.length > 1
        ? ` (${failedInclusions.length} artifacts fail: ${failedInclusions.slice(0, 10).join(", ")}${failedInclusions.length > 10 ? ", …" : ""})`
        : "";
    checks.push({
      id: "inclusion-proofs",
      status: "fail",
      message: `artifact ${first}: the inclusion proof does not verify${more}`,
      entryIndex: first,
    });
  }

  checks.push(auditLogCheck(doc, checkpoint));
  // Keys the rotation statements link to the export's sign earlier checkpoints too.
  const linkedKeys = [publicKey, ...keysLinkedTo(history, fingerprint)];
  checkConsistency(doc, checkpoint, linkedKeys, options, checks);
  const pending = checkAnchors(doc, checkpoint, linkedKeys, options, checks);
  const report = finish(checks, {
    treeSize: checkpoint.treeSize,
    rootHash: checkpoint.rootHash,
    fingerprint,
    ...(chain.ok ? { head: chain.head } : {}),
  });
  return pending === undefined ? { report } : { report, pending };
}

const AFTER_ANCHOR_CHECKPOINT: readonly CheckId[] = ["anchor-consistency", "witnesses", "anchor-timestamp"];

/**
 * The anchors: the anchored checkpoint is the log's own, this export extends it, the witnesses
 * the auditor trusts cosigned it, and a TSA the auditor trusts stamped its body. Returns the token
 * for the asynchronous verifier when there is one to check.
 */
function checkAnchors(
  doc: LedgerExport,
  checkpoint: Checkpoint,
  keys: readonly KeyObject[],
  options: VerifyExportOptions,
  checks: ExportCheck[],
): PendingTimestamp | undefined {
  const anchors = doc.anchors;
  if (anchors === undefined) {
    for (const id of ["anchor-checkpoint", ...AFTER_ANCHOR_CHECKPOINT] as const) {
      checks.push({ id, status: "skip", message: "the export carries no anchors" });
    }
    return undefined;
  }
  const anchored = verifiedByAny(anchors.checkpoint, keys, checkpoint.origin);
  if (!anchored.ok) {
    checks.push({
      id: "anchor-checkpoint",
      status: "fail",
      message: `the anchored checkpoint is not this log's: ${anchored.reason}: ${anchored.message}`,
    });
    for (const id of AFTER_ANCHOR_CHECKPOINT) {
      checks.push({ id, status: "skip", message: "not run: the anchored checkpoint is not verified" });
    }
    return undefined;
  }
  const old = anchored.checkpoint;
  checks.push({
    id: "anchor-checkpoint",
    status: "pass",
    message: `the anchored checkpoint (size ${old.treeSize} at ${old.timestamp}) is signed by the key`,
  });
  checks.push(anchorConsistencyCheck(old, checkpoint, anchors.proof));
  checks.push(witnessCheck(anchors.checkpoint, old.treeSize, options.witnesses));
  return timestampCheck(anchors, options.tsaRoots, checks);
}

function anchorConsistencyCheck(
  old: Checkpoint,
  checkpoint: Checkpoint,
  nodes: readonly string[],
): ExportCheck {
  if (old.treeSize > checkpoint.treeSize) {
    return {
      id: "anchor-consistency",
      status: "fail",
      message: `the anchored checkpoint has ${old.treeSize} entries, this one only ${checkpoint.treeSize}: history was cut`,
    };
  }
  const proof = decodeHexNodes(nodes);
  const ok = proof !== undefined && extendsTree(old, checkpoint, proof);
  return ok
    ? {
        id: "anchor-consistency",
        status: "pass",
        message: `the anchored tree (size ${old.treeSize}) is a prefix of this one (size ${checkpoint.treeSize})`,
      }
    : {
        id: "anchor-consistency",
        status: "fail",
        message: `the anchored tree (size ${old.treeSize}) is not a prefix of this one by the export's proof: history was rewritten or the proof is damaged`,
      };
}

/** Counts the witnesses (distinct names and keys, as parseCosignerKeys insists) that vouch. */
function witnessCheck(note: string, treeSize: number, witnesses: readonly string[] | undefined): ExportCheck {
  if (witnesses === undefined || witnesses.length === 0) {
    return {
      id: "witnesses",
      status: "skip",
      message: "no witness keys given: the cosignatures are not checked",
    };
  }
  const verified = verifyCosignatures(note, witnesses);
  if (!verified.ok)
    return { id: "witnesses", status: "fail", message: `${verified.reason}: ${verified.message}` };
  const count = `${verified.vouching.length} of ${witnesses.length} witnesses vouch for tree size ${treeSize}`;
  const failed = verified.failed[0];
  if (failed !== undefined) {
    return {
      id: "witnesses",
      status: "fail",
      message: `${count}, but the cosignature of ${failed.name} ${failed.message}`,
    };
  }
  if (verified.vouching.length === 0) {
    return { id: "witnesses", status: "fail", message: `${count}: none of the given witnesses cosigned it` };
  }
  const names = verified.vouching.map((vouch) => vouch.name).join(", ");
  return { id: "witnesses", status: "pass", message: `${count} (${names})` };
}

function timestampCheck(
  anchors: NonNullable<LedgerExport["anchors"]>,
  tsaRoots: readonly string[] | undefined,
  checks: ExportCheck[],
): PendingTimestamp | undefined {
  const skip = (message: string) => {
    checks.push({ id: "anchor-timestamp", status: "skip", message });
    return undefined;
  };
  if (anchors.timestamp === undefined) return skip("the anchored checkpoint carries no RFC 3161 timestamp");
  const token = decodeCanonicalBase64(anchors.timestamp);
  const split = splitNote(anchors.checkpoint);
  if (token === undefined || !split.ok) {
    checks.push({ id: "anchor-timestamp", status: "fail", message: "the RFC 3161 token is not base64" });
    return undefined;
  }
  if (tsaRoots === undefined || tsaRoots.length === 0) {
    return skip("no TSA roots given: the RFC 3161 token is not checked");
  }
  // Reported as skipped until the asynchronous verifier replaces it with its result.
  skip("the RFC 3161 token is checked only by the asynchronous verifier (verifyExportAsync)");
  return { token, body: split.note.text, trustedRoots: tsaRoots };
}

/** The audit log section against the hash the signed checkpoint names: both or neither. */
function auditLogCheck(doc: LedgerExport, checkpoint: Checkpoint): ExportCheck {
  const section = doc.auditLog;
  if (section === undefined && checkpoint.auditLogHash === undefined) {
    return { id: "audit-log", status: "skip", message: "the export carries no audit log" };
  }
  if (section === undefined) {
    return {
      id: "audit-log",
      status: "fail",
      message: "the checkpoint names an audit log that the export does not carry: it was removed",
    };
  }
  if (checkpoint.auditLogHash === undefined) {
    return {
      id: "audit-log",
      status: "fail",
      message: "the export carries an audit log that the signed checkpoint does not cover",
    };
  }
  const actual = auditLogHash(section);
  if (actual !== checkpoint.auditLogHash) {
    return {
      id: "audit-log",
      status: "fail",
      message: `the audit log's hash is ${actual}, signed ${checkpoint.auditLogHash}: an entry was changed, added or removed`,
    };
  }
  const capped =
    section.total > section.entries.length ? ` (${section.total} in the period; the export was capped)` : "";
  return {
    id: "audit-log",
    status: "pass",
    message: `${section.entries.length} audit log entries from ${section.from} to ${section.to}${capped} are covered by the signed checkpoint`,
  };
}

/** The trusted key is not the export's: pass if verified rotation statements link the two. */
function linkedKeyCheck(
  doc: LedgerExport,
  options: VerifyExportOptions,
  trustedFingerprint: string,
  fingerprint: string,
): ExportCheck {
  const history = [...(options.keyHistory ?? []), ...(doc.keyHistory ?? [])];
  const notTrusted = `the export is signed by ${fingerprint}, not by the trusted key ${trustedFingerprint}`;
  if (history.length === 0) return { id: "trusted-key", status: "fail", message: notTrusted };
  const signedAt = parseCheckpoint(doc.checkpoint);
  const link = linkKeys(
    history,
    trustedFingerprint,
    fingerprint,
    signedAt.ok ? signedAt.checkpoint.timestamp : undefined,
  );
  if (!link.ok) return { id: "trusted-key", status: "fail", message: `${notTrusted}: ${link.message}` };
  return {
    id: "trusted-key",
    status: "pass",
    message: `the export's key is linked to the trusted key by ${link.rotations.length} rotation statement(s) signed by both keys`,
  };
}

/** The checkpoint verified by the first of `keys` that signed it, or why none did. */
function verifiedByAny(note: string, keys: readonly KeyObject[], origin: string) {
  let result = verifyCheckpoint(note, keys[0]!, origin);
  for (const key of keys.slice(1)) {
    if (result.ok || result.reason !== "no-signature") break;
    result = verifyCheckpoint(note, key, origin);
  }
  return result;
}

function checkConsistency(
  doc: LedgerExport,
  checkpoint: Checkpoint,
  publicKeys: readonly KeyObject[],
  options: VerifyExportOptions,
  checks: ExportCheck[],
): void {
  // The export's own earlier checkpoint and proof, and the auditor's, are each checked: every byte
  // of the export is covered, and the auditor's copy is what proves nothing was rewritten since.
  const earlier: { source: string; note: string; proof?: readonly string[] }[] = [];
  if (doc.consistency !== undefined) {
    earlier.push({ source: "the included", note: doc.consistency.checkpoint, proof: doc.consistency.proof });
  }
  if (options.earlierCheckpoint !== undefined && options.earlierCheckpoint !== doc.consistency?.checkpoint) {
    earlier.push({ source: "the given", note: options.earlierCheckpoint });
  }
  if (earlier.length === 0) {
    const message = "no earlier checkpoint given or included";
    checks.push({ id: "earlier-checkpoint-signature", status: "skip", message });
    checks.push({ id: "consistency", status: "skip", message });
    return;
  }
  for (const { source, note, proof: includedProof } of earlier) {
    const verified = verifiedByAny(note, publicKeys, checkpoint.origin);
    if (!verified.ok) {
      checks.push({
        id: "earlier-checkpoint-signature",
        status: "fail",
        message: `${source} earlier checkpoint: ${verified.reason}: ${verified.message}`,
      });
      checks.push({
        id: "consistency",
        status: "skip",
        message: `not run: ${source} earlier checkpoint is not verified`,
      });
      continue;
    }
    const old = verified.checkpoint;
    checks.push({
      id: "earlier-checkpoint-signature",
      status: "pass",
      message: `${source} earlier checkpoint (size ${old.treeSize} at ${old.timestamp}) is signed by the key`,
    });
    checks.push(consistencyCheck(doc, checkpoint, old, source, includedProof));
  }
}

function consistencyCheck(
  doc: LedgerExport,
  checkpoint: Checkpoint,
  old: Checkpoint,
  source: string,
  includedProof: readonly string[] | undefined,
): ExportCheck {
  if (old.treeSize > checkpoint.treeSize) {
    return {
      id: "consistency",
      status: "fail",
      message: `${source} earlier checkpoint has ${old.treeSize} entries, this one only ${checkpoint.treeSize}: history was cut`,
    };
  }
  // The auditor's own checkpoint is checked with a proof derived from the exported artifacts, which
  // a complete export always allows; the included one with the included proof.
  let proof: Buffer[] | undefined;
  let how: string;
  if (includedProof !== undefined) {
    proof = decodeHexNodes(includedProof);
    how = "the export's consistency proof";
  } else if (doc.artifacts.every((artifact) => isSha256Hex(artifact.hash))) {
    const tree = MerkleTree.fromLeaves(doc.artifacts.map((artifact) => Buffer.from(artifact.hash, "hex")));
    proof = tree.consistencyProof(old.treeSize);
    how = "a consistency proof derived from the exported artifacts";
  } else {
    how = "no proof (the artifacts' hashes are malformed)";
  }
  const ok = proof !== undefined && extendsTree(old, checkpoint, proof);
  return ok
    ? {
        id: "consistency",
        status: "pass",
        message: `${source} earlier tree (size ${old.treeSize}) is a prefix of this one, by ${how}`,
      }
    : {
        id: "consistency",
        status: "fail",
        message: `${source} earlier tree (size ${old.treeSize}) is not a prefix of this one, by ${how}: history was rewritten or the proof is damaged`,
      };
}

/** The report as text, one line per check, for `rampart verify`. */
export function formatReport(report: ExportReport): string {
  const width = Math.max(...report.checks.map((check) => check.id.length));
  const lines = report.checks.map(
    (check) =>
      `${check.status.toUpperCase().padEnd(4)}  ${check.id.padEnd(width)}  ${check.message}${check.entryIndex === undefined ? "" : ` [entry ${check.entryIndex}]`}`,
  );
  const failed = report.checks.filter((check) => check.status === "fail");
  if (report.ok) {
    lines.push(
      `VERIFIED: ${report.treeSize} artifacts, root ${report.rootHash}, head ${report.head}, key ${report.fingerprint}`,
    );
  } else {
    const at = failed.find((check) => check.entryIndex !== undefined);
    lines.push(
      `FAILED: ${failed.length} check(s) failed (${failed.map((check) => check.id).join(", ")})${at === undefined ? "" : `; first broken entry: ${at.entryIndex}`}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `proof` shows that `checkpoint`'s tree extends `old`'s (RFC 9162 consistency). */
function extendsTree(old: Checkpoint, checkpoint: Checkpoint, proof: readonly Buffer[]): boolean {
  return verifyConsistency(
    old.treeSize,
    checkpoint.treeSize,
    Buffer.from(old.rootHash, "hex"),
    Buffer.from(checkpoint.rootHash, "hex"),
    proof,
  );
}
