// The signed audit package: a folder of files (evidence, policies, control matrix, ledger export)
// described by a manifest that lists every file's SHA-256 and is signed as a DSSE envelope with the
// ledger key. Building the manifest and verifying a whole package offline live here; reading and
// writing the zip around them is the server's and the CLI's business.
import { createPublicKey, type KeyObject } from "node:crypto";
import { z } from "zod";
import { contentHash, entryHash } from "./chain.ts";
import { type Checkpoint, verifyCheckpoint } from "./checkpoint.ts";
import { verifyEnvelope } from "./dsse.ts";
import type { LedgerExport } from "./export.ts";
import { decodeCanonicalBase64, isSha256Hex, SHA256_HEX, sha256Hex } from "./hash.ts";
import { signEnvelopeDelegable, verifyDelegatedEnvelope } from "./key-delegation.ts";
import { leafHash, verifyInclusion } from "./merkle.ts";
import type { Signer } from "./signer.ts";
import { exportPublicKeyBase64, importPublicKey, keyFingerprint } from "./signing.ts";
import { verifyExport } from "./verify-export.ts";

export const AUDIT_PACKAGE_FORMAT = "rampart-audit-package";
export const AUDIT_PACKAGE_VERSION = 1;
export const MANIFEST_PATH = "manifest.json";
export const MANIFEST_ENVELOPE_PATH = "manifest.dsse.json";
/** Present when a delegate of the instance key signed the manifest: the key delegation statement. */
export const MANIFEST_DELEGATION_PATH = "manifest.delegation.json";
/** The files sealAuditPackage writes, which the manifest cannot list. */
const SEAL_PATHS: ReadonlySet<string> = new Set([
  MANIFEST_PATH,
  MANIFEST_ENVELOPE_PATH,
  MANIFEST_DELEGATION_PATH,
]);
export const MANIFEST_PAYLOAD_TYPE = "application/vnd.rampart.audit-package-manifest+json";
export const LEDGER_EXPORT_PATH = "ledger/export.json";
export const LEDGER_PROOFS_PATH = "ledger/proofs.json";
/** More files than this is not a package we wrote; the CLI refuses such archives before reading. */
export const MAX_PACKAGE_FILES = 10_000;

/** A code point below U+0020 or U+007F: no file name needs one, and terminals misprint them. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A path inside a package: relative, `/`-separated, no `.` or `..` segments, no backslashes or
 * control characters. Anything else could land outside the folder an auditor unpacks it into.
 */
export function isSafePackagePath(path: string): boolean {
  if (path.length === 0 || path.length > 512 || path.includes("\\") || hasControlCharacter(path))
    return false;
  return path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

const Sha256 = z.string().regex(SHA256_HEX);

/** A file whose SHA-256 a ledger entry recorded: the entry's `content.sha256` names the file's bytes. */
export const LedgerBackedItem = z.strictObject({
  kind: z.enum(["evidence-file", "policy-version", "policy-acknowledgement"]),
  path: z.string(),
  sha256: Sha256,
  ledgerIndex: z.number().int().nonnegative(),
  /** What it is, for people: a control and evidence key, a policy version, who acknowledged. */
  label: z.string(),
});
export type LedgerBackedItem = z.infer<typeof LedgerBackedItem>;

export const AuditPackageManifestSchema = z.strictObject({
  format: z.literal(AUDIT_PACKAGE_FORMAT),
  version: z.literal(AUDIT_PACKAGE_VERSION),
  tenant: z.strictObject({ id: z.string(), name: z.string() }),
  /** The ledger's checkpoint origin (instance and tenant). */
  origin: z.string(),
  framework: z.strictObject({ id: z.string(), name: z.string(), version: z.string() }),
  view: z.enum(["type1", "type2"]),
  /** Type I: the date the design is shown at. Type II: the observation window. */
  at: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  generatedAt: z.string(),
  publicKey: z.strictObject({
    algorithm: z.literal("Ed25519"),
    /** base64 of the SPKI DER. */
    spki: z.string(),
    /** SHA-256 of the SPKI DER, hex. */
    fingerprint: z.string(),
  }),
  /** The signed note every ledger entry in the package is proven against. */
  checkpoint: z.string(),
  files: z
    .array(z.strictObject({ path: z.string(), size: z.number().int().nonnegative(), sha256: Sha256 }))
    .max(MAX_PACKAGE_FILES),
  ledgerItems: z.array(LedgerBackedItem).max(MAX_PACKAGE_FILES),
});
export type AuditPackageManifest = z.infer<typeof AuditPackageManifestSchema>;

const ProvenEntry = z.strictObject({
  index: z.number().int().nonnegative(),
  content: z.json(),
  contentHash: z.string(),
  prevHash: z.string(),
  hash: z.string(),
  inclusionProof: z.array(z.string()).max(64),
});
export const LedgerProofsSchema = z.strictObject({
  checkpoint: z.string(),
  treeSize: z.number().int().nonnegative(),
  entries: z.array(ProvenEntry).max(MAX_PACKAGE_FILES),
});
export type LedgerProofs = z.infer<typeof LedgerProofsSchema>;

/** `ledger/proofs.json`: the chosen entries of an export with their inclusion proofs, by index. */
export function ledgerProofs(document: LedgerExport, indices: readonly number[]): LedgerProofs {
  const wanted = [...new Set(indices)].sort((a, b) => a - b);
  return {
    checkpoint: document.checkpoint,
    treeSize: document.artifacts.length,
    entries: wanted.map((index) => {
      const artifact = document.artifacts[index];
      if (artifact === undefined) throw new TypeError(`ledger entry ${index} is not in the export`);
      return {
        index: artifact.index,
        content: artifact.content,
        contentHash: artifact.contentHash,
        prevHash: artifact.prevHash,
        hash: artifact.hash,
        inclusionProof: artifact.inclusionProof,
      };
    }),
  };
}

export type ManifestFacts = Omit<
  AuditPackageManifest,
  "format" | "version" | "files" | "publicKey" | "checkpoint"
>;

/** Canonical bytes of a JSON file in the package: two-space indented, newline-terminated. */
export function jsonFile(value: unknown): Uint8Array {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`, "utf8");
}

export interface ListedFile {
  readonly path: string;
  readonly size: number;
  readonly sha256: string;
}

/**
 * Adds `manifest.json` (listing every file with its size and SHA-256, sorted by path) and
 * `manifest.dsse.json` (its DSSE envelope signed by `signer`, or by its delegate with the delegation
 * statement in `manifest.delegation.json`). `files` are the bytes in hand
 * and must hold the ledger export, whose checkpoint the manifest repeats; `streamed` are files the
 * caller writes into the archive later (large evidence), listed by the size and SHA-256 it vouches
 * for. Returns the bytes in hand with the two manifest files added, and the manifest.
 * @throws TypeError on an unsafe, reserved or repeated path or a missing export (a programmer error).
 */
export async function sealAuditPackage(input: {
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly streamed?: readonly ListedFile[];
  readonly facts: ManifestFacts;
  readonly signer: Signer;
}): Promise<{ files: Map<string, Uint8Array>; manifest: AuditPackageManifest }> {
  const listed: ListedFile[] = [
    ...[...input.files].map(([path, bytes]) => ({ path, size: bytes.length, sha256: sha256Hex(bytes) })),
    ...(input.streamed ?? []),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const [position, file] of listed.entries()) {
    if (!isSafePackagePath(file.path))
      throw new TypeError(`unsafe package path ${JSON.stringify(file.path)}`);
    if (SEAL_PATHS.has(file.path)) throw new TypeError(`${file.path} is written by sealAuditPackage`);
    if (position > 0 && listed[position - 1]!.path === file.path)
      throw new TypeError(`${file.path} is in the package twice`);
    if (!isSha256Hex(file.sha256)) throw new TypeError(`${file.path}: not a SHA-256`);
  }
  const exportBytes = input.files.get(LEDGER_EXPORT_PATH);
  if (exportBytes === undefined) throw new TypeError(`${LEDGER_EXPORT_PATH} is missing`);
  const { checkpoint } = JSON.parse(Buffer.from(exportBytes).toString("utf8")) as { checkpoint: string };
  const { publicKey } = input.signer;
  const manifest: AuditPackageManifest = {
    format: AUDIT_PACKAGE_FORMAT,
    version: AUDIT_PACKAGE_VERSION,
    ...input.facts,
    publicKey: {
      algorithm: "Ed25519",
      spki: exportPublicKeyBase64(publicKey),
      fingerprint: keyFingerprint(publicKey),
    },
    checkpoint,
    files: listed.map(({ path, size, sha256 }) => ({ path, size, sha256 })),
  };
  const manifestBytes = jsonFile(manifest);
  const { envelope, delegation } = await signEnvelopeDelegable(
    MANIFEST_PAYLOAD_TYPE,
    manifestBytes,
    input.signer,
  );
  const sealed = new Map(input.files);
  sealed.set(MANIFEST_PATH, manifestBytes);
  sealed.set(MANIFEST_ENVELOPE_PATH, jsonFile(envelope));
  if (delegation !== undefined) sealed.set(MANIFEST_DELEGATION_PATH, jsonFile(delegation));
  return { files: sealed, manifest };
}

// ---- verification ------------------------------------------------------------------------------

export type PackageCheckId =
  | "manifest"
  | "manifest-signature"
  | "trusted-key"
  | "files"
  | "unlisted-files"
  | "checkpoint"
  | "ledger-export"
  | "ledger-entries"
  | "inclusion-proofs";

export interface PackageCheck {
  readonly id: PackageCheckId;
  readonly status: "pass" | "fail" | "skip";
  readonly message: string;
}

export interface AuditPackageReport {
  readonly ok: boolean;
  readonly checks: readonly PackageCheck[];
  readonly manifest?: AuditPackageManifest;
  readonly fingerprint?: string;
}

export interface VerifyAuditPackageOptions {
  /** The instance's published key: a KeyObject, PEM, base64 SPKI, or its hex fingerprint. */
  readonly publicKey?: KeyObject | string;
}

const ALL_PACKAGE_CHECKS: readonly PackageCheckId[] = [
  "manifest",
  "manifest-signature",
  "trusted-key",
  "files",
  "unlisted-files",
  "checkpoint",
  "ledger-export",
  "ledger-entries",
  "inclusion-proofs",
];

function finishReport(
  checks: PackageCheck[],
  facts: Omit<AuditPackageReport, "ok" | "checks"> = {},
): AuditPackageReport {
  const done = new Set(checks.map((check) => check.id));
  const firstFailure = checks.find((check) => check.status === "fail");
  const rest = ALL_PACKAGE_CHECKS.filter((id) => !done.has(id)).map(
    (id): PackageCheck => ({
      id,
      status: "skip",
      message: `not run: the ${firstFailure?.id ?? "earlier"} check failed`,
    }),
  );
  return { ok: firstFailure === undefined, checks: [...checks, ...rest], ...facts };
}

const pass = (id: PackageCheckId, message: string): PackageCheck => ({ id, status: "pass", message });
const fail = (id: PackageCheckId, message: string): PackageCheck => ({ id, status: "fail", message });

function parseJsonBytes(bytes: Uint8Array | undefined): { ok: true; value: unknown } | { ok: false } {
  if (bytes === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(Buffer.from(bytes).toString("utf8")) };
  } catch {
    return { ok: false };
  }
}

/** "a, b, c (and 4 more)": failures named without flooding the report. */
function listSome(items: readonly string[]): string {
  const shown = items.slice(0, 5).join("; ");
  return items.length > 5 ? `${shown} (and ${items.length - 5} more)` : shown;
}

/** The fingerprint a pinned key stands for. */
function pinnedFingerprint(pinned: KeyObject | string): { fingerprint: string } | { error: string } {
  if (typeof pinned !== "string") {
    try {
      return { fingerprint: keyFingerprint(pinned.type === "public" ? pinned : createPublicKey(pinned)) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
  const text = pinned.trim();
  if (SHA256_HEX.test(text.toLowerCase())) return { fingerprint: text.toLowerCase() };
  const imported = importPublicKey(text);
  return imported.ok ? { fingerprint: keyFingerprint(imported.key) } : { error: imported.error };
}

/** The manifest's own key, only in its one exact encoding, and only if its fingerprint is as stated. */
function manifestKey(manifest: AuditPackageManifest): KeyObject | string {
  const der = decodeCanonicalBase64(manifest.publicKey.spki);
  const imported = der === undefined ? undefined : importPublicKey(manifest.publicKey.spki);
  if (imported === undefined || !imported.ok) return "publicKey.spki is not a base64 Ed25519 SPKI key";
  if (!der!.equals(imported.key.export({ format: "der", type: "spki" })))
    return "publicKey.spki is not the exact encoding of its key";
  const fingerprint = keyFingerprint(imported.key);
  if (fingerprint !== manifest.publicKey.fingerprint)
    return `the key's fingerprint is ${fingerprint}, the manifest says ${manifest.publicKey.fingerprint}`;
  return imported.key;
}

/**
 * Verifies an unpacked audit package offline: the manifest's DSSE signature (with the pinned key,
 * or the manifest's own key by fingerprint), every file against the manifest and nothing more, the
 * signed checkpoint, the ledger export, and each evidence file, policy version and acknowledgement
 * against the ledger entry that recorded its SHA-256 and that entry's inclusion proof.
 */
export function verifyAuditPackage(
  files: ReadonlyMap<string, Uint8Array>,
  options: VerifyAuditPackageOptions = {},
): AuditPackageReport {
  const checks: PackageCheck[] = [];

  // The manifest and its signature come first: nothing else means anything until they hold.
  const manifestBytes = files.get(MANIFEST_PATH);
  const manifestJson = parseJsonBytes(manifestBytes);
  if (!manifestJson.ok) {
    checks.push(
      fail(
        "manifest",
        manifestBytes === undefined ? `${MANIFEST_PATH} is missing` : `${MANIFEST_PATH} is not JSON`,
      ),
    );
    return finishReport(checks);
  }
  const parsed = AuditPackageManifestSchema.safeParse(manifestJson.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length === 0 ? "document" : issue.path.join(".");
    checks.push(fail("manifest", `not a ${AUDIT_PACKAGE_FORMAT} v1 manifest: ${where}: ${issue.message}`));
    return finishReport(checks);
  }
  const manifest = parsed.data;
  checks.push(
    pass(
      "manifest",
      `${AUDIT_PACKAGE_FORMAT} v1: ${manifest.framework.name} (${manifest.view}) for ${manifest.tenant.name}, ${manifest.files.length} files`,
    ),
  );

  const key = manifestKey(manifest);
  if (typeof key === "string") {
    checks.push(fail("manifest-signature", key));
    return finishReport(checks, { manifest });
  }
  const fingerprint = manifest.publicKey.fingerprint;
  const envelopeJson = parseJsonBytes(files.get(MANIFEST_ENVELOPE_PATH));
  if (!envelopeJson.ok) {
    checks.push(fail("manifest-signature", `${MANIFEST_ENVELOPE_PATH} is missing or not JSON`));
    return finishReport(checks, { manifest, fingerprint });
  }
  const envelope = manifestSignature(files, envelopeJson.value, key, fingerprint);
  if (!envelope.ok) {
    checks.push(fail("manifest-signature", envelope.message));
    return finishReport(checks, { manifest, fingerprint });
  }
  if (envelope.payloadType !== MANIFEST_PAYLOAD_TYPE || !envelope.payload.equals(manifestBytes!)) {
    checks.push(
      fail("manifest-signature", `${MANIFEST_ENVELOPE_PATH} is signed, but not over this ${MANIFEST_PATH}`),
    );
    return finishReport(checks, { manifest, fingerprint });
  }
  checks.push(pass("manifest-signature", `${MANIFEST_PATH} is signed by key ${fingerprint}${envelope.by}`));
  checks.push(trustedKeyCheck(fingerprint, options.publicKey));

  checks.push(...fileChecks(files, manifest));

  const verified = verifyCheckpoint(manifest.checkpoint, key, manifest.origin);
  if (!verified.ok) {
    checks.push(fail("checkpoint", `${verified.reason}: ${verified.message}`));
    return finishReport(checks, { manifest, fingerprint });
  }
  const checkpoint = verified.checkpoint;
  checks.push(
    pass(
      "checkpoint",
      `${checkpoint.origin} size ${checkpoint.treeSize} at ${checkpoint.timestamp}, signed by the key`,
    ),
  );
  checks.push(ledgerExportCheck(files, manifest, fingerprint));
  checks.push(...ledgerItemChecks(files, manifest, checkpoint));
  return finishReport(checks, { manifest, fingerprint });
}

type ManifestSignature =
  | { ok: true; payloadType: string; payload: Buffer; by: string }
  | { ok: false; message: string };

/** The manifest key's own signature, or its delegate's with a delegation the key signed. */
function manifestSignature(
  files: ReadonlyMap<string, Uint8Array>,
  envelope: unknown,
  key: KeyObject,
  fingerprint: string,
): ManifestSignature {
  const trusted = [{ keyid: fingerprint, publicKey: key }];
  const direct = verifyEnvelope(envelope, trusted);
  if (direct.ok) return { ok: true, payloadType: direct.payloadType, payload: direct.payload, by: "" };
  const delegationBytes = files.get(MANIFEST_DELEGATION_PATH);
  if (direct.reason === "malformed" || delegationBytes === undefined)
    return { ok: false, message: `${MANIFEST_ENVELOPE_PATH}: ${direct.message}` };
  const delegation = parseJsonBytes(delegationBytes);
  if (!delegation.ok) return { ok: false, message: `${MANIFEST_DELEGATION_PATH} is not JSON` };
  const generatedAt = (payload: Buffer) => {
    const parsed = parseJsonBytes(payload);
    const at = parsed.ok ? (parsed.value as { generatedAt?: unknown } | null)?.generatedAt : undefined;
    return typeof at === "string" ? at : undefined;
  };
  const delegated = verifyDelegatedEnvelope(envelope, delegation.value, trusted, generatedAt);
  if (!delegated.ok) {
    return {
      ok: false,
      message: `${MANIFEST_ENVELOPE_PATH}: no signature verifies with key ${fingerprint}, and ${MANIFEST_DELEGATION_PATH} does not hold: ${delegated.message}`,
    };
  }
  const { delegate, notBefore, notAfter } = delegated.delegation;
  return {
    ok: true,
    payloadType: delegated.payloadType,
    payload: delegated.payload,
    by: ` through its delegate ${delegate.fingerprint} (${notBefore} to ${notAfter})`,
  };
}

function trustedKeyCheck(fingerprint: string, pinned: KeyObject | string | undefined): PackageCheck {
  if (pinned === undefined) {
    return {
      id: "trusted-key",
      status: "skip",
      message: `no trusted key given: compare ${fingerprint} with the instance's published fingerprint`,
    };
  }
  const trusted = pinnedFingerprint(pinned);
  if ("error" in trusted) return fail("trusted-key", `the trusted key could not be read: ${trusted.error}`);
  return trusted.fingerprint === fingerprint
    ? pass("trusted-key", "the package is signed by the trusted key")
    : fail(
        "trusted-key",
        `the package is signed by ${fingerprint}, not by the trusted key ${trusted.fingerprint}`,
      );
}

function fileChecks(files: ReadonlyMap<string, Uint8Array>, manifest: AuditPackageManifest): PackageCheck[] {
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    if (!isSafePackagePath(entry.path)) {
      problems.push(`${JSON.stringify(entry.path)}: not a safe path`);
      continue;
    }
    if (listed.has(entry.path)) problems.push(`${entry.path}: listed twice`);
    listed.add(entry.path);
    const bytes = files.get(entry.path);
    if (bytes === undefined) {
      problems.push(`${entry.path}: missing`);
      continue;
    }
    if (bytes.length !== entry.size) {
      problems.push(`${entry.path}: ${bytes.length} bytes, the manifest says ${entry.size}`);
      continue;
    }
    const actual = sha256Hex(bytes);
    if (actual !== entry.sha256)
      problems.push(`${entry.path}: SHA-256 is ${actual}, the manifest says ${entry.sha256}`);
  }
  const unlisted = [...files.keys()].filter((path) => !SEAL_PATHS.has(path) && !listed.has(path)).sort();
  return [
    problems.length === 0
      ? pass("files", `all ${manifest.files.length} listed files are present with their size and SHA-256`)
      : fail("files", `${problems.length} file(s) differ from the manifest: ${listSome(problems)}`),
    unlisted.length === 0
      ? pass("unlisted-files", "the package holds no file the manifest does not list")
      : fail("unlisted-files", `${unlisted.length} file(s) not in the manifest: ${listSome(unlisted)}`),
  ];
}

function ledgerExportCheck(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: AuditPackageManifest,
  fingerprint: string,
): PackageCheck {
  const document = parseJsonBytes(files.get(LEDGER_EXPORT_PATH));
  if (!document.ok) return fail("ledger-export", `${LEDGER_EXPORT_PATH} is missing or not JSON`);
  const report = verifyExport(document.value, { trustedPublicKey: fingerprint });
  const failed = report.checks.filter((check) => check.status === "fail");
  if (!report.ok) {
    return fail(
      "ledger-export",
      `${LEDGER_EXPORT_PATH}: ${failed.map((check) => `${check.id}: ${check.message}`).join("; ")}`,
    );
  }
  if ((document.value as { checkpoint?: unknown }).checkpoint !== manifest.checkpoint) {
    return fail("ledger-export", `${LEDGER_EXPORT_PATH} carries another checkpoint than the manifest`);
  }
  return pass(
    "ledger-export",
    `${LEDGER_EXPORT_PATH} verifies: ${report.treeSize} artifacts, root ${report.rootHash}, head ${report.head}`,
  );
}

function ledgerItemChecks(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: AuditPackageManifest,
  checkpoint: Checkpoint,
): PackageCheck[] {
  const json = parseJsonBytes(files.get(LEDGER_PROOFS_PATH));
  const proofs = json.ok ? LedgerProofsSchema.safeParse(json.value) : undefined;
  if (proofs === undefined || !proofs.success) {
    const message = `${LEDGER_PROOFS_PATH} is missing or not a proofs document`;
    return [fail("ledger-entries", message), fail("inclusion-proofs", message)];
  }
  const { entries } = proofs.data;
  const byIndex = new Map(entries.map((entry) => [entry.index, entry]));
  const root = Buffer.from(checkpoint.rootHash, "hex");

  // Each entry commits to its content and is a leaf of the signed tree.
  const badProofs: string[] = [];
  if (proofs.data.checkpoint !== manifest.checkpoint || proofs.data.treeSize !== checkpoint.treeSize) {
    badProofs.push(`${LEDGER_PROOFS_PATH} is for another checkpoint than the manifest's`);
  }
  for (const entry of entries) {
    const nodes = entry.inclusionProof;
    const ok =
      isSha256Hex(entry.hash) &&
      nodes.every(isSha256Hex) &&
      verifyInclusion(
        entry.index,
        checkpoint.treeSize,
        leafHash(Buffer.from(entry.hash, "hex")),
        nodes.map((node) => Buffer.from(node, "hex")),
        root,
      );
    if (!ok) badProofs.push(`entry ${entry.index}: the inclusion proof does not verify`);
  }

  // Each file the ledger vouches for: its bytes hash to what the entry recorded.
  const badItems: string[] = [];
  for (const item of manifest.ledgerItems) {
    const entry = byIndex.get(item.ledgerIndex);
    if (entry === undefined) {
      badItems.push(`${item.path}: ledger entry ${item.ledgerIndex} is not in ${LEDGER_PROOFS_PATH}`);
      continue;
    }
    if (!committed(entry)) {
      badItems.push(`${item.path}: ledger entry ${item.ledgerIndex} does not hash to its recorded hash`);
      continue;
    }
    const recorded = (entry.content as { sha256?: unknown } | null)?.sha256;
    const bytes = files.get(item.path);
    const actual = bytes === undefined ? undefined : sha256Hex(bytes);
    if (recorded !== item.sha256) {
      badItems.push(
        `${item.path}: ledger entry ${item.ledgerIndex} recorded ${String(recorded)}, not ${item.sha256}`,
      );
    } else if (actual === undefined) {
      badItems.push(`${item.path}: missing`);
    } else if (actual !== recorded) {
      badItems.push(
        `${item.path}: SHA-256 is ${actual}, ledger entry ${item.ledgerIndex} recorded ${recorded}`,
      );
    }
  }
  const count = manifest.ledgerItems.length;
  return [
    badItems.length === 0
      ? pass(
          "ledger-entries",
          `all ${count} evidence files, policy versions and acknowledgements match their ledger entries`,
        )
      : fail(
          "ledger-entries",
          `${badItems.length} of ${count} do not match the ledger: ${listSome(badItems)}`,
        ),
    badProofs.length === 0
      ? pass(
          "inclusion-proofs",
          `all ${entries.length} entries are proven in the signed tree of size ${checkpoint.treeSize}`,
        )
      : fail("inclusion-proofs", listSome(badProofs)),
  ];
}

/** Does the entry's hash follow from its content and previous hash, as the chain defines? */
function committed(entry: LedgerProofs["entries"][number]): boolean {
  if (!isSha256Hex(entry.prevHash) || !isSha256Hex(entry.contentHash) || !isSha256Hex(entry.hash))
    return false;
  try {
    return (
      contentHash(entry.content) === entry.contentHash &&
      entryHash(entry.prevHash, entry.contentHash) === entry.hash
    );
  } catch {
    return false;
  }
}

/** The report as text, one line per check, for `rampart verify`. */
export function formatAuditPackageReport(report: AuditPackageReport): string {
  const width = Math.max(...report.checks.map((check) => check.id.length));
  const lines = report.checks.map(
    (check) => `${check.status.toUpperCase().padEnd(4)}  ${check.id.padEnd(width)}  ${check.message}`,
  );
  const failed = report.checks.filter((check) => check.status === "fail");
  lines.push(
    report.ok
      ? `VERIFIED: audit package of ${report.manifest?.framework.name} for ${report.manifest?.tenant.name}, ${report.manifest?.files.length} files, key ${report.fingerprint}`
      : `FAILED: ${failed.length} check(s) failed (${failed.map((check) => check.id).join(", ")})`,
  );
  return `${lines.join("\n")}\n`;
}
