// glibc's malloc gives each thread that allocates an arena of its own and keeps an arena's freed
// pages: it shrinks a heap only from its top. A scan worker's syntax trees (native memory,
// native-memory.ts) are freed in bulk at each collection, so without help each worker's arena
// stays at the most it ever held and the process holds the sum of those high-water marks
// (bench/RESULTS.md, scan-memory). `malloc_trim(0)` walks every arena and hands its free pages back
// to the system, the middle of the heaps included. It is called through koffi (a C FFI, loaded on
// first use) on Linux with glibc only; elsewhere, or when anything fails to load, nothing is trimmed.
import { createRequire } from "node:module";

type Trim = (pad: number) => number;

let trim: Trim | null | undefined;

/** glibc's malloc_trim, or null where the platform has none or it cannot be reached. */
function mallocTrim(): Trim | null {
  if (trim !== undefined) return trim;
  trim = null;
  // musl, macOS and Windows have no malloc_trim to call.
  if (process.platform !== "linux" || !isGlibc()) return trim;
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    trim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as Trim;
  } catch {
    trim = null;
  }
  return trim;
}

/** Node runs on glibc: its diagnostic report names the glibc it runs with (a musl build's does not). */
function isGlibc(): boolean {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: unknown } } | undefined;
  return typeof report?.header?.glibcVersionRuntime === "string";
}

/** Returns the free pages of every malloc arena to the system; false where that cannot be done. */
export function releaseFreeMallocPages(): boolean {
  const release = mallocTrim();
  if (!release) return false;
  release(0);
  return true;
}
