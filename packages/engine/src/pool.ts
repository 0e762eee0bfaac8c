// Fans batches of files out over worker threads so every core parses. A batch that crashes or
// hangs its worker is split and retried file by file, so one poisonous file is skipped with a
// reason and the rest of the scan goes on.
import { Worker } from "node:worker_threads";
import type { SkippedFile } from "./analyzer.ts";
import type { BatchResult, FileTask, ProcessorInit } from "./process-files.ts";
import type { WorkerMessage } from "./worker.ts";

export interface PoolOptions {
  size: number;
  /** The worker's script (see worker-bundle.ts). */
  script: URL;
  init: ProcessorInit;
  /** A batch that takes longer is abandoned (its worker terminated) and retried file by file. */
  batchTimeoutMs: number;
}

export interface PoolRun {
  prepareErrors: { analyzer: string; error: string }[];
  /** Files abandoned because they crashed or hung a worker on their own. */
  skipped: SkippedFile[];
}

type Outcome = { ok: true; result: BatchResult } | { ok: false; reason: string };

interface Slot {
  worker: Worker;
  prepareErrors: { analyzer: string; error: string }[];
}

function spawn(script: URL, init: ProcessorInit): Promise<Slot> {
  return new Promise((resolve, reject) => {
    // execArgv [] so the worker does not inherit test-runner or loader flags.
    // The heap limit turns a runaway parse into a crash of one worker, which we recover from.
    const worker = new Worker(script, {
      workerData: init,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 1536 },
    });
    const onMessage = (message: WorkerMessage) => {
      cleanup();
      if (message.type === "ready") resolve({ worker, prepareErrors: message.prepareErrors });
      else if (message.type === "init-error") {
        void worker.terminate();
        reject(new Error(`scan worker failed to start: ${message.error}`));
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new Error(`scan worker failed to start: ${error.message}`));
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`scan worker exited during start-up (code ${code})`));
    };
    const cleanup = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
  });
}

function runBatch(worker: Worker, id: number, tasks: FileTask[], timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      resolve(outcome);
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === "result" && message.id === id) finish({ ok: true, result: message.result });
      else if (message.type === "batch-error" && message.id === id)
        finish({ ok: false, reason: message.error });
    };
    const onError = (error: Error) => finish({ ok: false, reason: `worker crashed: ${error.message}` });
    const onExit = (code: number) => finish({ ok: false, reason: `worker exited (code ${code})` });
    const timer = setTimeout(
      () => finish({ ok: false, reason: `timed out after ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ id, tasks });
  });
}

/**
 * Processes every batch and calls `onBatch` with each result, in completion order.
 * Rejects only when no worker can start at all.
 */
export async function runPool(
  batches: FileTask[][],
  options: PoolOptions,
  onBatch: (result: BatchResult, tasks: readonly FileTask[]) => void,
): Promise<PoolRun> {
  const queue = [...batches];
  const run: PoolRun = { prepareErrors: [], skipped: [] };
  let nextId = 0;
  let firstSlot = true;

  const loop = async (): Promise<void> => {
    if (queue.length === 0) return;
    let slot = await spawn(options.script, options.init);
    if (firstSlot) {
      // Every worker loads the same analyzers; one worker's view of prepare failures is the run's.
      run.prepareErrors = slot.prepareErrors;
      firstSlot = false;
    }
    try {
      for (let tasks = queue.shift(); tasks !== undefined; tasks = queue.shift()) {
        const outcome = await runBatch(slot.worker, nextId++, tasks, options.batchTimeoutMs);
        if (outcome.ok) {
          onBatch(outcome.result, tasks);
          continue;
        }
        await slot.worker.terminate();
        if (tasks.length > 1) {
          // Find the culprit: retry each file on its own, ahead of the remaining work.
          queue.unshift(...tasks.map((task) => [task]));
        } else {
          for (const task of tasks)
            run.skipped.push({ path: task.path, reason: `analysis aborted: ${outcome.reason}` });
        }
        slot = await spawn(options.script, options.init);
      }
    } finally {
      await slot.worker.terminate();
    }
  };

  const guarded = async (): Promise<void> => {
    try {
      await loop();
    } catch (error) {
      queue.length = 0; // no worker can start: let the other loops wind down, then fail the scan
      throw error;
    }
  };
  const size = Math.max(1, Math.min(options.size, batches.length));
  await Promise.all(Array.from({ length: size }, () => guarded()));
  return run;
}
