// Fans batches of files out over worker threads so every core parses. A batch that crashes or
// hangs its worker is split and retried file by file, so one poisonous file is skipped with a
// reason and the rest of the scan goes on.
//
// Each worker holds up to two batches: the one it is working on and the next. A worker never waits
// for the main thread to answer before starting its next batch, even while the main thread is busy
// (loading its own analyzers, merging a large result). A worker handles its messages in order, so
// the batch at the head of its list is the one running, and only that one is timed.
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import type { SkippedFile } from "./analyzer.ts";
import { MEASURED_YOUNG_GENERATION_MB } from "./memory-budget.ts";
import { TRIM_AFTER_TREE_OF } from "./native-memory.ts";
import type { BatchResult, FileTask, ProcessorInit } from "./process-files.ts";
import type { WorkerMessage } from "./worker.ts";

export interface PoolOptions {
  size: number;
  /** The worker's script (see bundle.ts). */
  script: URL;
  init: ProcessorInit;
  /** A batch that takes longer is abandoned (its worker terminated) and retried file by file. */
  batchTimeoutMs: number;
  /**
   * The largest file of the scan that a parser turns into a syntax tree, in bytes: where the workers
   * compile and how large their young generation is depend on it.
   */
  largestTreeFile: number;
  /** Each worker's young generation in MB, when a memory limit sets it. */
  youngGenerationMb?: number;
}

export interface PoolRun {
  prepareErrors: { analyzer: string; error: string }[];
  /** Files abandoned because they crashed or hung a worker on their own. */
  skipped: SkippedFile[];
}

/** Batches posted to a worker at once. */
const DEPTH = 2;

interface Batch {
  id: number;
  tasks: FileTask[];
}

interface Slot {
  worker: Worker;
  /** Posted and unanswered, oldest first: the head is the batch being processed. */
  outstanding: Batch[];
  timer: NodeJS.Timeout | undefined;
  ready: boolean;
  /** Terminated by the pool: later events of this worker are ignored. */
  done: boolean;
}

/**
 * V8 optimizes hot functions on its background threads by default, and each of those threads
 * allocates its compiler's zones in a malloc arena of its own, which keeps their pages: on the
 * CPython standard library (`--analyzers sast`) that was two or three arenas of 40-80 MB beside
 * the workers' own (bench/RESULTS.md). Compiling on the worker's thread puts the zones in the
 * arena the worker already has, but moves the compiler's work onto the worker: +3.3 s of CPU on
 * the 10,000-file corpus (a profile, bench/RESULTS.md), whose files are small and whose memory sits
 * far below the limits either way. So the workers compile on their own thread only when the scan holds
 * a file of `TRIM_AFTER_TREE_OF` or more that a grammar parses, the scans whose trees fill arenas.
 * V8 reads the flag when an isolate is made, so it is set before each pool's first worker starts;
 * the main thread's isolate, made earlier, keeps its compiler thread.
 */
function chooseWhereWorkersCompile(largeFiles: boolean): void {
  setFlagsFromString(largeFiles ? "--no-concurrent-recompilation" : "--concurrent-recompilation");
}

/**
 * How much bytecode a function runs before V8 considers optimizing it: four times the default of
 * Node 20's V8 (66 kB; Node 22's V8 has 132 kB, and Maglev before it).
 * Each worker's isolate compiles the analyzers on its own, and with the default its compiler
 * threads spent 12 s of CPU on the 10,000-file corpus (as much as a worker analyzing), mostly
 * compiling the same large functions again after a deoptimization: when a file takes a path the
 * earlier ones had not ("wrong map"; the taint index's builder 7 times per worker, 0.6 s each), and
 * at each full collection that frees syntax trees, which discards code whose object shapes died
 * with the last file ("weak objects", 260 per scan). Waiting for more type feedback halved the
 * compiling, and the scan's CPU fell by about 10 % (bench/RESULTS.md). V8 reads the flag when it
 * resets a function's budget, so it is set before the workers start.
 */
const INTERRUPT_BUDGET = 4 * 67_584;

/**
 * A worker's young generation, in MB. A small one keeps a worker's heap near what it holds, which
 * mattered for the CPython standard library's large trees. On many small files it costs CPU: the
 * 10,000-file corpus made 710 minor collections, 2.5 s of CPU in all, with 8 MB, and 206, 1.4 s,
 * with 32 MB, for about 60 MB more at the peak (bench/RESULTS.md). So 32 MB unless a large tree is
 * coming.
 */
function youngGenerationMb(largeFiles: boolean): number {
  return largeFiles ? MEASURED_YOUNG_GENERATION_MB : 32;
}

/**
 * Processes every batch and calls `onBatch` with each result, in completion order.
 * Rejects only when a worker cannot start at all.
 */
export function runPool(
  batches: FileTask[][],
  options: PoolOptions,
  onBatch: (result: BatchResult, tasks: readonly FileTask[]) => void,
): Promise<PoolRun> {
  const queue = [...batches];
  const run: PoolRun = { prepareErrors: [], skipped: [] };
  const slots = new Set<Slot>();
  let nextId = 0;
  let prepareErrorsKnown = false;
  let settled = false;

  return new Promise((resolve, reject) => {
    const finishIfIdle = () => {
      if (!settled && slots.size === 0 && queue.length === 0) {
        settled = true;
        resolve(run);
      }
    };

    const abort = (error: Error) => {
      if (settled) return;
      settled = true;
      for (const slot of slots) stop(slot);
      reject(error);
    };

    const stop = (slot: Slot) => {
      slot.done = true;
      clearTimeout(slot.timer);
      slots.delete(slot);
      void slot.worker.terminate();
    };

    const timeHead = (slot: Slot) => {
      clearTimeout(slot.timer);
      slot.timer =
        slot.outstanding.length > 0
          ? setTimeout(
              () => fail(slot, `timed out after ${options.batchTimeoutMs / 1000} s`),
              options.batchTimeoutMs,
            )
          : undefined;
    };

    const fill = (slot: Slot) => {
      // Near the end, a batch waiting behind another on a busy worker would leave an idle one without work.
      const depth = queue.length >= slots.size * DEPTH ? DEPTH : 1;
      while (slot.outstanding.length < depth && queue.length > 0) {
        const batch = { id: nextId++, tasks: queue.shift()! };
        slot.outstanding.push(batch);
        slot.worker.postMessage(batch);
      }
      if (slot.outstanding.length === 0) {
        stop(slot);
        finishIfIdle();
      }
    };

    /** The head batch broke its worker: it is the culprit; the batches behind it go back unharmed. */
    const fail = (slot: Slot, reason: string) => {
      if (slot.done) return;
      if (!slot.ready) {
        abort(new Error(`scan worker failed to start: ${reason}`));
        return;
      }
      const [head, ...behind] = slot.outstanding;
      stop(slot);
      queue.unshift(...behind.map((batch) => batch.tasks));
      if (head && head.tasks.length > 1) {
        // Find the culprit: retry each file on its own, ahead of the remaining work.
        queue.unshift(...head.tasks.map((task) => [task]));
      } else if (head) {
        for (const task of head.tasks)
          run.skipped.push({ path: task.path, reason: `analysis aborted: ${reason}` });
      }
      if (queue.length > 0) start();
      else finishIfIdle();
    };

    const onMessage = (slot: Slot, message: WorkerMessage) => {
      if (slot.done) return;
      switch (message.type) {
        case "ready":
          slot.ready = true;
          // Timed from here: loading the analyzers is not the batch's fault.
          timeHead(slot);
          if (!prepareErrorsKnown) {
            // Every worker loads the same analyzers; one worker's view of prepare failures is the run's.
            run.prepareErrors = message.prepareErrors;
            prepareErrorsKnown = true;
          }
          return;
        case "init-error":
          abort(new Error(`scan worker failed to start: ${message.error}`));
          return;
        case "batch-error":
          fail(slot, message.error);
          return;
        case "result": {
          const head = slot.outstanding[0];
          if (head?.id !== message.id) return;
          slot.outstanding.shift();
          timeHead(slot);
          try {
            onBatch(message.result, head.tasks);
          } catch (error) {
            abort(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          fill(slot);
          return;
        }
      }
    };

    const start = () => {
      // execArgv [] so the worker does not inherit test-runner or loader flags.
      // The heap limit turns a runaway parse into a crash of one worker, which we recover from.
      const worker = new Worker(options.script, {
        workerData: options.init,
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: 1536, maxYoungGenerationSizeMb: youngGeneration },
      });
      const slot: Slot = { worker, outstanding: [], timer: undefined, ready: false, done: false };
      slots.add(slot);
      worker.on("message", (message: WorkerMessage) => onMessage(slot, message));
      worker.on("error", (error: Error) => fail(slot, `worker crashed: ${error.message}`));
      worker.on("exit", (code: number) => fail(slot, `worker exited (code ${code})`));
      // Batches go out at once: the worker reads them as soon as its analyzers are ready.
      fill(slot);
    };

    const largeFiles = options.largestTreeFile >= TRIM_AFTER_TREE_OF;
    chooseWhereWorkersCompile(largeFiles);
    setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
    const youngGeneration = options.youngGenerationMb ?? youngGenerationMb(largeFiles);
    const size = Math.max(1, Math.min(options.size, batches.length));
    for (let index = 0; index < size && queue.length > 0; index++) start();
    finishIfIdle();
  });
}
