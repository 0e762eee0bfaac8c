// Where the advisory store lives (advisory-cache.ts), apart from its readers: a scan asks whether
// there is a store before it loads what reads one.
import { homedir } from "node:os";
import { join } from "node:path";
import type { Io } from "./io.ts";

export const CACHE_FILE = "advisories.ndjson";

/** `$XDG_CACHE_HOME/rampart/osv`, else `~/.cache/rampart/osv`. */
export function defaultCacheDir(env: Io["env"]): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  return join(base, "rampart", "osv");
}
