// Where a scan's `.rampart.yaml` is, and the configuration when there is none. Kept apart from the
// schema (config.ts, zod and a YAML parser) so that a scan of a repository without a config file,
// most pre-commit runs, loads neither.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Config, LoadedConfig } from "./config.ts";

export const CONFIG_FILE_NAMES = [".rampart.yaml", ".rampart.yml"];

/**
 * The explicit file if given (whether or not it exists: reading it reports that), else
 * `.rampart.yaml` or `.rampart.yml` in the scanned folder, else undefined.
 */
export function configFilePath(scanRoot: string, explicitPath?: string): string | undefined {
  if (explicitPath) return resolve(explicitPath);
  const folder = isDirectory(scanRoot) ? scanRoot : dirname(scanRoot);
  return CONFIG_FILE_NAMES.map((name) => join(folder, name)).find((candidate) => existsSync(candidate));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** What `ConfigSchema` makes of an empty file; a test holds the two equal. */
export function defaultConfig(): Config {
  return { version: 1, exclude: [], disable: [], severity: {}, ignore: [], options: {} };
}

/** The baseline path of a config, resolved against the config file's folder. */
export function configBaselinePath(loaded: LoadedConfig): string | undefined {
  if (!loaded.config.baseline) return undefined;
  return resolve(loaded.path ? dirname(loaded.path) : ".", loaded.config.baseline);
}

/** Rule ids the config names that no registered rule has: almost always a typo. */
export function unknownRuleIds(config: Config, known: ReadonlySet<string>): string[] {
  const named = [
    ...config.disable,
    ...Object.keys(config.severity),
    ...config.ignore.map((item) => item.rule),
  ];
  return [...new Set(named.filter((id) => !known.has(id)))];
}
