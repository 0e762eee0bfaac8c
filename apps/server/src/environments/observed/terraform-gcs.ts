// Terraform's gcs backend: the state object read with the service-account key the user gave.
// The key signs its own short-lived JWT per request (Google's "self-signed JWT with scope"), so no
// token endpoint is called, and the key file's token_uri or universe_domain are never followed;
// nor is the server's own Google identity (application default credentials) ever used.
import { createPrivateKey } from "node:crypto";
import { ApiError, Storage } from "@google-cloud/storage";
import type { ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import { JWT } from "google-auth-library";
import { refusalOf, urlProblem } from "./egress.ts";
import { parseState, ReadFailure, type ReadObservedOptions, readCapped, tooLarge } from "./read-result.ts";

type GcsSource = Extract<ObservedSource, { kind: "terraform-gcs" }>;

const READ_SCOPE = "https://www.googleapis.com/auth/devstorage.read_only";
const GOOGLE_ENDPOINT = "https://storage.googleapis.com";

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id?: string;
}

export async function readTerraformGcs(
  source: GcsSource,
  credential: ObservedCredential | null,
  options: ReadObservedOptions & { signal: AbortSignal },
): Promise<unknown> {
  if (!credential || !("serviceAccountJson" in credential)) {
    throw new ReadFailure("A service account key (JSON) is required to read a GCS state");
  }
  const key = parseServiceAccountKey(credential.serviceAccountJson);
  // The endpoint is the server's configuration, not user input; it is checked all the same.
  // (The storage SDK opens its own connections, so the check is here, before the read.)
  const endpoint = options.gcsEndpoint ?? GOOGLE_ENDPOINT;
  const problem = urlProblem(endpoint, options.policy);
  if (problem) throw new ReadFailure(`The GCS endpoint cannot be used: ${problem}`);

  const authClient = new JWT({
    email: key.client_email,
    key: key.private_key,
    ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
    scopes: [READ_SCOPE],
  });
  // Sign the request's token locally instead of exchanging it at a token endpoint.
  authClient.useJWTAccessWithScope = true;
  const storage = new Storage({
    authClient,
    projectId: key.project_id ?? "rampart",
    ...(options.gcsEndpoint ? { apiEndpoint: options.gcsEndpoint, useAuthWithCustomEndpoint: true } : {}),
    retryOptions: { autoRetry: false, maxRetries: 0 },
  });
  const file = storage.bucket(source.bucket).file(source.object);
  try {
    const [metadata] = await abortable(file.getMetadata(), options.signal);
    if (Number(metadata.size ?? 0) > options.limits.maxBytes) throw tooLarge(options.limits);
    const stream = file.createReadStream();
    const onAbort = () => stream.destroy(new ReadFailure("aborted"));
    options.signal.addEventListener("abort", onAbort, { once: true });
    try {
      return parseState(await readCapped(stream, options.limits));
    } finally {
      options.signal.removeEventListener("abort", onAbort);
    }
  } catch (error) {
    if (error instanceof ReadFailure) throw error;
    const refusal = refusalOf(error);
    if (refusal) throw new ReadFailure(`The GCS endpoint cannot be used: ${refusal}`);
    if (error instanceof ApiError) throw new ReadFailure(reasonFor(error.code));
    throw error;
  }
}

function reasonFor(status: number | undefined): string {
  switch (status) {
    case 401:
      return "The service account key was refused";
    case 403:
      return "The service account may not read the state object (it needs storage.objects.get)";
    case 404:
      return "The state object or its bucket does not exist";
    default:
      return `Cloud Storage answered HTTP ${status ?? "error"}`;
  }
}

function parseServiceAccountKey(json: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ReadFailure("The service account key is not valid JSON");
  }
  const key = parsed as Partial<Record<keyof ServiceAccountKey | "type", unknown>>;
  if (!key || typeof key !== "object" || (key.type !== undefined && key.type !== "service_account")) {
    throw new ReadFailure("The key is not a service account key (type service_account)");
  }
  if (typeof key.client_email !== "string" || typeof key.private_key !== "string") {
    throw new ReadFailure("The service account key lacks client_email or private_key");
  }
  try {
    createPrivateKey(key.private_key);
  } catch {
    throw new ReadFailure("The service account key's private_key is not a valid private key");
  }
  return {
    client_email: key.client_email,
    private_key: key.private_key,
    ...(typeof key.private_key_id === "string" ? { private_key_id: key.private_key_id } : {}),
    ...(typeof key.project_id === "string" ? { project_id: key.project_id } : {}),
  };
}

/** The storage SDK takes no AbortSignal: the read is abandoned (its answer ignored) on abort. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
