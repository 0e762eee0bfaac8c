import { generateKeyPairSync, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type DsseEnvelope, importVerificationKey, pae, signEnvelope, verifyEnvelope } from "./dsse.ts";
import { localSigner } from "./signer.ts";
import { generateKeyPair, keyFingerprint } from "./signing.ts";

interface TestVector {
  serializedBody: string;
  payloadType: string;
  pae: string;
  key: { x: string; y: string };
  envelopeFromProtocolMd: DsseEnvelope;
  envelopeFromSigningSpecPyDoctest: DsseEnvelope;
}
const vector = JSON.parse(
  readFileSync(new URL("./fixtures/dsse-test-vector.json", import.meta.url), "utf8"),
) as TestVector;

const coordinate = (decimal: string) =>
  Buffer.from(BigInt(decimal).toString(16).padStart(64, "0"), "hex").toString("base64url");

function vectorKey() {
  const imported = importVerificationKey({
    kty: "EC",
    crv: "P-256",
    x: coordinate(vector.key.x),
    y: coordinate(vector.key.y),
  });
  if (!imported.ok) throw new Error(imported.error);
  return imported.key;
}

describe("DSSE", () => {
  it("builds PAE exactly as the DSSE test vector", () => {
    expect(pae(vector.payloadType, Buffer.from(vector.serializedBody)).toString("utf8")).toBe(vector.pae);
  });

  it("counts lengths in bytes, not characters", () => {
    expect(pae("t/é", Buffer.from("€")).toString("utf8")).toBe("DSSEv1 4 t/é 3 €");
    expect(pae("", Buffer.alloc(0)).toString("utf8")).toBe("DSSEv1 0  0 ");
  });

  it("verifies both envelopes of the test vector with its ECDSA P-256 key", () => {
    const trusted = [{ keyid: "dsse-test-vector", publicKey: vectorKey() }];
    for (const envelope of [vector.envelopeFromProtocolMd, vector.envelopeFromSigningSpecPyDoctest]) {
      const result = verifyEnvelope(envelope, trusted);
      expect(result).toMatchObject({
        ok: true,
        payloadType: vector.payloadType,
        verifiedKeyIds: ["dsse-test-vector"],
      });
      expect(result.ok && result.payload.toString("utf8")).toBe(vector.serializedBody);
    }
  });

  it("rejects the test vector when its payload type or payload changes", () => {
    const trusted = [{ keyid: "k", publicKey: vectorKey() }];
    const envelope = vector.envelopeFromProtocolMd;
    expect(verifyEnvelope({ ...envelope, payloadType: "http://example.com/Hello" }, trusted)).toMatchObject({
      ok: false,
      reason: "untrusted",
    });
    const changed = Buffer.from("hello worle").toString("base64");
    expect(verifyEnvelope({ ...envelope, payload: changed }, trusted).ok).toBe(false);
  });

  it("signs with Ed25519 and names the verifying keys, ignoring the keyid hint", async () => {
    const signer = generateKeyPair();
    const stranger = generateKeyPair();
    const envelope = await signEnvelope(
      "application/vnd.in-toto+json",
      '{"a":1}',
      localSigner(signer.privateKey),
    );
    expect(envelope.signatures[0]!.keyid).toBe(keyFingerprint(signer.publicKey));
    const trusted = [
      { keyid: "stranger", publicKey: stranger.publicKey },
      { keyid: "instance", publicKey: signer.publicKey },
    ];
    expect(verifyEnvelope(envelope, trusted)).toMatchObject({ ok: true, verifiedKeyIds: ["instance"] });
    const misleading = { ...envelope, signatures: [{ ...envelope.signatures[0]!, keyid: "stranger" }] };
    expect(verifyEnvelope(misleading, trusted)).toMatchObject({ ok: true, verifiedKeyIds: ["instance"] });
    expect(verifyEnvelope(envelope, [trusted[0]!])).toMatchObject({ ok: false, reason: "untrusted" });
  });

  it("accepts URL-safe unpadded base64 and a DER-encoded ECDSA signature", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const payload = Buffer.from("hi?>>");
    const sig = sign("sha256", pae("x/y", payload), { key: privateKey, dsaEncoding: "der" });
    const envelope = {
      payload: payload.toString("base64url"),
      payloadType: "x/y",
      signatures: [{ sig: sig.toString("base64url") }],
    };
    expect(verifyEnvelope(envelope, [{ keyid: "ec", publicKey }])).toMatchObject({ ok: true });
  });

  it("applies a threshold of distinct trusted keys", async () => {
    const first = generateKeyPair();
    const second = generateKeyPair();
    const one = await signEnvelope("t", "body", localSigner(first.privateKey));
    const both = {
      ...one,
      signatures: [
        ...one.signatures,
        ...(await signEnvelope("t", "body", localSigner(second.privateKey))).signatures,
      ],
    };
    const trusted = [
      { keyid: "first", publicKey: first.publicKey },
      { keyid: "second", publicKey: second.publicKey },
    ];
    expect(verifyEnvelope(both, trusted, { threshold: 2 })).toMatchObject({
      ok: true,
      verifiedKeyIds: ["first", "second"],
    });
    const twice = { ...one, signatures: [...one.signatures, ...one.signatures] };
    expect(verifyEnvelope(twice, trusted, { threshold: 2 })).toMatchObject({
      ok: false,
      reason: "untrusted",
    });
  });

  it("reports malformed envelopes instead of throwing", () => {
    const key = [{ keyid: "k", publicKey: generateKeyPair().publicKey }];
    for (const input of [
      null,
      "x",
      {},
      { payload: "aGk=", payloadType: "t", signatures: [] },
      { payload: "!", payloadType: "t", signatures: [{ sig: "" }] },
      { payload: "aGk=", payloadType: "t", signatures: [null] },
    ]) {
      expect(verifyEnvelope(input, key)).toMatchObject({ ok: false, reason: "malformed" });
    }
  });
});
