import { createHash, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  exportPrivateKeyPem,
  exportPublicKeyBase64,
  exportPublicKeyPem,
  generateKeyPair,
  importPrivateKey,
  importPublicKey,
  keyFingerprint,
  publicKeyOf,
  rawPublicKey,
} from "./signing.ts";

// RFC 8032 §7.1, TEST 1 (empty message).
const RFC8032_SECRET = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
const RFC8032_PUBLIC = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
const RFC8032_SIGNATURE =
  "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

describe("signing keys", () => {
  it("imports a bare seed and signs as RFC 8032 says", () => {
    const imported = importPrivateKey(Buffer.from(RFC8032_SECRET, "hex").toString("base64"));
    if (!imported.ok) throw new Error(imported.error);
    const publicKey = publicKeyOf(imported.key);
    expect(rawPublicKey(publicKey).toString("hex")).toBe(RFC8032_PUBLIC);
    expect(sign(null, Buffer.alloc(0), imported.key).toString("hex")).toBe(RFC8032_SIGNATURE);
  });

  it("round-trips PEM and base64 forms", () => {
    const pair = generateKeyPair();
    const fingerprint = keyFingerprint(pair.publicKey);
    const forms = [
      exportPublicKeyPem(pair.publicKey),
      exportPublicKeyBase64(pair.publicKey),
      rawPublicKey(pair.publicKey).toString("base64"),
    ];
    for (const form of forms) {
      const imported = importPublicKey(form);
      expect(imported.ok && keyFingerprint(imported.key)).toBe(fingerprint);
    }
    const privatePem = importPrivateKey(exportPrivateKeyPem(pair.privateKey));
    expect(privatePem.ok && keyFingerprint(publicKeyOf(privatePem.key))).toBe(fingerprint);
  });

  it("fingerprints a key as SHA-256 of its SPKI DER", () => {
    const { publicKey } = generateKeyPair();
    const der = publicKey.export({ format: "der", type: "spki" });
    expect(keyFingerprint(publicKey)).toBe(createHash("sha256").update(der).digest("hex"));
  });

  it("returns errors as values for keys it cannot use", () => {
    expect(importPublicKey("not a key!").ok).toBe(false);
    expect(importPublicKey(Buffer.alloc(31).toString("base64")).ok).toBe(false);
    expect(importPrivateKey("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n").ok).toBe(false);
  });
});
