// Key delegation: a root that cannot sign long messages (a KMS) vouches for a short-lived key that
// does; the envelope verifies only through a statement the trusted key signed, naming that exact
// delegate, whose window holds the document's time.
import { describe, expect, it } from "vitest";
import { canonicalize } from "./canonical-json.ts";
import { type DsseEnvelope, signEnvelope, type TrustedKey } from "./dsse.ts";
import {
  delegatingSigner,
  KEY_DELEGATION_PAYLOAD_TYPE,
  type KeyDelegation,
  signEnvelopeDelegable,
  verifyDelegatedEnvelope,
} from "./key-delegation.ts";
import { localSigner, type Signer } from "./signer.ts";
import { generateKeyPair, keyFingerprint } from "./signing.ts";

const LIMIT = 4096;
const PAYLOAD_TYPE = "application/vnd.rampart.test+json";
const START = new Date("2026-11-20T12:00:00Z");

/** A local key that, like a KMS, refuses messages over 4096 bytes. */
function limitedSigner(): Signer {
  const inner = localSigner(generateKeyPair().privateKey);
  return {
    publicKey: inner.publicKey,
    maxMessageBytes: LIMIT,
    sign: async (message) => {
      if (message.length > LIMIT) throw new Error("message too long for the root");
      return inner.sign(message);
    },
  };
}

const root = limitedSigner();
const trusted: TrustedKey[] = [{ keyid: keyFingerprint(root.publicKey), publicKey: root.publicKey }];

function document(at: string, size = 6000) {
  return JSON.stringify({ generatedAt: at, filler: "x".repeat(size) });
}
const timeOf = (payload: Buffer) =>
  (JSON.parse(payload.toString("utf8")) as { generatedAt?: string }).generatedAt;

function clock(start = START) {
  let at = start.getTime();
  return { now: () => new Date(at), advanceHours: (hours: number) => (at += hours * 3_600_000) };
}

async function delegated(
  at = START.toISOString(),
  signer = delegatingSigner(root, { ttlHours: 8, now: () => START }),
) {
  const signed = await signEnvelopeDelegable(PAYLOAD_TYPE, document(at), signer);
  return { ...signed, delegation: signed.delegation! };
}

function statementOf(delegation: DsseEnvelope): KeyDelegation {
  return JSON.parse(Buffer.from(delegation.payload, "base64").toString("utf8")) as KeyDelegation;
}

/** The statement changed and signed again by `by`. */
async function resigned(
  delegation: DsseEnvelope,
  by: Signer,
  change: (statement: KeyDelegation) => KeyDelegation,
) {
  return signEnvelope(KEY_DELEGATION_PAYLOAD_TYPE, canonicalize(change(statementOf(delegation))), by);
}

describe("signEnvelopeDelegable", () => {
  it("signs with the root itself whatever fits, byte for byte like signEnvelope", async () => {
    const signer = delegatingSigner(root, { ttlHours: 8, now: () => START });
    const small = await signEnvelopeDelegable(PAYLOAD_TYPE, "{}", signer);
    expect(small.delegation).toBeUndefined();
    expect(small.envelope).toEqual(await signEnvelope(PAYLOAD_TYPE, "{}", root));
    const local = localSigner(generateKeyPair().privateKey);
    const large = await signEnvelopeDelegable(PAYLOAD_TYPE, document(START.toISOString()), local);
    expect(large.delegation).toBeUndefined();
    expect(large.envelope).toEqual(await signEnvelope(PAYLOAD_TYPE, document(START.toISOString()), local));
  });

  it("has a delegate sign what the root cannot, with a short statement the root signed", async () => {
    const { envelope, delegation } = await delegated();
    const statement = statementOf(delegation);
    expect(envelope.signatures[0]!.keyid).toBe(statement.delegate.fingerprint);
    expect(statement.delegator.fingerprint).toBe(keyFingerprint(root.publicKey));
    expect(statement.purpose).toBe("dsse");
    expect(Date.parse(statement.notAfter) - START.getTime()).toBe(8 * 3_600_000);
    expect(Buffer.from(delegation.payload, "base64").length).toBeLessThan(LIMIT);
  });

  it("keeps one delegate within its window and replaces it before the window ends", async () => {
    const time = clock();
    const signer = delegatingSigner(root, { ttlHours: 8, now: time.now });
    const first = statementOf((await delegated(undefined, signer)).delegation);
    time.advanceHours(5);
    const second = statementOf((await delegated(undefined, signer)).delegation);
    expect(second.delegate.fingerprint).toBe(first.delegate.fingerprint);
    time.advanceHours(1.5);
    const third = statementOf((await delegated(undefined, signer)).delegation);
    expect(third.delegate.fingerprint).not.toBe(first.delegate.fingerprint);
  });

  it("refuses a window longer than a day", () => {
    expect(() => delegatingSigner(root, { ttlHours: 48 })).toThrow(TypeError);
  });
});

describe("verifyDelegatedEnvelope", () => {
  it("accepts an envelope by the delegate the trusted key vouched for", async () => {
    const { envelope, delegation } = await delegated();
    const verified = verifyDelegatedEnvelope(envelope, delegation, trusted, timeOf);
    expect(verified).toMatchObject({ ok: true, payloadType: PAYLOAD_TYPE });
  });

  it("refuses a document dated outside the window", async () => {
    const { envelope, delegation } = await delegated("2026-11-21T12:00:00Z");
    const verified = verifyDelegatedEnvelope(envelope, delegation, trusted, timeOf);
    expect(verified).toMatchObject({
      ok: false,
      message: expect.stringMatching(/outside the key delegation's window/),
    });
    const early = await delegated("2026-11-20T10:00:00Z");
    expect(verifyDelegatedEnvelope(early.envelope, early.delegation, trusted, timeOf).ok).toBe(false);
  });

  it("refuses a statement that names another delegate", async () => {
    const { envelope } = await delegated();
    const other = await delegated(); // another signer, another delegate
    const verified = verifyDelegatedEnvelope(envelope, other.delegation, trusted, timeOf);
    expect(verified).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no signature verifies with the delegated key/),
    });
  });

  it("refuses a statement signed by another key", async () => {
    const { envelope, delegation } = await delegated();
    const stranger = localSigner(generateKeyPair().privateKey);
    const forged = await resigned(delegation, stranger, (statement) => statement);
    expect(verifyDelegatedEnvelope(envelope, forged, trusted, timeOf)).toMatchObject({
      ok: false,
      message: "the key delegation is not signed by the trusted key",
    });
    // Signed by the trusted key, but claiming another delegator.
    const misnamed = await resigned(delegation, root, (statement) => ({
      ...statement,
      delegator: { fingerprint: keyFingerprint(stranger.publicKey) },
    }));
    expect(verifyDelegatedEnvelope(envelope, misnamed, trusted, timeOf).ok).toBe(false);
  });

  it("refuses a tampered statement", async () => {
    const { envelope, delegation } = await delegated();
    const widened = canonicalize({ ...statementOf(delegation), notAfter: "2026-11-30T00:00:00Z" });
    const tampered = { ...delegation, payload: Buffer.from(widened, "utf8").toString("base64") };
    expect(verifyDelegatedEnvelope(envelope, tampered, trusted, timeOf)).toMatchObject({
      ok: false,
      message: "the key delegation is not signed by the trusted key",
    });
    expect(verifyDelegatedEnvelope(envelope, { nonsense: true }, trusted, timeOf).ok).toBe(false);
  });

  it("refuses a window longer than a day even when the trusted key signed it", async () => {
    const { envelope, delegation } = await delegated();
    const long = await resigned(delegation, root, (statement) => ({
      ...statement,
      notAfter: "2026-12-20T00:00:00Z",
    }));
    expect(verifyDelegatedEnvelope(envelope, long, trusted, timeOf)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/longer than 24 hours/),
    });
  });
});
