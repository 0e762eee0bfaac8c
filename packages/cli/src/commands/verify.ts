// `rampart verify <file>`: checks offline an evidence export (hash chain, Merkle proofs, signed
// checkpoint, and optionally the key, an earlier export, the witnesses' cosignatures and the RFC 3161
// timestamp of its anchored checkpoint), a compliance attestation bundle (DSSE
// signature, in-toto Statement, ledger binding, bundleHash), or an audit package zip (signed
// manifest, every file, ledger proofs), told apart by shape, and says what passed or failed.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  formatAttestationReport,
  formatAuditPackageReport,
  formatReport,
  importPublicKey,
  isAttestationBundle,
  verifyAttestationBundle,
  verifyAuditPackage,
  verifyExportTextAsync,
} from "@rampart/ledger";
import { parse } from "../args.ts";
import { isZip, PackageArchiveError, readPackageZip } from "../audit-package-zip.ts";
import { EXIT_FINDINGS, EXIT_OK, type Io, UsageError } from "../io.ts";

function readBytes(io: Io, file: string, what: string): Buffer {
  try {
    return readFileSync(path.resolve(io.cwd, file));
  } catch (error) {
    throw new UsageError(
      `cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/**
 * The key file's text: PEM, base64 or a fingerprint as before, or the JSON that
 * /api/evidence/public-key answers, from which the PEM is taken.
 */
function readText(io: Io, file: string, what: string): string {
  return readBytes(io, file, what).toString("utf8");
}

/** An audit package: the report on stdout and, when a check fails, one line on stderr. */
function verifyPackage(io: Io, bytes: Buffer, file: string, keyText: string | undefined): number {
  let files: Map<string, Uint8Array>;
  try {
    files = readPackageZip(bytes);
  } catch (error) {
    if (error instanceof PackageArchiveError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  const report = verifyAuditPackage(files, keyText ? { publicKey: keyText } : {});
  io.stdout.write(`${formatAuditPackageReport(report)}\n`);
  if (report.ok) return EXIT_OK;
  const first = report.checks.find((check) => check.status === "fail")!;
  io.stderr.write(`rampart verify: ${file} failed ${first.id}: ${first.message}\n`);
  return EXIT_FINDINGS;
}

export function publicKeyText(fileText: string): string {
  const text = fileText.trim();
  if (!text.startsWith("{")) return text;
  try {
    const parsed = JSON.parse(text) as { publicKeyPem?: unknown };
    if (typeof parsed.publicKeyPem === "string") return parsed.publicKeyPem.trim();
  } catch {
    // Not JSON after all: let the key reader report what is wrong with it.
  }
  return text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function verifyAttestation(io: Io, document: unknown, keyText: string | undefined, bundleHash?: string) {
  if (keyText === undefined) {
    throw new UsageError(
      "an attestation bundle carries no key: give the instance's public key with --key FILE (from /api/evidence/public-key)",
    );
  }
  const imported = importPublicKey(keyText);
  if (!imported.ok) {
    throw new UsageError(
      `--key must be the public key itself (PEM, base64 or the /api/evidence/public-key JSON): ${imported.error}`,
    );
  }
  const report = verifyAttestationBundle(document, {
    publicKey: imported.key,
    ...(bundleHash ? { expectedBundleHash: bundleHash } : {}),
  });
  io.stdout.write(`${formatAttestationReport(report)}\n`);
  return report.ok ? EXIT_OK : EXIT_FINDINGS;
}

// A C2SP verifier key: name+<8 hex key ID>+<base64 of type and key>.
const VKEY = /^[^\s+]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]+=*$/;
const MAX_WITNESS_KEYS = 64;

/** `--witness` takes a verifier key, or a file of them (one per line; blank lines and # comments skipped). */
function witnessKeys(io: Io, value: string): string[] {
  if (VKEY.test(value)) return [value];
  const keys = readText(io, value, "witness key file")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const bad = keys.find((key) => !VKEY.test(key));
  if (bad !== undefined) throw new UsageError(`${value}: not a witness verifier key: ${bad.slice(0, 80)}`);
  if (keys.length === 0) throw new UsageError(`${value}: no witness verifier keys in the file`);
  if (keys.length > MAX_WITNESS_KEYS)
    throw new UsageError(`${value}: more than ${MAX_WITNESS_KEYS} witness keys`);
  return keys;
}

/** `--tsa-root` takes a PEM file of one or more root certificates the auditor trusts. */
function tsaRoot(io: Io, file: string): string {
  const text = readText(io, file, "TSA root");
  if (!text.includes("-----BEGIN CERTIFICATE-----"))
    throw new UsageError(`${file}: no PEM certificate (-----BEGIN CERTIFICATE-----) in the file`);
  return text;
}

/**
 * The rotation statements of `--key-history`: the /api/evidence/public-key JSON (its `rotations`)
 * or a bare array of them. Each is checked by the verifier; here only the shape is read.
 */
function readKeyHistory(io: Io, file: string): unknown[] {
  const parsed = parseJson(readText(io, file, "key history"));
  const rotations = Array.isArray(parsed)
    ? parsed
    : (parsed as { rotations?: unknown } | undefined)?.rotations;
  if (!Array.isArray(rotations))
    throw new UsageError(
      `--key-history ${file} is neither the public-key JSON nor a list of rotation statements`,
    );
  return rotations;
}

export async function verifyCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, {
    key: { type: "string" },
    "public-key": { type: "string" },
    earlier: { type: "string" },
    "bundle-hash": { type: "string" },
    witness: { type: "string", multiple: true },
    "tsa-root": { type: "string", multiple: true },
    "key-history": { type: "string" },
  });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0)
    throw new UsageError("verify takes one export, attestation bundle or audit package file");
  if (values.key && values["public-key"]) throw new UsageError("give either --key or --public-key, not both");
  const keyFile = (values.key ?? values["public-key"]) as string | undefined;
  const bytes = readBytes(io, file, "file");
  const keyText = keyFile ? publicKeyText(readText(io, keyFile, "key")) : undefined;
  if (isZip(bytes)) {
    if (values.earlier || values["bundle-hash"] || values.witness || values["tsa-root"])
      throw new UsageError(
        "--earlier, --bundle-hash, --witness and --tsa-root do not apply to audit packages",
      );
    return verifyPackage(io, bytes, file, keyText);
  }
  const text = bytes.toString("utf8");
  const anchorOptions = (values.witness?.length ?? 0) + (values["tsa-root"]?.length ?? 0) > 0;

  const document = parseJson(text);
  if (document !== undefined && isAttestationBundle(document)) {
    if (values.earlier || anchorOptions)
      throw new UsageError(
        "--earlier, --witness and --tsa-root apply to evidence exports, not attestation bundles",
      );
    return verifyAttestation(io, document, keyText, values["bundle-hash"] as string | undefined);
  }
  if (values["bundle-hash"]) throw new UsageError("--bundle-hash applies to attestation bundles only");

  let earlierCheckpoint: string | undefined;
  if (values.earlier) {
    const earlier = readText(io, values.earlier as string, "earlier export");
    try {
      earlierCheckpoint = (JSON.parse(earlier) as { checkpoint: string }).checkpoint;
    } catch {
      throw new UsageError(`earlier export ${values.earlier} is not JSON`);
    }
  }
  const witnesses = (values.witness ?? []).flatMap((value) => witnessKeys(io, value));
  const tsaRoots = (values["tsa-root"] ?? []).map((file) => tsaRoot(io, file));
  const keyHistory = values["key-history"] ? readKeyHistory(io, values["key-history"] as string) : undefined;
  const report = await verifyExportTextAsync(text, {
    ...(keyText ? { trustedPublicKey: keyText } : {}),
    ...(earlierCheckpoint ? { earlierCheckpoint } : {}),
    ...(witnesses.length > 0 ? { witnesses } : {}),
    ...(tsaRoots.length > 0 ? { tsaRoots } : {}),
    ...(keyHistory ? { keyHistory } : {}),
  });
  io.stdout.write(`${formatReport(report)}\n`);
  return report.ok ? EXIT_OK : EXIT_FINDINGS;
}
