import { sign, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { localSigner } from "./signer.ts";
import { generateKeyPair } from "./signing.ts";

describe("localSigner", () => {
  it("signs exactly as Ed25519 over the message, with the key's public half", async () => {
    const { privateKey, publicKey } = generateKeyPair();
    const signer = localSigner(privateKey);
    const message = Buffer.from("checkpoint body\n");
    const signature = await signer.sign(message);
    expect(signature).toEqual(sign(null, message, privateKey));
    expect(verify(null, message, signer.publicKey, signature)).toBe(true);
    expect(signer.publicKey.equals(publicKey)).toBe(true);
  });

  it("refuses a public key or another key type", () => {
    const { publicKey } = generateKeyPair();
    expect(() => localSigner(publicKey)).toThrow(TypeError);
  });
});
