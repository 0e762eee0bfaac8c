// The ledger's signer when its Ed25519 key lives in AWS KMS (or a KMS speaking the same API): the
// private key never leaves the KMS; the public key comes from GetPublicKey, and every signature is
// checked against it before it is used, so a misbehaving KMS cannot put a bad signature into evidence.
import { createPublicKey, type KeyObject, verify } from "node:crypto";
import {
  GetPublicKeyCommand,
  KMSClient,
  type KMSClientConfig,
  KMSServiceException,
  SignCommand,
} from "@aws-sdk/client-kms";
import type { Signer } from "@rampart/ledger";

export interface KmsSignerOptions {
  readonly keyId: string;
  readonly region: string;
  /** A local or compatible endpoint; unset: AWS. */
  readonly endpoint?: string;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  readonly credentials?: KMSClientConfig["credentials"];
  readonly timeoutMs?: number;
}

export type KmsSignerResult = { ok: true; signer: Signer } | { ok: false; error: string };

const KEY_SPEC = "ECC_NIST_EDWARDS25519";
const SIGNING_ALGORITHM = "ED25519_SHA_512";
/** KMS signs messages of 0 to 4096 bytes with MessageType RAW. */
export const KMS_MAX_MESSAGE_BYTES = 4096;
const PROBE = Buffer.from("rampart ledger signing key check\n", "utf8");

/** What an operator should read for an SDK failure: the error's name and the step, never its raw text. */
const KNOWN_ERRORS: Readonly<Record<string, (keyId: string, step: string) => string>> = {
  NotFoundException: (keyId) => `KMS key ${keyId} was not found`,
  AccessDeniedException: (keyId, step) =>
    `access to KMS key ${keyId} was denied (kms:${step}); grant it to this server's credentials`,
  DisabledException: (keyId) => `KMS key ${keyId} is disabled`,
  KMSInvalidStateException: (keyId) => `KMS key ${keyId} is not usable in its current state`,
  InvalidKeyUsageException: (keyId) => `KMS key ${keyId} is not a signing key`,
  KeyUnavailableException: (keyId) => `KMS key ${keyId} is unavailable right now`,
  UnrecognizedClientException: () => "the KMS did not accept this server's credentials",
  InvalidSignatureException: () =>
    "the KMS did not accept this server's request signature (check the credentials)",
  CredentialsProviderError: () =>
    "no AWS credentials found for the KMS (environment, profile or instance role)",
};

function describeFailure(error: unknown, keyId: string, step: string): string {
  const name = error instanceof Error ? error.name : "";
  const known = KNOWN_ERRORS[name];
  if (known) return known(keyId, step);
  if (error instanceof KMSServiceException) return `KMS ${step} of key ${keyId} failed: ${name}`;
  return `KMS ${step} of key ${keyId} failed: the KMS could not be reached`;
}

/**
 * Connects to the KMS key, checks it is an Ed25519 signing key allowed to sign with
 * ED25519_SHA_512, and signs a probe that must verify locally: a key that cannot serve is refused
 * at start, with one line saying why.
 */
export async function openKmsSigner(options: KmsSignerOptions): Promise<KmsSignerResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = new KMSClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: 3,
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
  });
  const { keyId } = options;

  let publicKey: KeyObject;
  try {
    const answer = await client.send(new GetPublicKeyCommand({ KeyId: keyId }));
    if (answer.KeySpec !== KEY_SPEC) {
      return {
        ok: false,
        error: `KMS key ${keyId} has key spec ${answer.KeySpec ?? "(none)"}; the ledger needs ${KEY_SPEC} (Ed25519)`,
      };
    }
    if (answer.KeyUsage !== "SIGN_VERIFY" || !answer.SigningAlgorithms?.includes(SIGNING_ALGORITHM)) {
      return { ok: false, error: `KMS key ${keyId} does not allow signing with ${SIGNING_ALGORITHM}` };
    }
    if (!answer.PublicKey)
      return { ok: false, error: `KMS key ${keyId}: GetPublicKey returned no public key` };
    publicKey = createPublicKey({ key: Buffer.from(answer.PublicKey), format: "der", type: "spki" });
    if (publicKey.asymmetricKeyType !== "ed25519") {
      return { ok: false, error: `KMS key ${keyId}: the public key returned is not Ed25519` };
    }
  } catch (error) {
    return { ok: false, error: describeFailure(error, keyId, "GetPublicKey") };
  }

  async function sign(message: Uint8Array): Promise<Buffer> {
    // Pure Ed25519 needs the whole message; KMS takes at most 4096 bytes of it.
    if (message.length > KMS_MAX_MESSAGE_BYTES) {
      throw new Error(
        `KMS signs at most ${KMS_MAX_MESSAGE_BYTES} bytes with ${SIGNING_ALGORITHM}; this message has ${message.length}`,
      );
    }
    let signature: Buffer;
    try {
      const answer = await client.send(
        new SignCommand({
          KeyId: keyId,
          Message: message,
          MessageType: "RAW",
          SigningAlgorithm: SIGNING_ALGORITHM,
        }),
      );
      signature = Buffer.from(answer.Signature ?? new Uint8Array());
    } catch (error) {
      throw new Error(describeFailure(error, keyId, "Sign"));
    }
    if (!verify(null, message, publicKey, signature)) {
      throw new Error(`KMS key ${keyId} returned a signature that does not verify with its public key`);
    }
    return signature;
  }

  try {
    await sign(PROBE);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return { ok: true, signer: { publicKey, sign, maxMessageBytes: KMS_MAX_MESSAGE_BYTES } };
}
