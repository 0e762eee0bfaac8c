// Syntax trees live outside V8's heap. ast-grep (tree-sitter through N-API) allocates each tree in
// native memory that V8 does not count, and frees it only when the tree's JavaScript wrapper is
// collected and, on Node 20, when the event loop next turns (N-API finalizers are deferred to
// setImmediate). V8 sees a small heap and rarely collects: a scan of the CPython standard library
// kept 1 GB of dead trees per thread (bench/RESULTS.md, scan-memory). So the parsers report what
// they allocate here, and the per-file loop collects once a budget of parsed text is spent.
import { setImmediate as nextTurn } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { isMainThread } from "node:worker_threads";
import { releaseFreeMallocPages } from "./malloc-trim.ts";

/**
 * Parsed source text per collection by default. On the CPython standard library a thread peaked
 * at 406 MB with 2 MB and 294 MB with 512 kB; each collection costs a full GC of the thread's heap.
 */
export const DEFAULT_PARSED_BYTES_PER_COLLECTION = 1024 * 1024;

/**
 * The same in a worker thread, whose heap is small (its analyzers and one batch), so that a full
 * collection is cheap enough to run twice as often. A worker also collects early when the process
 * grew (see `residentGrew`). With two workers, young generation 8 MB (bench/RESULTS.md,
 * scan-memory second round): on the CPython standard library (`--analyzers sast`) 528 MB with
 * 1 MB alone, 403 MB with 512 kB, 312 MB with 512 kB and the growth check; each collection is a
 * full GC, so 128 kB (301 MB) cost the 10,000-file corpus 30 % more CPU, 512 kB nothing measurable.
 */
export const WORKER_PARSED_BYTES_PER_COLLECTION = 512 * 1024;

/** Parsed text between two looks at the process's resident memory (a read of /proc). */
const GROWTH_CHECK_BYTES = 64 * 1024;
/**
 * Resident memory the process may gain between two collections before a worker collects early.
 * Freed trees leave their pages to the next trees, so the process grows only when the dead trees
 * outweigh the room they left: collecting then keeps it near its size instead of a budget's worth
 * of trees above it, and costs nothing on files whose trees are small.
 */
const GROWTH_BYTES = 4 * 1024 * 1024;

/**
 * The smallest text whose tree makes the next collection hand free pages back to the system
 * (malloc-trim.ts). Large trees are what leave a thread's arena at a high-water mark; trimming after
 * every collection also made small-file scans re-fault the pages they reuse anyway, and measured the
 * growth check from a size the next file outgrows at once (three times the collections, +15-25 % CPU
 * on the CPython standard library, against about +5 % this way: bench/RESULTS.md).
 */
export const TRIM_AFTER_TREE_OF = 64 * 1024;

let parsedBytes = 0;
/** The longest text parsed since the last trim. */
let largestSinceTrim = 0;
/** This thread has parsed a text of TRIM_AFTER_TREE_OF or more: it collects on growth from then on. */
let largeTreeSeen = false;
let collect: (() => void) | null | undefined;

/** Called by a parser for every tree it makes: the text it parsed. */
export function noteParsedText(characters: number): void {
  parsedBytes += characters;
  if (characters > largestSinceTrim) largestSinceTrim = characters;
  if (characters >= TRIM_AFTER_TREE_OF) largeTreeSeen = true;
}

/** This thread met a tree of TRIM_AFTER_TREE_OF or more, so a worker also collects on growth (tests). */
export function hasParsedLargeTree(): boolean {
  return largeTreeSeen;
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
 * the last time, or earlier when the process grew (`residentGrew`): a full collection, then one
 * turn of the event loop for the finalizers. A no-op (resolved at once) otherwise, so callers
 * await it after every file.
 */
export async function releaseSyntaxTrees(budget: number): Promise<void> {
  // Only a worker collects on growth: the main thread's heap grows with the findings it keeps,
  // which no collection frees, and it is costlier to collect. And only once it met a large tree:
  // small files' trees are freed at the budget's pace and reused by the next ones, while the growth
  // check collected every 4 MB of the whole process's growth (34-38 full collections, 2 s of CPU on
  // the 10,000-file corpus, where the budget alone makes about 16; bench/RESULTS.md).
  const early = !isMainThread && largeTreeSeen && parsedBytes >= GROWTH_CHECK_BYTES && residentGrew();
  if (parsedBytes < budget && !early) return;
  parsedBytes = 0;
  const gc = collector();
  if (!gc) return;
  // A full collection: the wrappers of a file's trees outlive a young-generation sweep often
  // enough that minor collections freed half as much (bench/RESULTS.md).
  gc();
  await nextTurn();
  // After a large tree, the freed pages go back to the system, so each worker's arena holds what
  // its thread holds now, not the most it ever held; the growth check then measures from there.
  if (largestSinceTrim >= TRIM_AFTER_TREE_OF) {
    releaseFreeMallocPages();
    largestSinceTrim = 0;
  }
  residentAfterCollection = process.memoryUsage.rss();
}

let residentAfterCollection = 0;

/** The process holds more than GROWTH_BYTES of memory over what it held after the last collection. */
function residentGrew(): boolean {
  const resident = process.memoryUsage.rss();
  if (residentAfterCollection === 0) residentAfterCollection = resident;
  return resident > residentAfterCollection + GROWTH_BYTES;
}
