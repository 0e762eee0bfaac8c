// The memory a scan may use: `--max-memory MB`, else the container's limit (cgroup v2's
// memory.max), so that a scan in a 512 MB CI container lowers its parallelism instead of being
// killed by the kernel.
import { readFileSync } from "node:fs";
import { integerOption } from "./args.ts";
import { UsageError } from "./io.ts";

const CGROUP_MEMORY_MAX = "/sys/fs/cgroup/memory.max";
/** Left to the rest of the container (a shell, git, the CI agent) when the limit is the container's. */
const CONTAINER_SHARE = 0.8;

/** A cgroup v2 `memory.max` in MB; undefined for "max" (no limit) or text that is not a limit. */
export function parseCgroupMemoryMax(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  return Math.floor(Number(trimmed) / (1024 * 1024));
}

/** The scan's memory limit in MB, or undefined for none. */
export function scanMemoryLimit(
  option: string | undefined,
  cgroupFile = CGROUP_MEMORY_MAX,
): number | undefined {
  const asked = integerOption("max-memory", option);
  if (asked !== undefined) {
    if (asked === 0) throw new UsageError("--max-memory must be a number of MB above 0");
    return asked;
  }
  let text: string;
  try {
    text = readFileSync(cgroupFile, "utf8");
  } catch {
    return undefined; // not Linux, or no cgroup v2: no limit we can see
  }
  const container = parseCgroupMemoryMax(text);
  return container === undefined ? undefined : Math.floor(container * CONTAINER_SHARE);
}
