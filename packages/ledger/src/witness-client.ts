// The log's side of C2SP tlog-witness: submit a signed checkpoint and a consistency proof to a
// witness's `add-checkpoint` and read its answer. Only cosignatures that verify against the
// witness's own key come back; everything else is a reason, never an exception.
import { type NoteVerifier, parseVerifierKey, SIGNATURE_TYPE, splitNote } from "./note.ts";
import { MAX_PROOF_LINES, TLOG_SIZE_CONTENT_TYPE } from "./witness.ts";

export const DEFAULT_WITNESS_TIMEOUT_MS = 10_000;
export const DEFAULT_WITNESS_RESPONSE_BYTES = 64 * 1024;
const MAX_MESSAGE_CHARACTERS = 200;
const MAX_COSIGNATURE_LINES = 64;

export type WitnessSubmission =
  /** The witness cosigned: its lines that verify with its key, to append to the note. */
  | { readonly kind: "cosigned"; readonly lines: readonly string[] }
  /** 409: the witness holds another size for the log; resubmit with a proof from that size. */
  | { readonly kind: "conflict"; readonly witnessSize: number }
  /** Any other answer (including a 200 with no cosignature that verifies). */
  | { readonly kind: "refused"; readonly status: number; readonly message: string }
  /** No answer: connection refused, timeout, redirect, TLS failure. */
  | { readonly kind: "unreachable"; readonly message: string };

export interface SubmitCheckpointInput {
  /** The witness's URL prefix; the request goes to `<url>/add-checkpoint`. */
  readonly url: string;
  /** The witness's cosignature verifier key (type 0x04). */
  readonly witnessVkey: string;
  /** The size of the checkpoint the witness last cosigned for this log (0 the first time). */
  readonly oldSize: number;
  /** The RFC 9162 consistency proof from `oldSize` to the checkpoint's size. */
  readonly proof: readonly Uint8Array[];
  /** The log's signed checkpoint note. */
  readonly note: string;
  readonly timeoutMs?: number;
  readonly maxResponseBytes?: number;
  /** For tests and custom agents; `globalThis.fetch` by default. */
  readonly fetch?: typeof fetch;
}

/**
 * The add-checkpoint body: `old <size>\n`, the proof (base64, a line each), a blank line, the note.
 * @throws TypeError for a size that is not a whole number, a proof over 63 nodes or a node that is
 *   not 32 bytes (the caller computed them: programmer errors).
 */
export function addCheckpointBody(oldSize: number, proof: readonly Uint8Array[], note: string): string {
  if (!Number.isSafeInteger(oldSize) || oldSize < 0) throw new TypeError(`invalid old size ${oldSize}`);
  if (proof.length > MAX_PROOF_LINES) throw new TypeError(`a proof has at most ${MAX_PROOF_LINES} nodes`);
  if (proof.some((node) => node.length !== 32)) throw new TypeError("a proof node is 32 bytes");
  const lines = proof.map((node) => `${Buffer.from(node).toString("base64")}\n`).join("");
  return `old ${oldSize}\n${lines}\n${note}`;
}

/** The witness's verifier. @throws TypeError if `vkey` is not a cosignature/v1 verifier key. */
function witnessVerifier(vkey: string): NoteVerifier {
  const parsed = parseVerifierKey(vkey);
  if (!parsed.ok) throw new TypeError(`witness key: ${parsed.message}`);
  if (parsed.verifier.type !== SIGNATURE_TYPE.cosignatureV1)
    throw new TypeError("witness key: not a cosignature/v1 (0x04) key");
  return parsed.verifier;
}

/** A witness's message, safe to show and log: its first line, printable, shortened. */
function safeMessage(text: string, status: number): string {
  const first = (text.split("\n")[0] ?? "").replace(/[^\x20-\x7e]/g, "?").trim();
  const clipped =
    first.length > MAX_MESSAGE_CHARACTERS ? `${first.slice(0, MAX_MESSAGE_CHARACTERS)}…` : first;
  return clipped === "" ? `HTTP ${status}` : clipped;
}

/** Reads at most `limit` bytes of the body; undefined if it is longer. */
async function boundedText(response: Response, limit: number): Promise<string | undefined> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The answer's lines that are cosignatures by `verifier` of the note's checkpoint. */
function verifiedCosignatures(body: string, checkpointText: string, verifier: NoteVerifier): string[] {
  const lines = body.split("\n").filter((line) => line !== "");
  const verified: string[] = [];
  for (const line of lines.slice(0, MAX_COSIGNATURE_LINES)) {
    const split = splitNote(`${checkpointText}\n${line}\n`);
    const signature = split.ok ? split.note.signatures[0] : undefined;
    if (
      signature !== undefined &&
      signature.keyName === verifier.keyName &&
      signature.keyId.equals(verifier.keyId) &&
      verifier.verify(checkpointText, signature.signature)
    ) {
      verified.push(line);
    }
  }
  return verified;
}

/** POSTs a checkpoint to a witness's add-checkpoint and says what came of it. */
export async function submitCheckpoint(input: SubmitCheckpointInput): Promise<WitnessSubmission> {
  const verifier = witnessVerifier(input.witnessVkey);
  const split = splitNote(input.note);
  if (!split.ok) throw new TypeError(`the checkpoint is not a signed note: ${split.message}`);
  const body = addCheckpointBody(input.oldSize, input.proof, input.note);
  const endpoint = `${input.url.replace(/\/+$/, "")}/add-checkpoint`;
  const doFetch = input.fetch ?? fetch;
  const signal = AbortSignal.timeout(input.timeoutMs ?? DEFAULT_WITNESS_TIMEOUT_MS);
  let response: Response;
  let text: string | undefined;
  try {
    response = await doFetch(endpoint, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8" },
      body,
      redirect: "error",
      signal,
    });
    text = await boundedText(response, input.maxResponseBytes ?? DEFAULT_WITNESS_RESPONSE_BYTES);
  } catch (error) {
    const timedOut = signal.aborted;
    return {
      kind: "unreachable",
      message: timedOut
        ? "the witness did not answer in time"
        : `cannot reach the witness: ${reasonOf(error)}`,
    };
  }
  if (text === undefined)
    return { kind: "refused", status: response.status, message: "the witness's answer is too large" };
  if (response.status === 200) {
    const lines = verifiedCosignatures(text, split.note.text, verifier);
    return lines.length > 0
      ? { kind: "cosigned", lines }
      : {
          kind: "refused",
          status: 200,
          message: "the witness answered no cosignature that verifies with its key",
        };
  }
  if (response.status === 409) {
    const size = /^(0|[1-9][0-9]*)\n?$/.exec(text);
    const contentType = response.headers.get("content-type") ?? "";
    const witnessSize = size ? Number(size[1]) : Number.NaN;
    if (contentType.startsWith(TLOG_SIZE_CONTENT_TYPE) && Number.isSafeInteger(witnessSize))
      return { kind: "conflict", witnessSize };
  }
  return { kind: "refused", status: response.status, message: safeMessage(text, response.status) };
}

/** The cause of a fetch failure in a few words (undici hides it in `cause`). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  return safeMessage(error instanceof Error ? error.message : String(error), 0);
}
