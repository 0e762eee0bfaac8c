// What reading an observed state gives back, the limits it runs under, and the failure that
// carries a reason for the user (never an SDK's raw text: that can hold addresses or secrets).
import type { NetworkPolicy } from "@rampart/checkout";

export interface ObservedLimits {
  /** The largest state (or the sum of a cluster's listed objects) read, in bytes. */
  maxBytes: number;
  /** The whole read, all requests included. */
  timeoutMs: number;
  /** Kubernetes: the most objects listed in total. */
  maxObjects: number;
}

export interface ReadObservedOptions {
  limits: ObservedLimits;
  policy: NetworkPolicy;
  signal?: AbortSignal;
  /**
   * Google Cloud Storage's JSON API; Google's own when absent. The source has no endpoint field
   * (the gcs backend has none): this is for a server configured against an emulator, and tests.
   */
  gcsEndpoint?: string;
}

export type ObservedRead =
  | { ok: true; kind: "terraform"; state: unknown }
  | { ok: true; kind: "kubernetes"; objects: unknown[] }
  | { ok: false; reason: string };

/** A read that failed for a reason the user can act on; the message is shown as is. */
export class ReadFailure extends Error {}

export const tooLarge = (limits: ObservedLimits) =>
  new ReadFailure(`The state is larger than the limit of ${formatBytes(limits.maxBytes)}`);

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Reads a body stream, stopping (and destroying the source) past `maxBytes`. */
export async function readCapped(
  body: AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => void },
  limits: ObservedLimits,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limits.maxBytes) {
      body.destroy?.();
      throw tooLarge(limits);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Parses a Terraform state: JSON with a `version`; the drift module checks the version it reads. */
export function parseState(bytes: Buffer): unknown {
  let state: unknown;
  try {
    state = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ReadFailure("The state is not valid JSON");
  }
  if (!state || typeof state !== "object" || Array.isArray(state) || !("version" in state)) {
    throw new ReadFailure("The file is not a Terraform state (it has no version)");
  }
  return state;
}
