// `.rampart.yaml`: what a repository tells the scanner about itself (paths to skip, rules to
// disable, severity overrides, path-scoped suppressions with reasons, a baseline). One zod schema,
// strict so that a typo is an error rather than a silently ignored setting.
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { describeError } from "./analyze.ts";
import { configFilePath, defaultConfig } from "./config-file.ts";
import { SEVERITIES } from "./rule.ts";

const RuleId = z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "a rule id reads <analyzer>/<hazard>");

export const ConfigSchema = z.strictObject({
  version: z.literal(1).default(1),
  /** gitignore-style patterns relative to the scanned root. */
  exclude: z.array(z.string().min(1)).default([]),
  /** Rule ids that do not run. */
  disable: z.array(RuleId).default([]),
  /** Rule id → severity, replacing the rule's own. */
  severity: z.record(RuleId, z.enum(SEVERITIES)).default({}),
  /** Findings of `rule` under `paths` (gitignore-style) are suppressed, with the reason recorded. */
  ignore: z
    .array(
      z.strictObject({
        rule: RuleId,
        paths: z.array(z.string().min(1)).min(1),
        reason: z.string().trim().min(1, "a suppression needs a reason"),
      }),
    )
    .default([]),
  /** A baseline file (see baseline.ts), relative to the config file. */
  baseline: z.string().min(1).optional(),
  maxFileBytes: z.number().int().positive().optional(),
  /**
   * Rule id → that rule's options (e.g. `ci/forbidden-action: { allow: [actions/*] }`). Each rule
   * declares their schema; they are checked against the registry (`ruleOptionErrors`) before a scan.
   */
  options: z.record(RuleId, z.unknown()).default({}),
});
export type Config = z.infer<typeof ConfigSchema>;

export interface LoadedConfig {
  config: Config;
  /** The file it came from; undefined when defaults were used. */
  path?: string;
}

export type ConfigResult = { ok: true; value: LoadedConfig } | { ok: false; error: string };

export { CONFIG_FILE_NAMES, configBaselinePath, defaultConfig, unknownRuleIds } from "./config-file.ts";

/** Parses config text; errors name the file and the offending key. */
export function parseConfig(text: string, path: string): ConfigResult {
  let data: unknown;
  try {
    data = parseYaml(text, { maxAliasCount: 100 }) ?? {};
  } catch (error) {
    return { ok: false, error: `${path}: invalid YAML: ${describeError(error)}` };
  }
  const parsed = ConfigSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
    return { ok: false, error: `${path}: ${where}: ${issue.message}` };
  }
  return { ok: true, value: { config: parsed.data, path } };
}

/**
 * The explicit file if given (it must exist), else `.rampart.yaml` or `.rampart.yml` in the
 * scanned folder, else defaults.
 */
export function loadConfig(scanRoot: string, explicitPath?: string): ConfigResult {
  const path = configFilePath(scanRoot, explicitPath);
  if (!path) return { ok: true, value: { config: defaultConfig() } };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return { ok: false, error: `cannot read config ${path}: ${describeError(error)}` };
  }
  return parseConfig(text, path);
}
