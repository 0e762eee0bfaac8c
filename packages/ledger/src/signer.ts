// The signer behind every signature the ledger makes: an Ed25519 key that may live in this process
// (a key file, an environment variable) or elsewhere (a KMS), so signing is asynchronous.
import { type KeyObject, sign } from "node:crypto";
import { publicKeyOf } from "./signing.ts";

export interface Signer {
  readonly publicKey: KeyObject;
  /** A pure Ed25519 signature (RFC 8032) over `message`: 64 bytes. */
  sign(message: Uint8Array): Promise<Buffer>;
}

/** A signer over a private key held in this process. */
export function localSigner(privateKey: KeyObject): Signer {
  if (privateKey.asymmetricKeyType !== "ed25519" || privateKey.type !== "private") {
    throw new TypeError("localSigner needs an Ed25519 private key");
  }
  return {
    publicKey: publicKeyOf(privateKey),
    sign: async (message) => sign(null, message, privateKey),
  };
}
