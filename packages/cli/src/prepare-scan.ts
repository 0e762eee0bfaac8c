// Turns a path and the config/baseline flags into engine scan options, shared by `scan` and `fix`.
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { ConfigResult } from "@rampart/engine/config";
import {
  configBaselinePath,
  configFilePath,
  defaultConfig,
  unknownRuleIds,
} from "@rampart/engine/config-file";
import { customRuleMeta, hasCustomRuleSources } from "@rampart/engine/custom-rules/meta";
import { allRules } from "@rampart/engine/rule-catalogue";
import { ruleOptionErrors } from "@rampart/engine/rule-options";
import { optionsFromConfig, type ScanOptions } from "@rampart/engine/scan";
import { engineRules } from "@rampart/engine/suppress";
import { type Io, UsageError } from "./io.ts";
import { loadAllAnalyzers, type RegistrySource } from "./registry-source.ts";

/** The ids and controls of every rule of the registry, the engine's own included, from its outlines. */
function ruleOutlines(registry: RegistrySource): { id: string; controls: readonly string[] }[] {
  return [...registry.entries.flatMap((entry) => entry.rules), ...engineRules];
}

/** The config file's settings, or the defaults without loading the schema when there is no file. */
async function readConfig(root: string, explicitPath: string | undefined): Promise<ConfigResult> {
  const path = configFilePath(root, explicitPath);
  if (path === undefined) return { ok: true, value: { config: defaultConfig() } };
  const { loadConfig } = await import("@rampart/engine/config");
  return loadConfig(root, path);
}

export interface PreparedScan {
  root: string;
  options: ScanOptions;
}

/**
 * The root's `.rampart/rules/` and the `--rules` folders, validated before the scan: a rule that
 * does not load is the user's to fix now (every problem on its own line, exit code 2), not a
 * partial scan that quietly checked less.
 */
async function customRules(
  io: Io,
  registry: RegistrySource,
  root: string,
  folders: readonly string[],
): Promise<NonNullable<ScanOptions["customRules"]>> {
  const directories = folders.map((folder) => resolve(io.cwd, folder));
  for (const [index, folder] of directories.entries()) {
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new UsageError(`--rules: no such folder: ${folders[index]}`);
  }
  const folder = statSync(root).isDirectory() ? root : undefined;
  if (!hasCustomRuleSources(folder, directories)) return { rules: [], problems: [] };
  // Loaded only when there are rules: it brings the grammars that validate patterns.
  const { formatProblem, loadCustomRules } = await import("@rampart/engine/custom-rules/load");
  const loaded = await loadCustomRules({
    ...(folder ? { root: folder } : {}),
    directories,
    knownControls: new Set(ruleOutlines(registry).flatMap((rule) => rule.controls)),
  });
  if (loaded.problems.length > 0) {
    const lines = loaded.problems.map(formatProblem);
    throw new UsageError(lines[0]!, lines);
  }
  return loaded;
}

export async function prepareScan(
  io: Io,
  registry: RegistrySource,
  path: string | undefined,
  flags: {
    config?: string | undefined;
    baseline?: string | undefined;
    rules?: readonly string[] | undefined;
  },
): Promise<PreparedScan> {
  const root = resolve(io.cwd, path ?? ".");
  if (!existsSync(root)) throw new UsageError(`no such file or folder: ${path ?? "."}`);
  const loaded = await readConfig(root, flags.config ? resolve(io.cwd, flags.config) : undefined);
  if (!loaded.ok) throw new UsageError(loaded.error);
  const rules = await customRules(io, registry, root, flags.rules ?? []);
  const unknown = unknownRuleIds(
    loaded.value.config,
    new Set([
      ...ruleOutlines(registry).map((rule) => rule.id),
      ...rules.rules.map((definition) => customRuleMeta(definition).id),
    ]),
  );
  // Rule options are checked against the schemas in the rules' code: only a config with options
  // loads the analyzers for it.
  const { options: ruleOptions } = loaded.value.config;
  const optionErrors =
    Object.keys(ruleOptions).length === 0
      ? []
      : await ruleOptionErrors(ruleOptions, allRules(await loadAllAnalyzers(registry)));
  if (optionErrors.length > 0)
    throw new UsageError(`${loaded.value.path ?? "config"}: ${optionErrors.join("; ")}`);
  if (unknown.length > 0)
    io.stderr.write(`rampart: warning: config names unknown rules: ${unknown.join(", ")}\n`);
  const options: ScanOptions = {
    ...optionsFromConfig(loaded.value),
    registryUrl: registry.url,
    customRules: rules,
  };
  const baselinePath = flags.baseline ? resolve(io.cwd, flags.baseline) : configBaselinePath(loaded.value);
  if (baselinePath) {
    const { readBaseline } = await import("@rampart/engine/baseline");
    const baseline = readBaseline(baselinePath);
    if (!baseline.ok) throw new UsageError(baseline.error);
    options.baseline = baseline.fingerprints;
  }
  return { root, options };
}
