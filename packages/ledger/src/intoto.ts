// in-toto Statement v1 (attestation framework v1.2) and Rampart's compliance predicate: a tenant's
// compliance state over a period, bound to the head of its evidence ledger.
import { canonicalize } from "./canonical-json.ts";
import { type DsseEnvelope, signEnvelope } from "./dsse.ts";
import { isSha256Hex } from "./hash.ts";
import type { Signer } from "./signer.ts";

export const STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
export const IN_TOTO_PAYLOAD_TYPE = "application/vnd.in-toto+json";
export const COMPLIANCE_PREDICATE_TYPE = "https://rampart.dev/attestation/compliance/v1";

/** An in-toto ResourceDescriptor; Rampart's subjects always carry a digest. */
export interface ResourceDescriptor {
  readonly name?: string;
  readonly uri?: string;
  readonly digest?: Readonly<Record<string, string>>;
  readonly downloadLocation?: string;
  readonly mediaType?: string;
  readonly annotations?: Readonly<Record<string, unknown>>;
}

export interface Statement<Predicate = unknown> {
  readonly _type: typeof STATEMENT_TYPE;
  readonly subject: readonly ResourceDescriptor[];
  readonly predicateType: string;
  readonly predicate: Predicate;
}

export interface FrameworkScore {
  /** e.g. `soc2`, `iso27001`, `nist-800-53`. */
  readonly framework: string;
  /** Percentage 0–100 of tested requirements that pass. */
  readonly score: number;
  readonly passed: number;
  readonly failed: number;
  /** Requirements shown as Untested. */
  readonly untested: number;
}

export interface ControlOutcome {
  /** Rampart control code, e.g. `IAC-ENC-01`. */
  readonly control: string;
  readonly status: "pass" | "fail" | "not-evaluated";
  readonly failures?: number;
  readonly passes?: number;
}

/** The ledger state the attestation is bound to. */
export interface LedgerHead {
  readonly treeSize: number;
  /** Hash of the last chain entry (hex). */
  readonly head: string;
  /** Merkle root over the chain at `treeSize` (hex). */
  readonly rootHash: string;
  /** The signed checkpoint note at that size, if one was cut. */
  readonly checkpoint?: string;
}

export interface CompliancePredicate {
  readonly tenant: { readonly id: string; readonly name?: string };
  readonly period: { readonly start: string; readonly end: string };
  readonly generatedAt: string;
  readonly frameworks: readonly FrameworkScore[];
  readonly controls: readonly ControlOutcome[];
  readonly ledger: LedgerHead;
}

export type ComplianceStatementInput = CompliancePredicate;

/**
 * The compliance Statement of a tenant over a period. Its one subject names the tenant and
 * period and carries the ledger head as its sha256 digest: the attestation is about exactly that
 * evidence.
 * @throws TypeError when the ledger hashes are not hex SHA-256 (a programmer error).
 */
export function complianceStatement(input: ComplianceStatementInput): Statement<CompliancePredicate> {
  if (!isSha256Hex(input.ledger.head) || !isSha256Hex(input.ledger.rootHash)) {
    throw new TypeError("ledger head and root must be lowercase hex SHA-256");
  }
  return {
    _type: STATEMENT_TYPE,
    subject: [
      {
        name: `tenant/${input.tenant.id}/period/${input.period.start}/${input.period.end}`,
        digest: { sha256: input.ledger.head },
        annotations: {
          tenantId: input.tenant.id,
          periodStart: input.period.start,
          periodEnd: input.period.end,
        },
      },
    ],
    predicateType: COMPLIANCE_PREDICATE_TYPE,
    predicate: input,
  };
}

/** The Statement as DSSE payload bytes: RFC 8785 canonical JSON, so the same state signs alike. */
export function statementBytes(statement: Statement): Buffer {
  return Buffer.from(canonicalize(statement), "utf8");
}

/** The Statement in a DSSE envelope signed by `signer` (payload type `application/vnd.in-toto+json`). */
export function signStatement(statement: Statement, signer: Signer, keyid?: string): Promise<DsseEnvelope> {
  return signEnvelope(IN_TOTO_PAYLOAD_TYPE, statementBytes(statement), signer, keyid);
}

export type StatementParse = { ok: true; statement: Statement } | { ok: false; error: string };

/**
 * Reads verified payload bytes as an in-toto Statement v1, checking what the spec requires
 * (`_type`, a `predicateType`, subjects that each have a digest). Unknown fields are kept.
 */
export function parseStatement(payload: Uint8Array): StatementParse {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload).toString("utf8"));
  } catch {
    return { ok: false, error: "payload is not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: "statement is not a JSON object" };
  }
  const record = value as Record<string, unknown>;
  if (record._type !== STATEMENT_TYPE) return { ok: false, error: `_type is not ${STATEMENT_TYPE}` };
  if (typeof record.predicateType !== "string" || record.predicateType === "") {
    return { ok: false, error: "predicateType is missing" };
  }
  if (!Array.isArray(record.subject) || record.subject.length === 0)
    return { ok: false, error: "subject is empty" };
  for (const [index, subject] of record.subject.entries()) {
    const digest = (subject as { digest?: unknown } | null)?.digest;
    const valid =
      typeof digest === "object" &&
      digest !== null &&
      Object.keys(digest).length > 0 &&
      Object.values(digest).every((value) => typeof value === "string" && value !== "");
    if (!valid) return { ok: false, error: `subject[${index}] has no digest` };
  }
  return { ok: true, statement: record as unknown as Statement };
}
