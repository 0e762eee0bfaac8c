import { describe, expect, it } from "vitest";
import { GENESIS_HASH } from "./chain.ts";
import { signEnvelope, verifyEnvelope } from "./dsse.ts";
import {
  COMPLIANCE_PREDICATE_TYPE,
  complianceStatement,
  IN_TOTO_PAYLOAD_TYPE,
  parseStatement,
  signStatement,
} from "./intoto.ts";
import { localSigner } from "./signer.ts";
import { generateKeyPair, keyFingerprint } from "./signing.ts";
import {
  type ScanProvenanceInput,
  scanProvenanceStatement,
  signScanProvenance,
  verifyProvenanceEnvelope,
} from "./slsa.ts";

const instance = generateKeyPair();
const instanceSigner = localSigner(instance.privateKey);
const trusted = [{ keyid: keyFingerprint(instance.publicKey), publicKey: instance.publicKey }];

const provenanceInput: ScanProvenanceInput = {
  subjects: [{ name: "run/42/findings.json", sha256: "a".repeat(64) }],
  repository: "https://github.com/acme/api",
  commit: "0123456789abcdef0123456789abcdef01234567",
  engineVersion: "0.1.0",
  ruleCatalogueDigest: "b".repeat(64),
  builderId: "https://rampart.example.com/scanner",
  invocationId: "run-42",
  startedOn: "2026-11-22T10:00:00Z",
  finishedOn: "2026-11-22T10:00:05Z",
};

describe("compliance attestation (in-toto Statement v1)", () => {
  const statement = complianceStatement({
    tenant: { id: "acme", name: "Acme" },
    period: { start: "2026-10-01T00:00:00Z", end: "2026-11-01T00:00:00Z" },
    generatedAt: "2026-11-01T00:05:00Z",
    frameworks: [{ framework: "soc2", score: 87.5, passed: 7, failed: 1, untested: 2 }],
    controls: [{ control: "IAC-ENC-01", status: "pass", passes: 3, failures: 0 }],
    ledger: { treeSize: 12, head: "c".repeat(64), rootHash: GENESIS_HASH },
  });

  it("has the Statement shape, with the tenant and period as the subject and the ledger head as its digest", () => {
    expect(statement).toMatchObject({
      _type: "https://in-toto.io/Statement/v1",
      predicateType: COMPLIANCE_PREDICATE_TYPE,
      subject: [
        {
          name: "tenant/acme/period/2026-10-01T00:00:00Z/2026-11-01T00:00:00Z",
          digest: { sha256: "c".repeat(64) },
        },
      ],
    });
  });

  it("signs into a DSSE envelope that verifies and parses back to the same Statement", async () => {
    const envelope = await signStatement(statement, instanceSigner);
    expect(envelope.payloadType).toBe(IN_TOTO_PAYLOAD_TYPE);
    const verified = verifyEnvelope(envelope, trusted);
    if (!verified.ok) throw new Error(verified.message);
    expect(parseStatement(verified.payload)).toEqual({ ok: true, statement });
  });

  it("rejects payloads that are not Statements", () => {
    expect(parseStatement(Buffer.from("[]")).ok).toBe(false);
    expect(parseStatement(Buffer.from("{")).ok).toBe(false);
    const noDigest = { ...statement, subject: [{ name: "x" }] };
    expect(parseStatement(Buffer.from(JSON.stringify(noDigest)))).toMatchObject({ ok: false });
  });
});

describe("scan provenance (SLSA v1)", () => {
  it("records what was scanned with what", () => {
    const { predicate } = scanProvenanceStatement(provenanceInput);
    expect(predicate.buildDefinition.externalParameters).toEqual({
      repository: provenanceInput.repository,
      commit: provenanceInput.commit,
    });
    expect(predicate.buildDefinition.resolvedDependencies).toEqual([
      {
        uri: `git+https://github.com/acme/api@${provenanceInput.commit}`,
        digest: { gitCommit: provenanceInput.commit },
      },
      { name: "rampart-engine", uri: "pkg:npm/%40rampart/engine@0.1.0" },
      { name: "rule-catalogue", digest: { sha256: "b".repeat(64) } },
    ]);
    expect(predicate.runDetails).toMatchObject({
      builder: { id: provenanceInput.builderId },
      metadata: {
        invocationId: "run-42",
        startedOn: provenanceInput.startedOn,
        finishedOn: provenanceInput.finishedOn,
      },
    });
  });

  it("verifies a signed provenance envelope against trusted keys", async () => {
    const envelope = await signScanProvenance(provenanceInput, instanceSigner);
    const result = verifyProvenanceEnvelope(envelope, trusted);
    expect(result).toMatchObject({ ok: true, verifiedKeyIds: [trusted[0]!.keyid] });
    expect(result.ok && result.statement).toEqual(scanProvenanceStatement(provenanceInput));
  });

  it("rejects an untrusted signer, another payload type or another predicate", async () => {
    const stranger = generateKeyPair();
    expect(
      verifyProvenanceEnvelope(
        await signScanProvenance(provenanceInput, localSigner(stranger.privateKey)),
        trusted,
      ).ok,
    ).toBe(false);
    const wrongType = await signEnvelope(
      "application/json",
      JSON.stringify(scanProvenanceStatement(provenanceInput)),
      instanceSigner,
    );
    expect(verifyProvenanceEnvelope(wrongType, trusted)).toMatchObject({
      ok: false,
      error: expect.stringContaining("payloadType"),
    });
    const otherPredicate = {
      ...scanProvenanceStatement(provenanceInput),
      predicateType: "https://example.com/x",
    };
    const envelope = await signEnvelope(IN_TOTO_PAYLOAD_TYPE, JSON.stringify(otherPredicate), instanceSigner);
    expect(verifyProvenanceEnvelope(envelope, trusted)).toMatchObject({
      ok: false,
      error: expect.stringContaining("predicateType"),
    });
  });
});
