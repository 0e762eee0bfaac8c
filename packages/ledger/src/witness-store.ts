// A witness's state in one JSON file: the tree it last cosigned per log and the forks it refused.
// Updates run one at a time through an in-process queue and reach the disk (a temporary file,
// fsync, rename) before the witness answers, so a crash cannot make it forget what it cosigned.
// One process per state file: the queue does not reach across processes.
import { randomBytes } from "node:crypto";
import { open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { ForkRecord, LogState, WitnessStore } from "./witness.ts";

export const WITNESS_STATE_FORMAT = "rampart-witness-state";
/** Forks kept in full; later ones are only counted (the first ones are the evidence that matters). */
export const MAX_RECORDED_FORKS = 1000;
/** Logs one state file may hold. */
export const MAX_WITNESSED_LOGS = 10_000;
const MAX_STATE_FILE_BYTES = 32 * 1024 * 1024;

const HexHash = z.string().regex(/^[0-9a-f]{64}$/);
const Size = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const Tree = z.strictObject({ size: Size, rootHash: HexHash });

const StateFileSchema = z.strictObject({
  format: z.literal(WITNESS_STATE_FORMAT),
  version: z.literal(1),
  logs: z
    .record(z.string().min(1), z.strictObject({ size: Size, rootHash: HexHash, cosignedAt: Size }))
    .refine((logs) => Object.keys(logs).length <= MAX_WITNESSED_LOGS, "too many logs"),
  forks: z
    .array(
      z.strictObject({
        origin: z.string().min(1),
        reason: z.enum(["same-size-different-root", "inconsistent", "wrong-empty-root"]),
        stored: Tree,
        offered: Tree,
        refusedAt: z.string(),
        note: z.string().optional(),
      }),
    )
    .max(MAX_RECORDED_FORKS),
  omittedForks: Size,
});

type StateFile = z.infer<typeof StateFileSchema>;

function emptyState(): StateFile {
  return { format: WITNESS_STATE_FORMAT, version: 1, logs: {}, forks: [], omittedForks: 0 };
}

/** Thrown when the state file cannot be read: the witness must not start over from nothing. */
export class WitnessStateError extends Error {}

async function load(file: string): Promise<StateFile> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyState();
    throw new WitnessStateError(`cannot read the witness state ${file}`);
  }
  if (size > MAX_STATE_FILE_BYTES) throw new WitnessStateError(`the witness state ${file} is too large`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw new WitnessStateError(`the witness state ${file} is not JSON`);
  }
  const result = StateFileSchema.safeParse(parsed);
  if (!result.success) throw new WitnessStateError(`the witness state ${file} is not a witness state file`);
  return result.data;
}

async function writeDurably(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // The rename itself must survive a crash too.
  const directory = await open(path.dirname(file), "r");
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/**
 * The store of a witness in `file` (created on the first update). It is read once, on first use;
 * a file that is not a witness state file is an error, never a fresh start.
 */
export function createFileStore(file: string): WitnessStore {
  let state: Promise<StateFile> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  }

  const current = () => {
    state ??= load(file);
    return state;
  };

  return {
    update: (origin, decide) =>
      enqueue(async () => {
        const before = await current();
        const decision = decide(before.logs[origin] as LogState | undefined);
        if (decision.state === undefined && decision.fork === undefined) return decision.result;
        if (decision.state !== undefined && !(origin in before.logs)) {
          if (Object.keys(before.logs).length >= MAX_WITNESSED_LOGS)
            throw new WitnessStateError("the witness state holds too many logs");
        }
        const fork = decision.fork as ForkRecord | undefined;
        const keepFork = fork !== undefined && before.forks.length < MAX_RECORDED_FORKS;
        const after: StateFile = {
          ...before,
          logs: decision.state === undefined ? before.logs : { ...before.logs, [origin]: decision.state },
          forks: keepFork ? [...before.forks, fork] : before.forks,
          omittedForks: before.omittedForks + (fork !== undefined && !keepFork ? 1 : 0),
        };
        // Only what reached the disk counts: the answer waits for the write, and a failed write
        // leaves the state as it was.
        await writeDurably(file, `${JSON.stringify(after, null, 2)}\n`);
        state = Promise.resolve(after);
        return decision.result;
      }),
    forks: () =>
      enqueue(async () => {
        const { forks, omittedForks } = await current();
        return { forks, omitted: omittedForks };
      }),
  };
}
