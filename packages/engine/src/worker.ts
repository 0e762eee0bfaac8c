// A scan worker: sets up the analyzers once, then processes batches of files on request. Its script
// is a bundle with the registry inside (bundle.ts) or worker-entry.mjs, which loads the
// registry named in workerData through tsx.
import { parentPort, workerData } from "node:worker_threads";
import { describeError } from "./analyze.ts";
import { createProcessor, type FileTask, type ProcessorInit, type RegistryModule } from "./process-files.ts";

export type WorkerRequest = { id: number; tasks: FileTask[] };
export type WorkerMessage =
  | { type: "ready"; prepareErrors: { analyzer: string; error: string }[] }
  | { type: "init-error"; error: string }
  | { type: "result"; id: number; result: import("./process-files.ts").BatchResult }
  | { type: "batch-error"; id: number; error: string };

/** Serves batches on the parent port; `registry` is the bundled registry, if any. */
export async function serveWorker(registry?: RegistryModule): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const send = (message: WorkerMessage) => port.postMessage(message);
  try {
    const processor = await createProcessor(workerData as ProcessorInit, registry);
    // Batches run one after the other, in the order they came (the pool times the oldest): a batch
    // that pauses to free syntax trees must not let the next one start.
    let previous: Promise<void> = Promise.resolve();
    port.on("message", (request: WorkerRequest) => {
      previous = previous.then(async () => {
        try {
          send({ type: "result", id: request.id, result: await processor.process(request.tasks) });
        } catch (error) {
          send({ type: "batch-error", id: request.id, error: describeError(error) });
        }
      });
    });
    send({ type: "ready", prepareErrors: processor.prepareErrors });
  } catch (error) {
    send({ type: "init-error", error: describeError(error) });
  }
}
