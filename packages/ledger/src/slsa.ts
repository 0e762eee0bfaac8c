// SLSA Provenance v1 for a scan: what was scanned (repository and commit) with what (engine
// version, rule catalogue digest), as the predicate of an in-toto Statement in a DSSE envelope.
import { type DsseEnvelope, type TrustedKey, verifyEnvelope } from "./dsse.ts";
import {
  IN_TOTO_PAYLOAD_TYPE,
  parseStatement,
  type ResourceDescriptor,
  STATEMENT_TYPE,
  type Statement,
  signStatement,
} from "./intoto.ts";
import type { Signer } from "./signer.ts";

export const SLSA_PROVENANCE_PREDICATE_TYPE = "https://slsa.dev/provenance/v1";
/** Rampart's build type: how to read `externalParameters` of a scan's provenance. */
export const SCAN_BUILD_TYPE = "https://rampart.dev/provenance/scan/v1";

export interface SlsaProvenance {
  readonly buildDefinition: {
    readonly buildType: string;
    readonly externalParameters: Readonly<Record<string, unknown>>;
    readonly internalParameters?: Readonly<Record<string, unknown>>;
    readonly resolvedDependencies?: readonly ResourceDescriptor[];
  };
  readonly runDetails: {
    readonly builder: {
      readonly id: string;
      readonly version?: Readonly<Record<string, string>>;
      readonly builderDependencies?: readonly ResourceDescriptor[];
    };
    readonly metadata?: {
      readonly invocationId?: string;
      readonly startedOn?: string;
      readonly finishedOn?: string;
    };
    readonly byproducts?: readonly ResourceDescriptor[];
  };
}

export interface ScanProvenanceInput {
  /** The scan's outputs (e.g. the findings report or the run's ledger entry), each with a sha256 digest. */
  readonly subjects: readonly { readonly name: string; readonly sha256: string }[];
  /** The repository URL as the tenant gave it, e.g. `https://github.com/acme/api`. */
  readonly repository: string;
  /** The full commit id scanned (40 or 64 hex digits). */
  readonly commit: string;
  /** e.g. `main`, `pr:12`; optional. */
  readonly ref?: string;
  readonly engineVersion: string;
  /** SHA-256 (hex) of the rule catalogue the engine ran. */
  readonly ruleCatalogueDigest: string;
  /** The instance that ran the scan, e.g. `https://rampart.example.com/scanner`. */
  readonly builderId: string;
  /** The run's id. */
  readonly invocationId: string;
  /** RFC 3339 UTC. */
  readonly startedOn: string;
  readonly finishedOn: string;
}

/** The provenance Statement of one scan. */
export function scanProvenanceStatement(input: ScanProvenanceInput): Statement<SlsaProvenance> {
  return {
    _type: STATEMENT_TYPE,
    subject: input.subjects.map((subject) => ({ name: subject.name, digest: { sha256: subject.sha256 } })),
    predicateType: SLSA_PROVENANCE_PREDICATE_TYPE,
    predicate: {
      buildDefinition: {
        buildType: SCAN_BUILD_TYPE,
        externalParameters: {
          repository: input.repository,
          commit: input.commit,
          ...(input.ref === undefined ? {} : { ref: input.ref }),
        },
        resolvedDependencies: [
          { uri: `git+${input.repository}@${input.commit}`, digest: { gitCommit: input.commit } },
          { name: "rampart-engine", uri: `pkg:npm/%40rampart/engine@${input.engineVersion}` },
          { name: "rule-catalogue", digest: { sha256: input.ruleCatalogueDigest } },
        ],
      },
      runDetails: {
        builder: { id: input.builderId, version: { "rampart-engine": input.engineVersion } },
        metadata: {
          invocationId: input.invocationId,
          startedOn: input.startedOn,
          finishedOn: input.finishedOn,
        },
      },
    },
  };
}

/** The provenance Statement signed in a DSSE envelope. */
export function signScanProvenance(
  input: ScanProvenanceInput,
  signer: Signer,
  keyid?: string,
): Promise<DsseEnvelope> {
  return signStatement(scanProvenanceStatement(input), signer, keyid);
}

export type ProvenanceVerification =
  | {
      readonly ok: true;
      readonly statement: Statement<SlsaProvenance>;
      readonly verifiedKeyIds: readonly string[];
    }
  | { readonly ok: false; readonly error: string; readonly verifiedKeyIds: readonly string[] };

/**
 * Checks an uploaded envelope: signed by a trusted key, an in-toto Statement, with SLSA
 * Provenance v1 whose required fields are present. Works for any builder's provenance, not only ours.
 */
export function verifyProvenanceEnvelope(
  envelope: unknown,
  trustedKeys: readonly TrustedKey[],
): ProvenanceVerification {
  const verified = verifyEnvelope(envelope, trustedKeys);
  if (!verified.ok) return { ok: false, error: verified.message, verifiedKeyIds: verified.verifiedKeyIds };
  const verifiedKeyIds = verified.verifiedKeyIds;
  if (verified.payloadType !== IN_TOTO_PAYLOAD_TYPE) {
    return {
      ok: false,
      error: `payloadType is ${verified.payloadType}, not ${IN_TOTO_PAYLOAD_TYPE}`,
      verifiedKeyIds,
    };
  }
  const parsed = parseStatement(verified.payload);
  if (!parsed.ok) return { ok: false, error: parsed.error, verifiedKeyIds };
  if (parsed.statement.predicateType !== SLSA_PROVENANCE_PREDICATE_TYPE) {
    return {
      ok: false,
      error: `predicateType is ${parsed.statement.predicateType}, not SLSA provenance v1`,
      verifiedKeyIds,
    };
  }
  const predicate = parsed.statement.predicate as Partial<SlsaProvenance> | undefined;
  const definition = predicate?.buildDefinition;
  if (typeof definition?.buildType !== "string" || typeof definition.externalParameters !== "object") {
    return { ok: false, error: "buildDefinition needs buildType and externalParameters", verifiedKeyIds };
  }
  if (typeof predicate?.runDetails?.builder?.id !== "string") {
    return { ok: false, error: "runDetails.builder.id is missing", verifiedKeyIds };
  }
  return { ok: true, statement: parsed.statement as Statement<SlsaProvenance>, verifiedKeyIds };
}
