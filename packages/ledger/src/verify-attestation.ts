// Offline verification of a compliance attestation bundle (the DSSE envelope downloaded from
// /api/attest/bundle/{id}?format=json): what `rampart verify <bundle.json> --key key.pem` runs and
// prints. Each check passes, fails or is skipped with the reason, like the export verifier's.
import type { KeyObject } from "node:crypto";
import { contentHash } from "./chain.ts";
import { verifyCheckpoint } from "./checkpoint.ts";
import { type DsseEnvelope, verifyEnvelope } from "./dsse.ts";
import {
  COMPLIANCE_PREDICATE_TYPE,
  type CompliancePredicate,
  IN_TOTO_PAYLOAD_TYPE,
  parseStatement,
  type Statement,
} from "./intoto.ts";
import { verifyDelegatedEnvelope } from "./key-delegation.ts";
import { keyFingerprint } from "./signing.ts";

export type AttestationCheckId =
  | "envelope"
  | "payload-type"
  | "signature"
  | "statement"
  | "predicate-type"
  | "subject"
  | "ledger-checkpoint"
  | "bundle-hash";

export interface AttestationCheck {
  readonly id: AttestationCheckId;
  readonly status: "pass" | "fail" | "skip";
  readonly message: string;
}

export interface AttestationReport {
  /** No check failed. */
  readonly ok: boolean;
  readonly checks: readonly AttestationCheck[];
  /** SHA-256 of the envelope's RFC 8785 canonical JSON: the bundleHash Rampart lists. */
  readonly bundleHash?: string;
  readonly fingerprint: string;
  /** What a passing bundle attests: whose compliance, over which period, at which ledger head. */
  readonly tenantId?: string;
  readonly period?: { readonly start: string; readonly end: string };
  readonly ledgerHead?: string;
  readonly treeSize?: number;
}

export interface VerifyAttestationOptions {
  /** The instance's published key (/api/evidence/public-key): the envelope carries no key. */
  readonly publicKey: KeyObject;
  /** The bundleHash Rampart shows for this attestation; also read from a `{ bundleHash, envelope }` wrapper. */
  readonly expectedBundleHash?: string;
}

/** What a wrapper holds besides the envelope: its stated bundleHash and a key delegation statement. */
interface Unwrapped {
  readonly envelope: unknown;
  readonly statedHash?: string;
  readonly delegation?: unknown;
}

const ALL_CHECKS: readonly AttestationCheckId[] = [
  "envelope",
  "payload-type",
  "signature",
  "statement",
  "predicate-type",
  "subject",
  "ledger-checkpoint",
  "bundle-hash",
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function looksLikeEnvelope(value: unknown): boolean {
  return isRecord(value) && "payloadType" in value && "payload" in value && "signatures" in value;
}

/**
 * The envelope, any stated bundleHash and any key delegation of a document: a bare DSSE envelope
 * (what Rampart downloads when its own key signed), a Sigstore bundle holding one under
 * `dsseEnvelope`, or `{ bundleHash, envelope, delegation }` (what it downloads when a delegate signed).
 */
function unwrap(document: unknown): Unwrapped | undefined {
  if (looksLikeEnvelope(document)) return { envelope: document };
  if (!isRecord(document)) return undefined;
  const inner = looksLikeEnvelope(document.dsseEnvelope)
    ? document.dsseEnvelope
    : looksLikeEnvelope(document.envelope)
      ? document.envelope
      : undefined;
  if (inner === undefined) return undefined;
  return {
    envelope: inner,
    ...(typeof document.bundleHash === "string" ? { statedHash: document.bundleHash } : {}),
    ...(document.delegation !== undefined ? { delegation: document.delegation } : {}),
  };
}

/** The time a compliance statement was made, for checking a delegate's window; none if it states none. */
function generatedAtOf(payload: Buffer): string | undefined {
  try {
    const statement = JSON.parse(payload.toString("utf8")) as { predicate?: { generatedAt?: unknown } };
    const at = statement.predicate?.generatedAt;
    return typeof at === "string" ? at : undefined;
  } catch {
    return undefined;
  }
}

type SignatureOutcome =
  | { ok: true; payload: Buffer; message: string }
  | { ok: false; malformed: boolean; message: string };

/** The instance key's own signature, or a delegate's vouched for by a statement the key signed. */
function signatureOutcome(unwrapped: Unwrapped, publicKey: KeyObject, fingerprint: string): SignatureOutcome {
  const trusted = [{ keyid: fingerprint, publicKey }];
  const direct = verifyEnvelope(unwrapped.envelope, trusted);
  if (direct.ok) {
    return {
      ok: true,
      payload: direct.payload,
      message: `Ed25519 signature over PAE(payloadType, payload) verifies with key ${fingerprint}`,
    };
  }
  if (direct.reason === "malformed") return { ok: false, malformed: true, message: direct.message };
  if (unwrapped.delegation === undefined) {
    return {
      ok: false,
      malformed: false,
      message: `no signature verifies over PAE(payloadType, payload) with key ${fingerprint}`,
    };
  }
  const delegated = verifyDelegatedEnvelope(unwrapped.envelope, unwrapped.delegation, trusted, generatedAtOf);
  if (!delegated.ok) {
    return {
      ok: false,
      malformed: false,
      message: `no signature verifies with key ${fingerprint}, and its delegation does not hold: ${delegated.message}`,
    };
  }
  const { delegate, notBefore, notAfter } = delegated.delegation;
  return {
    ok: true,
    payload: delegated.payload,
    message: `Ed25519 signature verifies with key ${delegate.fingerprint}, delegated by key ${fingerprint} from ${notBefore} to ${notAfter}`,
  };
}

/** Is this parsed JSON an attestation bundle (rather than, e.g., an evidence export)? */
export function isAttestationBundle(document: unknown): boolean {
  return unwrap(document) !== undefined;
}

function finish(
  checks: AttestationCheck[],
  facts: Omit<AttestationReport, "ok" | "checks">,
): AttestationReport {
  const done = new Set(checks.map((check) => check.id));
  const firstFailure = checks.find((check) => check.status === "fail");
  const skipped = ALL_CHECKS.filter((id) => !done.has(id)).map(
    (id): AttestationCheck => ({
      id,
      status: "skip",
      message: `not run: the ${firstFailure?.id ?? "earlier"} check failed`,
    }),
  );
  // Keep the report in the fixed order, so that two reports read alike.
  const all = [...checks, ...skipped].sort((a, b) => ALL_CHECKS.indexOf(a.id) - ALL_CHECKS.indexOf(b.id));
  return { ok: firstFailure === undefined, checks: all, ...facts };
}

function bundleHashCheck(envelope: unknown, expected: string | undefined): AttestationCheck {
  const actual = contentHash(envelope);
  if (expected === undefined) {
    return {
      id: "bundle-hash",
      status: "skip",
      message: `no bundleHash given: this bundle's is ${actual} (compare with the one Rampart lists)`,
    };
  }
  const wanted = expected.trim().toLowerCase();
  if (wanted.length >= 16 && actual.startsWith(wanted)) {
    return {
      id: "bundle-hash",
      status: "pass",
      message:
        wanted.length === 64
          ? `bundleHash ${actual} matches`
          : `bundleHash ${actual} starts with the given ${wanted}`,
    };
  }
  return {
    id: "bundle-hash",
    status: "fail",
    message:
      wanted.length < 16
        ? `the given bundleHash ${wanted} is too short to compare (at least 16 hex digits)`
        : `bundleHash is ${actual}, expected ${wanted}`,
  };
}

function checkpointCheck(ledger: CompliancePredicate["ledger"], publicKey: KeyObject): AttestationCheck {
  if (ledger.checkpoint === undefined) {
    return {
      id: "ledger-checkpoint",
      status: "skip",
      message: "the attestation carries no signed checkpoint",
    };
  }
  const verified = verifyCheckpoint(ledger.checkpoint, publicKey);
  if (!verified.ok) {
    return { id: "ledger-checkpoint", status: "fail", message: `checkpoint: ${verified.message}` };
  }
  const { treeSize, rootHash } = verified.checkpoint;
  return treeSize === ledger.treeSize && rootHash === ledger.rootHash
    ? {
        id: "ledger-checkpoint",
        status: "pass",
        message: `signed checkpoint of ${treeSize} entries with root ${rootHash}`,
      }
    : {
        id: "ledger-checkpoint",
        status: "fail",
        message: `the checkpoint is of ${treeSize} entries with root ${rootHash}; the predicate says ${ledger.treeSize} with ${ledger.rootHash}`,
      };
}

/**
 * Checks a downloaded attestation bundle (any parsed JSON) against the instance key: the DSSE
 * signature over PAE(payloadType, payload), the in-toto Statement and its compliance predicate,
 * the subject's binding to the ledger head, and the bundleHash. Later checks run only on a payload
 * whose signature verified: an unsigned statement proves nothing.
 */
export function verifyAttestationBundle(
  document: unknown,
  options: VerifyAttestationOptions,
): AttestationReport {
  const fingerprint = keyFingerprint(options.publicKey);
  const checks: AttestationCheck[] = [];
  const unwrapped = unwrap(document);
  if (unwrapped === undefined) {
    checks.push({
      id: "envelope",
      status: "fail",
      message: "not a DSSE envelope: payloadType, payload and signatures are required",
    });
    return finish(checks, { fingerprint });
  }
  const { envelope } = unwrapped;
  const expectedBundleHash = options.expectedBundleHash ?? unwrapped.statedHash;
  const bundleHash = contentHash(envelope);
  const hashCheck = bundleHashCheck(envelope, expectedBundleHash);
  const facts = { fingerprint, bundleHash };

  const signature = signatureOutcome(unwrapped, options.publicKey, fingerprint);
  if (!signature.ok && signature.malformed) {
    checks.push({ id: "envelope", status: "fail", message: `not a DSSE envelope: ${signature.message}` });
    checks.push(hashCheck);
    return finish(checks, facts);
  }
  const { payloadType, signatures } = envelope as DsseEnvelope;
  checks.push({
    id: "envelope",
    status: "pass",
    message: `DSSE envelope with ${signatures.length} signature(s)`,
  });
  checks.push(
    payloadType === IN_TOTO_PAYLOAD_TYPE
      ? { id: "payload-type", status: "pass", message: `payloadType is ${IN_TOTO_PAYLOAD_TYPE}` }
      : {
          id: "payload-type",
          status: "fail",
          message: `payloadType is ${JSON.stringify(payloadType)}, expected ${IN_TOTO_PAYLOAD_TYPE}`,
        },
  );
  if (!signature.ok) {
    checks.push({ id: "signature", status: "fail", message: signature.message });
    checks.push(hashCheck);
    return finish(checks, facts);
  }
  checks.push({ id: "signature", status: "pass", message: signature.message });

  const parsed = parseStatement(signature.payload);
  if (!parsed.ok) {
    checks.push({ id: "statement", status: "fail", message: `not an in-toto Statement v1: ${parsed.error}` });
    checks.push(hashCheck);
    return finish(checks, facts);
  }
  checks.push({ id: "statement", status: "pass", message: `in-toto Statement ${parsed.statement._type}` });
  const statement = parsed.statement as Statement<Partial<CompliancePredicate>>;
  if (statement.predicateType !== COMPLIANCE_PREDICATE_TYPE) {
    checks.push({
      id: "predicate-type",
      status: "fail",
      message: `predicateType is ${statement.predicateType}, expected ${COMPLIANCE_PREDICATE_TYPE}`,
    });
    checks.push(hashCheck);
    return finish(checks, facts);
  }
  const predicate = statement.predicate;
  const ledger = predicate?.ledger;
  if (!isRecord(predicate) || !isRecord(ledger) || typeof ledger.head !== "string") {
    checks.push({
      id: "predicate-type",
      status: "fail",
      message: `the ${COMPLIANCE_PREDICATE_TYPE} predicate has no ledger head`,
    });
    checks.push(hashCheck);
    return finish(checks, facts);
  }
  checks.push({
    id: "predicate-type",
    status: "pass",
    message: `predicateType is ${COMPLIANCE_PREDICATE_TYPE}`,
  });

  const subjectDigest = statement.subject[0]?.digest?.sha256;
  checks.push(
    statement.subject.length === 1 && subjectDigest === ledger.head
      ? {
          id: "subject",
          status: "pass",
          message: `the subject's sha256 is the ledger head ${ledger.head} (${ledger.treeSize} entries)`,
        }
      : {
          id: "subject",
          status: "fail",
          message: `the subject's sha256 ${subjectDigest ?? "(none)"} is not the ledger head ${ledger.head}`,
        },
  );
  checks.push(checkpointCheck(ledger as CompliancePredicate["ledger"], options.publicKey));
  checks.push(hashCheck);
  return finish(checks, {
    ...facts,
    ...(predicate.tenant ? { tenantId: predicate.tenant.id } : {}),
    ...(predicate.period ? { period: predicate.period } : {}),
    ledgerHead: ledger.head,
    treeSize: ledger.treeSize,
  });
}

/** The report as `rampart verify` prints it: one line per check, then the verdict. */
export function formatAttestationReport(report: AttestationReport): string {
  const width = Math.max(...report.checks.map((check) => check.id.length));
  const lines = report.checks.map(
    (check) => `${check.status.toUpperCase().padEnd(4)}  ${check.id.padEnd(width)}  ${check.message}`,
  );
  if (report.ok) {
    const period = report.period ? ` for ${report.period.start} to ${report.period.end}` : "";
    lines.push(
      `VERIFIED: attestation of tenant ${report.tenantId ?? "(unnamed)"}${period} at ledger head ${report.ledgerHead}, bundleHash ${report.bundleHash}, key ${report.fingerprint}`,
    );
  } else {
    const failed = report.checks.filter((check) => check.status === "fail");
    lines.push(`FAILED: ${failed.length} check(s) failed (${failed.map((check) => check.id).join(", ")})`);
  }
  return `${lines.join("\n")}\n`;
}
