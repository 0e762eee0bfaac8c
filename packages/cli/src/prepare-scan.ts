// Turns a path and the config/baseline flags into engine scan options, shared by `scan` and `fix`.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { readBaseline } from "@rampart/engine/baseline";
import { configBaselinePath, loadConfig, unknownRuleIds } from "@rampart/engine/config";
import { allRules, ruleCatalogue } from "@rampart/engine/registry";
import { ruleOptionErrors } from "@rampart/engine/rule-options";
import { optionsFromConfig, type ScanOptions } from "@rampart/engine/scan";
import { type Io, UsageError } from "./io.ts";
import type { RegistrySource } from "./registry-source.ts";

export interface PreparedScan {
  root: string;
  options: ScanOptions;
}

export function prepareScan(
  io: Io,
  registry: RegistrySource,
  path: string | undefined,
  flags: { config?: string | undefined; baseline?: string | undefined },
): PreparedScan {
  const root = resolve(io.cwd, path ?? ".");
  if (!existsSync(root)) throw new UsageError(`no such file or folder: ${path ?? "."}`);
  const loaded = loadConfig(root, flags.config ? resolve(io.cwd, flags.config) : undefined);
  if (!loaded.ok) throw new UsageError(loaded.error);
  const unknown = unknownRuleIds(
    loaded.value.config,
    new Set(ruleCatalogue(registry.analyzers).map((rule) => rule.id)),
  );
  const optionErrors = ruleOptionErrors(loaded.value.config.options, allRules(registry.analyzers));
  if (optionErrors.length > 0)
    throw new UsageError(`${loaded.value.path ?? "config"}: ${optionErrors.join("; ")}`);
  if (unknown.length > 0)
    io.stderr.write(`rampart: warning: config names unknown rules: ${unknown.join(", ")}\n`);
  const options: ScanOptions = { ...optionsFromConfig(loaded.value), registryUrl: registry.url };
  const baselinePath = flags.baseline ? resolve(io.cwd, flags.baseline) : configBaselinePath(loaded.value);
  if (baselinePath) {
    const baseline = readBaseline(baselinePath);
    if (!baseline.ok) throw new UsageError(baseline.error);
    options.baseline = baseline.fingerprints;
  }
  return { root, options };
}
