// The memory a scan may use: `--max-memory MB`, else the container's limit (cgroup v2's
// memory.max), so that a scan in a 512 MB CI container lowers its parallelism instead of being
// killed by the kernel, else a share of the machine's memory, so that a small machine with many
// cores does not start more workers than it can hold.
import { readFileSync } from "node:fs";
import { totalmem } from "node:os";
import { integerOption } from "./args.ts";
import { UsageError } from "./io.ts";

const CGROUP_MEMORY_MAX = "/sys/fs/cgroup/memory.max";
/** Left to the rest of the container (a shell, git, the CI agent) when the limit is the container's. */
const CONTAINER_SHARE = 0.8;
/** Of a machine's memory without a container limit: it runs other programs (an editor, a build). */
const MACHINE_SHARE = 0.5;

/** A cgroup v2 `memory.max` in MB; undefined for "max" (no limit) or text that is not a limit. */
export function parseCgroupMemoryMax(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  return Math.floor(Number(trimmed) / (1024 * 1024));
}

/** The scan's memory limit in MB. */
export function scanMemoryLimit(
  option: string | undefined,
  cgroupFile = CGROUP_MEMORY_MAX,
  machineMb = Math.floor(totalmem() / (1024 * 1024)),
): number {
  const asked = integerOption("max-memory", option);
  if (asked !== undefined) {
    if (asked === 0) throw new UsageError("--max-memory must be a number of MB above 0");
    return asked;
  }
  let container: number | undefined;
  try {
    container = parseCgroupMemoryMax(readFileSync(cgroupFile, "utf8"));
  } catch {
    // not Linux, or no cgroup v2: no container limit we can see
  }
  return container === undefined
    ? Math.floor(machineMb * MACHINE_SHARE)
    : Math.floor(container * CONTAINER_SHARE);
}
