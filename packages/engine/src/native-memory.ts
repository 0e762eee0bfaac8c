// Syntax trees live outside V8's heap. ast-grep (tree-sitter through N-API) allocates each tree in
// native memory that V8 does not count, and frees it only when the tree's JavaScript wrapper is
// collected and, on Node 20, when the event loop next turns (N-API finalizers are deferred to
// setImmediate). V8 sees a small heap and rarely collects: a scan of the CPython standard library
// kept 1 GB of dead trees per thread (bench/RESULTS.md, scan-memory). So the parsers report what
// they allocate here, and the per-file loop collects once a budget of parsed text is spent.
import { setImmediate as nextTurn } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Parsed source text per collection by default. On the CPython standard library a thread peaked
 * at 406 MB with 2 MB and 294 MB with 512 kB; each collection costs a full GC of the thread's heap.
 */
export const DEFAULT_PARSED_BYTES_PER_COLLECTION = 1024 * 1024;

/**
 * The same in a worker thread, whose heap is small (its analyzers and one batch: a full collection
 * is cheap there), so it can afford to collect often. With two workers on the CPython standard
 * library (`--analyzers sast`, worker young generation 8 MB) the scan peaked at 512 MB with 1 MB,
 * 403 MB with 512 kB, 324 MB with 256 kB and 301 MB with 128 kB, for about the same CPU time
 * (bench/RESULTS.md, scan-memory second round).
 */
export const WORKER_PARSED_BYTES_PER_COLLECTION = 128 * 1024;

let parsedBytes = 0;
let collect: (() => void) | null | undefined;

/** Called by a parser for every tree it makes: the text it parsed. */
export function noteParsedText(characters: number): void {
  parsedBytes += characters;
}

/** Text parsed since the last collection (tests). */
export function parsedSinceCollection(): number {
  return parsedBytes;
}

/**
 * V8's `gc`, without starting node with --expose-gc: the flag is read when a context is made, so a
 * new context has it. Null where the runtime refuses (then trees are freed at V8's own pace).
 */
function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as unknown;
    collect = typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    collect = null;
  }
  return collect;
}

/**
 * Frees the trees of files already analyzed once more than `budget` characters were parsed since
 * the last time: a full collection, then one turn of the event loop for the finalizers. A no-op
 * (resolved at once) below the budget, so callers await it after every file.
 */
export async function releaseSyntaxTrees(budget: number): Promise<void> {
  if (parsedBytes < budget) return;
  parsedBytes = 0;
  const gc = collector();
  if (!gc) return;
  // A full collection: the wrappers of a file's trees outlive a young-generation sweep often
  // enough that minor collections freed half as much (bench/RESULTS.md).
  gc();
  await nextTurn();
}
