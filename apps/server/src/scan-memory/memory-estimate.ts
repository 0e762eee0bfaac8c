// What a scan of a repository is expected to take in memory, to reserve before it starts.
//
// When an earlier run of the repository recorded its peak, that peak with a quarter more (the
// repository grows; the measure can come out low, see peak-memory.ts). Otherwise from the size of
// the checkout: a base for the analyzers and their grammars, plus per file (paths, results,
// summaries) and per byte of source (contents, syntax trees). The factors come from the peaks
// measured in issue 25 (10,000 files near 1 GB; 50,000 files and 940 MB at 6.2 GB) and lean high:
// a first scan overestimated waits a little longer, one underestimated can take the worker down.

const MB = 1024 * 1024;
/**
 * The analyzers and their grammars: a first scan in a fresh process measured about 115 MB over a
 * 23-file repository, most of it loading them (a later one over 2,800 files, 64 MB).
 */
export const ESTIMATE_BASE_BYTES = 128 * MB;
export const ESTIMATE_BYTES_PER_FILE = 16 * 1024;
export const ESTIMATE_BYTES_PER_SOURCE_BYTE = 8;
/** A recorded peak is grown by this much, and never taken below the base. */
export const PEAK_MARGIN = 1.25;

export interface TreeSize {
  files: number;
  /** Bytes of the files the engine reads (not those over its per-file limit). */
  bytes: number;
}

export function estimateFromTreeSize(size: TreeSize): number {
  return Math.ceil(
    ESTIMATE_BASE_BYTES + size.files * ESTIMATE_BYTES_PER_FILE + size.bytes * ESTIMATE_BYTES_PER_SOURCE_BYTE,
  );
}

export function estimateFromPeak(peakBytes: number): number {
  return Math.max(ESTIMATE_BASE_BYTES, Math.ceil(peakBytes * PEAK_MARGIN));
}
