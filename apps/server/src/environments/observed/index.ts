// Reads an environment's observed state: a Terraform state from its backend, or a cluster's
// objects. Every failure comes back as a reason in words for the user; an SDK's own message never
// does (it can carry addresses, request ids or parts of a credential). An uploaded state
// (`terraform-upload`) is the server's own storage and is not read here.
import type { ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import { refusalOf } from "./egress.ts";
import { readKubernetes } from "./kubernetes.ts";
import { type ObservedRead, ReadFailure, type ReadObservedOptions } from "./read-result.ts";
import { readTerraformAzure } from "./terraform-azure.ts";
import { readTerraformGcs } from "./terraform-gcs.ts";
import { readTerraformHttp } from "./terraform-http.ts";
import { readTerraformS3 } from "./terraform-s3.ts";

export type { ObservedLimits, ObservedRead, ReadObservedOptions } from "./read-result.ts";

/** Reasonable limits for a server that did not configure its own. */
export const DEFAULT_OBSERVED_LIMITS = { maxBytes: 50 * 1024 * 1024, timeoutMs: 60_000, maxObjects: 20_000 };

const WHERE: Record<Exclude<ObservedSource["kind"], "terraform-upload">, string> = {
  "terraform-http": "the state server",
  "terraform-s3": "S3",
  "terraform-gcs": "Cloud Storage",
  "terraform-azure": "Azure Storage",
  kubernetes: "the API server",
};

export async function readObserved(
  source: ObservedSource,
  credential: ObservedCredential | null,
  options: ReadObservedOptions,
): Promise<ObservedRead> {
  if (source.kind === "terraform-upload") {
    return { ok: false, reason: "An uploaded state is read from Rampart's own storage" };
  }
  const timeout = AbortSignal.timeout(options.limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const bounded = { ...options, signal };
  try {
    switch (source.kind) {
      case "terraform-http":
        return { ok: true, kind: "terraform", state: await readTerraformHttp(source, credential, bounded) };
      case "terraform-s3":
        return { ok: true, kind: "terraform", state: await readTerraformS3(source, credential, bounded) };
      case "terraform-gcs":
        return { ok: true, kind: "terraform", state: await readTerraformGcs(source, credential, bounded) };
      case "terraform-azure":
        return { ok: true, kind: "terraform", state: await readTerraformAzure(source, credential, bounded) };
      case "kubernetes":
        return { ok: true, kind: "kubernetes", objects: await readKubernetes(source, credential, bounded) };
    }
  } catch (error) {
    if (error instanceof ReadFailure) return { ok: false, reason: error.message };
    return { ok: false, reason: reasonFor(error, WHERE[source.kind], options, timeout) };
  }
}

const TLS_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "ETIMEDOUT",
]);

/** Words for an error that is not a ReadFailure: a refused or failed connection, a timeout. */
function reasonFor(
  error: unknown,
  where: string,
  options: ReadObservedOptions,
  timeout: AbortSignal,
): string {
  const refusal = refusalOf(error);
  if (refusal) return `${capitalized(where)} cannot be used: ${refusal}`;
  if (timeout.aborted)
    return `Reading from ${where} took longer than ${Math.round(options.limits.timeoutMs / 1000)} s`;
  if (options.signal?.aborted) return "The read was cancelled";
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 6; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && TLS_CODES.has(code)) {
      return `The certificate of ${where} is not trusted${where === "the API server" ? " (add certificate-authority-data to the kubeconfig)" : ""}`;
    }
    if (typeof code === "string" && UNREACHABLE_CODES.has(code))
      return `${capitalized(where)} could not be reached`;
    current = (current as { cause?: unknown }).cause;
  }
  return `The state could not be read from ${where}`;
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
