// A witness (C2SP tlog-witness) as a library: it checks a log's signed checkpoint and a consistency
// proof from the last checkpoint it cosigned, cosigns (tlog-cosignature/v1) only a consistent
// extension, and records every fork it refuses so that its operator can show it. Serving it over
// HTTP is witness-http.ts; keeping its state in a file is witness-store.ts.
import type { KeyObject } from "node:crypto";
import { cosignCheckpoint, cosignerVerifierKey } from "./cosignature.ts";
import { decodeCanonicalBase64 } from "./hash.ts";
import { EMPTY_ROOT, verifyConsistency } from "./merkle.ts";
import {
  isKeyName,
  type NoteVerifier,
  parseVerifierKey,
  SIGNATURE_TYPE,
  splitNote,
  verifyNote,
} from "./note.ts";
import { publicKeyOf } from "./signing.ts";

/** Largest add-checkpoint request body, in bytes. */
export const MAX_ADD_CHECKPOINT_BYTES = 64 * 1024;
/** Most consistency-proof lines a request may carry (tlog-witness). */
export const MAX_PROOF_LINES = 63;
/** Content type of a 409 answer: the size the witness holds for the log. */
export const TLOG_SIZE_CONTENT_TYPE = "text/x.tlog.size";

export interface WitnessedLog {
  readonly origin: string;
  /** The log's signed-note verifier key (Ed25519, type 0x01). */
  readonly vkey: string;
}

/** What the witness holds for one log: the tree it last cosigned. */
export interface LogState {
  readonly size: number;
  /** Merkle root, lowercase hex. */
  readonly rootHash: string;
  /** POSIX seconds of the last cosignature. */
  readonly cosignedAt: number;
}

export type ForkReason =
  /** The offered checkpoint has the stored size and another root. */
  | "same-size-different-root"
  /** The consistency proof does not lead from the stored tree to the offered one. */
  | "inconsistent"
  /** A checkpoint of the empty tree whose root is not the empty tree's. */
  | "wrong-empty-root";

/** A checkpoint the log signed that the witness refused as not extending what it cosigned. */
export interface ForkRecord {
  readonly origin: string;
  readonly reason: ForkReason;
  readonly stored: { readonly size: number; readonly rootHash: string };
  readonly offered: { readonly size: number; readonly rootHash: string };
  /** RFC 3339 UTC, when the witness refused it. */
  readonly refusedAt: string;
  /** The signed checkpoint as offered (the log's signature on it is the evidence); left out above 8 KiB. */
  readonly note?: string;
}

/** What an update of one log's state decides: its answer, and what to store. */
export interface StoreDecision<T> {
  readonly result: T;
  readonly state?: LogState;
  readonly fork?: ForkRecord;
}

/**
 * Where a witness keeps what it cosigned. `update` reads a log's state, lets `decide` judge the
 * offered checkpoint against it and stores the decision before answering, with no other update in
 * between: a witness that cosigned two forks because two requests raced would be no witness.
 */
export interface WitnessStore {
  update<T>(origin: string, decide: (current: LogState | undefined) => StoreDecision<T>): Promise<T>;
  forks(): Promise<{ readonly forks: readonly ForkRecord[]; readonly omitted: number }>;
}

export interface WitnessResponse {
  readonly status: 200 | 400 | 403 | 404 | 409 | 422 | 500;
  readonly contentType: string;
  readonly body: string;
}

export interface WitnessConfig {
  /** The witness's key name, e.g. `witness.example.com/auditor`. */
  readonly name: string;
  readonly privateKey: KeyObject;
  readonly logs: readonly WitnessedLog[];
  readonly store: WitnessStore;
  readonly now?: () => Date;
}

export interface Witness {
  readonly name: string;
  /** The witness's cosignature verifier key, for the logs' operators and auditors. */
  readonly vkey: string;
  /** C2SP tlog-witness `add-checkpoint`: the request body in, the HTTP answer out. */
  addCheckpoint(body: string): Promise<WitnessResponse>;
  forks(): ReturnType<WitnessStore["forks"]>;
}

const MAX_FORK_NOTE_BYTES = 8 * 1024;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const TEXT = "text/plain; charset=utf-8";

function answer(status: WitnessResponse["status"], message: string): WitnessResponse {
  return { status, contentType: TEXT, body: `${message}\n` };
}

function decimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export interface AddCheckpointRequest {
  readonly oldSize: number;
  readonly proof: readonly Buffer[];
  /** The signed checkpoint note. */
  readonly note: string;
}

/** Reads `old <size>\n`, up to 63 base64 proof lines, a blank line, then the signed checkpoint. */
export function parseAddCheckpointRequest(body: string): AddCheckpointRequest | string {
  if (Buffer.byteLength(body, "utf8") > MAX_ADD_CHECKPOINT_BYTES)
    return `the request is larger than ${MAX_ADD_CHECKPOINT_BYTES} bytes`;
  let position = body.indexOf("\n");
  const first = position < 0 ? undefined : /^old (\S+)$/.exec(body.slice(0, position));
  const oldSize = first ? decimal(first[1]!) : undefined;
  if (oldSize === undefined) return "the request must start with 'old <size>'";
  const proof: Buffer[] = [];
  for (;;) {
    const end = body.indexOf("\n", position + 1);
    if (end < 0) return "the request has no blank line before the checkpoint";
    const line = body.slice(position + 1, end);
    position = end;
    if (line === "") break;
    if (proof.length === MAX_PROOF_LINES) return `a consistency proof has at most ${MAX_PROOF_LINES} lines`;
    const node = decodeCanonicalBase64(line);
    if (node === undefined || node.length !== 32) return "a proof line is not the base64 of a 32-byte hash";
    proof.push(node);
  }
  return { oldSize, proof, note: body.slice(position + 1) };
}

interface CheckpointHead {
  readonly origin: string;
  readonly size: number;
  readonly root: Buffer;
}

/** The first three lines of a tlog-checkpoint body; extension lines are allowed and not read. */
function parseCheckpointText(text: string): CheckpointHead | string {
  const lines = text.slice(0, -1).split("\n");
  const [origin, sizeText, rootText, ...extensions] = lines;
  if (origin === undefined || sizeText === undefined || rootText === undefined)
    return "a checkpoint has an origin, a size and a root hash";
  if (!isKeyName(origin)) return "the checkpoint origin is empty or has spaces";
  const size = decimal(sizeText);
  if (size === undefined) return "the checkpoint size is not a decimal number";
  const root = decodeCanonicalBase64(rootText);
  if (root === undefined || root.length !== 32) return "the checkpoint root is not a base64 32-byte hash";
  if (extensions.some((line) => line === "")) return "a checkpoint extension line is empty";
  return { origin, size, root };
}

function logVerifiers(logs: readonly WitnessedLog[]): Map<string, NoteVerifier> {
  const verifiers = new Map<string, NoteVerifier>();
  for (const log of logs) {
    if (!isKeyName(log.origin)) throw new TypeError(`invalid log origin ${JSON.stringify(log.origin)}`);
    if (verifiers.has(log.origin)) throw new TypeError(`log ${log.origin} is listed twice`);
    const parsed = parseVerifierKey(log.vkey);
    if (!parsed.ok) throw new TypeError(`log ${log.origin}: ${parsed.message}`);
    if (parsed.verifier.type !== SIGNATURE_TYPE.ed25519)
      throw new TypeError(`log ${log.origin}: the log key must be an Ed25519 (0x01) key`);
    verifiers.set(log.origin, parsed.verifier);
  }
  return verifiers;
}

/**
 * A witness over `logs`. @throws TypeError for an invalid name, origin or log key (configuration
 * is checked by its reader; here it is a programmer error).
 */
export function createWitness(config: WitnessConfig): Witness {
  if (!isKeyName(config.name)) throw new TypeError(`invalid witness name ${JSON.stringify(config.name)}`);
  const verifiers = logVerifiers(config.logs);
  const now = config.now ?? (() => new Date());
  const { name, privateKey, store } = config;

  function judge(
    request: AddCheckpointRequest,
    checkpointText: string,
    head: CheckpointHead,
    stored: LogState | undefined,
  ): StoreDecision<WitnessResponse> {
    const storedSize = stored?.size ?? 0;
    const storedRoot = stored === undefined ? EMPTY_ROOT : Buffer.from(stored.rootHash, "hex");
    if (request.oldSize !== storedSize) {
      return {
        result: { status: 409, contentType: TLOG_SIZE_CONTENT_TYPE, body: `${storedSize}\n` },
      };
    }
    const at = now();
    const refuse = (reason: ForkReason, message: string): StoreDecision<WitnessResponse> => ({
      result: answer(422, message),
      fork: {
        origin: head.origin,
        reason,
        stored: { size: storedSize, rootHash: storedRoot.toString("hex") },
        offered: { size: head.size, rootHash: head.root.toString("hex") },
        refusedAt: at.toISOString(),
        ...(Buffer.byteLength(request.note) <= MAX_FORK_NOTE_BYTES ? { note: request.note } : {}),
      },
    });
    if (head.size === 0 && !head.root.equals(EMPTY_ROOT))
      return refuse("wrong-empty-root", "the checkpoint of the empty tree has another root");
    if (head.size === storedSize && !head.root.equals(storedRoot))
      return refuse(
        "same-size-different-root",
        "the checkpoint has the size the witness holds and another root",
      );
    // From the empty tree, or to the same tree, the proof is empty: anything else is a bad
    // request, not evidence of a fork.
    if ((storedSize === 0 || head.size === storedSize) && request.proof.length > 0)
      return { result: answer(422, "the consistency proof must be empty here") };
    if (!verifyConsistency(storedSize, head.size, storedRoot, head.root, request.proof))
      return refuse("inconsistent", "the consistency proof does not verify");
    const time = Math.floor(at.getTime() / 1000);
    const line = cosignCheckpoint({ name, privateKey, checkpointText, time });
    return {
      result: { status: 200, contentType: TEXT, body: `${line}\n` },
      state: { size: head.size, rootHash: head.root.toString("hex"), cosignedAt: time },
    };
  }

  async function addCheckpoint(body: string): Promise<WitnessResponse> {
    const request = parseAddCheckpointRequest(body);
    if (typeof request === "string") return answer(400, request);
    const split = splitNote(request.note);
    if (!split.ok) return answer(400, `the checkpoint is not a signed note: ${split.message}`);
    const head = parseCheckpointText(split.note.text);
    if (typeof head === "string") return answer(400, head);
    const verifier = verifiers.get(head.origin);
    if (verifier === undefined) return answer(404, `unknown log origin ${head.origin}`);
    if (!verifyNote(request.note, [verifier]).ok)
      return answer(403, "the checkpoint carries no valid signature of the log's key");
    if (request.oldSize > head.size) return answer(400, "old size is larger than the checkpoint's size");
    try {
      return await store.update(head.origin, (stored) => judge(request, split.note.text, head, stored));
    } catch {
      return answer(500, "the witness could not store its state");
    }
  }

  return {
    name,
    vkey: cosignerVerifierKey(name, publicKeyOf(privateKey)),
    addCheckpoint,
    forks: () => store.forks(),
  };
}

/** A store in memory: for tests and for embedding; it forgets on exit. */
export function createMemoryStore(): WitnessStore {
  const logs = new Map<string, LogState>();
  const forks: ForkRecord[] = [];
  return {
    // Synchronous between read and write, so no other update can interleave.
    async update(origin, decide) {
      const decision = decide(logs.get(origin));
      if (decision.state !== undefined) logs.set(origin, decision.state);
      if (decision.fork !== undefined) forks.push(decision.fork);
      return decision.result;
    },
    async forks() {
      return { forks: [...forks], omitted: 0 };
    },
  };
}
