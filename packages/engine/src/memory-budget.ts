// How a scan stays under a memory limit (`rampart scan --max-memory`, a container's limit): by
// running fewer worker threads and freeing syntax trees more often, never by leaving files out.
// Each worker holds its own analyzers and the trees of the files it is on, so memory grows with
// the number of workers; the figures below are peaks measured on the CPython standard library
// (bench/scan-memory.ts), the heaviest tree per byte we scan.
import { DEFAULT_PARSED_BYTES_PER_COLLECTION, WORKER_PARSED_BYTES_PER_COLLECTION } from "./native-memory.ts";

/** The process, the main thread's analyzers (cross-file phase) and the findings of a large scan. */
const MAIN_THREAD_MB = 160;
/**
 * One worker: its analyzers, its heap and the trees it parses between two collections (512 kB of
 * text or 4 MB of growth, young generation 8 MB): two workers on the CPython standard library
 * peaked at 312 MB, the main thread included.
 */
const WORKER_MB = 120;
/** The young generation (MB) each worker had when WORKER_MB was measured; kept under a limit. */
export const MEASURED_YOUNG_GENERATION_MB = 8;
/** In-process analysis with trees freed every SMALL_BUDGET characters: about 130 MB over the main thread. */
const IN_PROCESS_MB = 130;
const SMALL_BUDGET = 256 * 1024;

export interface MemoryPlan {
  /** Worker threads; 0 analyzes in-process. */
  workers: number;
  /** Characters parsed between two releases of dead syntax trees (native-memory.ts). */
  parsedBytesPerCollection: number;
  /**
   * Each worker's young generation in MB under a limit: MEASURED_YOUNG_GENERATION_MB. Without a
   * limit the pool picks a larger one for scans of small files (pool.ts).
   */
  youngGenerationMb?: number;
}

/**
 * The parallelism for a scan that must stay under `maxMemoryMb`: as many of `wantedWorkers` as
 * fit, else in-process with trees freed often. Below what even that needs, the scan still runs
 * in-process (it may then go over the limit: a scan that reads every file is worth more than one
 * that refuses to start).
 */
export function planForMemory(maxMemoryMb: number | undefined, wantedWorkers: number): MemoryPlan {
  const standard = {
    workers: wantedWorkers,
    parsedBytesPerCollection:
      wantedWorkers > 0 ? WORKER_PARSED_BYTES_PER_COLLECTION : DEFAULT_PARSED_BYTES_PER_COLLECTION,
  };
  if (maxMemoryMb === undefined) return standard;
  const fitting = Math.floor((maxMemoryMb - MAIN_THREAD_MB) / WORKER_MB);
  // Two workers in-process cost more than one worker: one worker is never better than none.
  if (wantedWorkers > 0 && fitting >= 2)
    return {
      ...standard,
      workers: Math.min(wantedWorkers, fitting),
      youngGenerationMb: MEASURED_YOUNG_GENERATION_MB,
    };
  const roomy = maxMemoryMb >= MAIN_THREAD_MB + IN_PROCESS_MB * 2;
  return {
    workers: 0,
    parsedBytesPerCollection: roomy ? DEFAULT_PARSED_BYTES_PER_COLLECTION : SMALL_BUDGET,
  };
}
