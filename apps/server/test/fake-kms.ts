// A local AWS KMS for tests: the JSON 1.1 protocol (POST /, X-Amz-Target TrentService.<Operation>,
// application/x-amz-json-1.1, blobs as base64) with a SigV4 Authorization header required, the
// GetPublicKey and Sign operations over keys it holds, and AWS's error shapes (`__type`).
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
} from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeKmsKey {
  readonly keyId: string;
  readonly keySpec: string;
  readonly keyUsage: string;
  readonly signingAlgorithms: readonly string[];
  readonly publicKeyDer: Buffer;
  readonly privateKey?: KeyObject;
  /** Operations this server's caller may not use on the key (AccessDeniedException). */
  readonly denied: Set<string>;
}

export interface FakeKms {
  readonly url: string;
  readonly region: string;
  readonly credentials: { accessKeyId: string; secretAccessKey: string };
  /** An Ed25519 signing key (ECC_NIST_EDWARDS25519), or `privateKeyPem`'s. */
  addEd25519Key(options?: { privateKeyPem?: string; deny?: readonly string[] }): FakeKmsKey;
  /** A P-256 signing key: the wrong spec for the ledger. */
  addP256Key(): FakeKmsKey;
  /** From now on, Sign answers a signature by another key. */
  corruptSignatures(on: boolean): void;
  readonly requests: { target: string; keyId: string | undefined }[];
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
const MAX_MESSAGE = 4096;

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/x-amz-json-1.1" });
  response.end(JSON.stringify(body));
}

function fail(response: ServerResponse, status: number, type: string, message: string) {
  response.setHeader("x-amzn-ErrorType", type);
  answer(response, status, { __type: type, message });
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeKms(): Promise<FakeKms> {
  const region = "eu-west-1";
  const credentials = { accessKeyId: "AKIAFAKEKMSTEST00001", secretAccessKey: "fake-kms-secret" };
  const keys = new Map<string, FakeKmsKey>();
  const requests: { target: string; keyId: string | undefined }[] = [];
  const stranger = generateKeyPairSync("ed25519").privateKey;
  let corrupt = false;

  const addKey = (key: Omit<FakeKmsKey, "keyId" | "denied">, deny: readonly string[] = []) => {
    const stored = { ...key, keyId: randomUUID(), denied: new Set(deny) };
    keys.set(stored.keyId, stored);
    return stored;
  };

  const operations: Record<
    string,
    (key: FakeKmsKey, body: Record<string, unknown>, response: ServerResponse) => void
  > = {
    GetPublicKey: (key, _body, response) =>
      answer(response, 200, {
        KeyId: `arn:aws:kms:${region}:111122223333:key/${key.keyId}`,
        PublicKey: key.publicKeyDer.toString("base64"),
        KeySpec: key.keySpec,
        CustomerMasterKeySpec: key.keySpec,
        KeyUsage: key.keyUsage,
        SigningAlgorithms: key.signingAlgorithms,
      }),
    Sign: (key, body, response) => {
      const message = typeof body.Message === "string" ? Buffer.from(body.Message, "base64") : undefined;
      if (message === undefined || message.length === 0 || message.length > MAX_MESSAGE) {
        return fail(response, 400, "ValidationException", "Message must be 1 to 4096 bytes");
      }
      if (body.MessageType !== "RAW" || body.SigningAlgorithm !== "ED25519_SHA_512") {
        return fail(response, 400, "InvalidKeyUsageException", "Use MessageType RAW with ED25519_SHA_512");
      }
      if (!key.privateKey || !key.signingAlgorithms.includes("ED25519_SHA_512")) {
        return fail(response, 400, "InvalidKeyUsageException", "The key cannot sign with ED25519_SHA_512");
      }
      const signature = sign(null, message, corrupt ? stranger : key.privateKey);
      answer(response, 200, {
        KeyId: `arn:aws:kms:${region}:111122223333:key/${key.keyId}`,
        Signature: signature.toString("base64"),
        SigningAlgorithm: "ED25519_SHA_512",
      });
    },
  };

  const server = createServer(async (request, response) => {
    const target = String(request.headers["x-amz-target"] ?? "");
    const body = await readBody(request);
    if (request.method !== "POST" || request.url !== "/")
      return fail(response, 404, "UnknownOperationException", "");
    if (request.headers["content-type"] !== "application/x-amz-json-1.1")
      return fail(response, 400, "SerializationException", "expected application/x-amz-json-1.1");
    const authorization = String(request.headers.authorization ?? "");
    const signed = new RegExp(
      `^AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/\\d{8}/${region}/kms/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`,
    );
    if (!signed.test(authorization))
      return fail(response, 400, "IncompleteSignatureException", "missing or malformed SigV4 Authorization");
    const operation = target.startsWith("TrentService.") ? target.slice("TrentService.".length) : "";
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body ?? "") as Record<string, unknown>;
    } catch {
      return fail(response, 400, "SerializationException", "body is not JSON");
    }
    const keyId = typeof parsed.KeyId === "string" ? parsed.KeyId.replace(/^arn:.*:key\//, "") : undefined;
    requests.push({ target, keyId });
    const handler = operations[operation];
    if (!handler) return fail(response, 400, "UnknownOperationException", `unsupported ${target}`);
    const key = keyId === undefined ? undefined : keys.get(keyId);
    if (!key) return fail(response, 400, "NotFoundException", `Key '${parsed.KeyId}' does not exist`);
    if (key.denied.has(operation)) {
      return fail(
        response,
        400,
        "AccessDeniedException",
        `User is not authorized to perform: kms:${operation} on resource ${key.keyId}`,
      );
    }
    handler(key, parsed, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    region,
    credentials,
    requests,
    addEd25519Key(options = {}) {
      const privateKey = options.privateKeyPem
        ? createPrivateKey(options.privateKeyPem)
        : generateKeyPairSync("ed25519").privateKey;
      return addKey(
        {
          keySpec: "ECC_NIST_EDWARDS25519",
          keyUsage: "SIGN_VERIFY",
          signingAlgorithms: ["ED25519_SHA_512", "ED25519_PH_SHA_512"],
          publicKeyDer: createPublicKey(privateKey).export({ format: "der", type: "spki" }),
          privateKey,
        },
        options.deny,
      );
    },
    addP256Key() {
      const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      return addKey({
        keySpec: "ECC_NIST_P256",
        keyUsage: "SIGN_VERIFY",
        signingAlgorithms: ["ECDSA_SHA_256"],
        publicKeyDer: publicKey.export({ format: "der", type: "spki" }),
      });
    },
    corruptSignatures(on) {
      corrupt = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
