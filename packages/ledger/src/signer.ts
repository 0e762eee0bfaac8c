// The signer behind every signature the ledger makes: an Ed25519 key that may live in this process
// (a key file, an environment variable) or elsewhere (a KMS), so signing is asynchronous.
import { type KeyObject, sign } from "node:crypto";
import type { DsseEnvelope } from "./dsse.ts";
import { publicKeyOf } from "./signing.ts";

/** A signature by a short-lived key, and the statement in which the signer's key vouches for it. */
export interface DelegatedSignature {
  readonly signature: Buffer;
  readonly publicKey: KeyObject;
  /** The key delegation statement (key-delegation.ts), signed by the signer's own key. */
  readonly delegation: DsseEnvelope;
}

export interface Signer {
  readonly publicKey: KeyObject;
  /** A pure Ed25519 signature (RFC 8032) over `message`: 64 bytes. */
  sign(message: Uint8Array): Promise<Buffer>;
  /** The longest message `sign` accepts (a KMS's limit); unset: any length. */
  readonly maxMessageBytes?: number;
  /** Set by delegatingSigner: signs a message with a short-lived key this signer vouches for. */
  readonly signDelegated?: (message: Uint8Array) => Promise<DelegatedSignature>;
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
