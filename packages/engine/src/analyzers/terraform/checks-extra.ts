// Rule shapes that the Azure and Google Cloud rules share beyond `settingRule`: a setting renamed
// between provider versions, a nested block that must exist, and Cloud SQL database flags.
// Built only on the exports of checks.ts, so the two stay consistent (same verdicts, same positions).
import type { FileRule, FileRuleContext, RuleMeta } from "../../rule.ts";
import {
  addressOf,
  at,
  checkSetting,
  children,
  declareReportedTypes,
  headerOf,
  nested,
  resources,
  type SettingCheck,
  setting,
  settingRule,
  type Verdict,
} from "./checks.ts";
import type { Value } from "./evaluate.ts";
import type { Block, TerraformModel } from "./model.ts";

/**
 * A rule with its own check that still declares, through `settingRule`, the one setting it reads:
 * drift (`settingCheckOf`) then ranks changes to that setting by this rule's severity, as it does
 * for plain setting rules.
 */
function ruleReading(
  meta: RuleMeta,
  reads: SettingCheck,
  check: FileRule<TerraformModel>["check"],
  reportsOn: readonly string[] = reads.types,
): FileRule<TerraformModel> {
  const rule = settingRule(meta, reads);
  rule.check = check;
  // Every check built here reads only resources of these types, so a file without any is skipped.
  declareReportedTypes(rule, reportsOn);
  return rule;
}

/** For `reads`: the judge of a setting whose verdict the rule's own check gives. */
const judgedElsewhere = (): Verdict => "unknown";

export interface AliasedSettingCheck extends SettingCheck {
  /**
   * Other names of the same setting (azurerm 3.x `enable_non_ssl_port` became 4.x
   * `non_ssl_port_enabled`). The first name the block sets is judged; `attribute` is the current
   * name, used for a missing setting and for the fix.
   */
  aliases: readonly string[];
}

/** Runs an aliased check over a model, one resource at a time with the name that resource uses. */
export function checkAliasedSetting(ctx: FileRuleContext<TerraformModel>, spec: AliasedSettingCheck): void {
  const names = [spec.attribute, ...spec.aliases];
  // Which name each resource uses; then one checkSetting pass per name (linear in the resources).
  const nameOf = new Map<Block, string>();
  for (const resource of resources(ctx.model, ...spec.types)) {
    const holder = nested(resource, spec.path ?? []);
    nameOf.set(resource, names.find((name) => holder?.attributes.has(name)) ?? spec.attribute);
  }
  const { aliases: _aliases, fixValue, exempt, ...single } = spec;
  for (const name of names) {
    checkSetting(ctx, {
      ...single,
      attribute: name,
      exempt: (model, candidate) => nameOf.get(candidate) !== name || (exempt?.(model, candidate) ?? false),
      // A fix writes the current name; a configuration on an old provider keeps its own name.
      ...(fixValue !== undefined && name === spec.attribute ? { fixValue } : {}),
    });
  }
}

/**
 * A FileRule whose check is one AliasedSettingCheck, or several when the setting lives in more
 * than one place (an AKS cluster's `default_node_pool` and a separate node pool resource).
 */
export function aliasedSettingRule(
  meta: RuleMeta,
  spec: AliasedSettingCheck | readonly AliasedSettingCheck[],
): FileRule<TerraformModel> {
  const specs: readonly AliasedSettingCheck[] = Array.isArray(spec) ? spec : [spec as AliasedSettingCheck];
  const [first] = specs as [AliasedSettingCheck];
  const rule = ruleReading(
    meta,
    first,
    (ctx) => {
      for (const one of specs) checkAliasedSetting(ctx, one);
    },
    [...new Set(specs.flatMap((one) => one.types))],
  );
  if (specs.some((one) => one.fixValue)) rule.fixable = true;
  return rule;
}

export interface RequiredBlockCheck {
  types: readonly string[];
  /** Nested block types that must exist, outermost first (a `dynamic` one counts as present). */
  path: readonly string[];
  /** Finding text after the resource address. */
  problem: string;
  exempt?(model: TerraformModel, resource: Block): boolean;
}

/** A FileRule flagging resources that lack a nested block (a feature off by default). */
export function requiredBlockRule(meta: RuleMeta, spec: RequiredBlockCheck): FileRule<TerraformModel> {
  const reads: SettingCheck = {
    types: spec.types,
    path: spec.path.slice(0, -1),
    attribute: spec.path[spec.path.length - 1] ?? "",
    judge: judgedElsewhere,
    whenMissing: "unsafe",
    problem: spec.problem,
  };
  return ruleReading(meta, reads, (ctx) => {
    for (const resource of resources(ctx.model, ...spec.types)) {
      if (spec.exempt?.(ctx.model, resource)) continue;
      let holder: Block = resource;
      let missing = false;
      for (const type of spec.path) {
        const next = holder.blocks.find((child) => child.type === type);
        if (!next) {
          missing = true;
          break;
        }
        if (next.dynamic) break; // its content is per element: cannot tell, so present
        holder = next;
      }
      if (!missing) continue;
      ctx.report({ message: `${addressOf(resource)} ${spec.problem}`, at: headerOf(holder) });
    }
  });
}

/** True when the resource sets `name` to a value we cannot read, or to one `judge` calls safe. */
export function settingIsUnknownOr(
  model: TerraformModel,
  block: Block | undefined,
  name: string,
  accept: (value: Value) => boolean,
): boolean {
  if (!block) return false;
  const current = setting(model, block, name);
  if (current.state === "unknown") return true;
  return current.state === "known" && accept(current.value);
}

/** The database engine family of a `google_sql_database_instance`, from `database_version`. */
export type SqlEngine = "POSTGRES" | "MYSQL" | "SQLSERVER";

export interface DatabaseFlagCheck {
  engine: SqlEngine;
  /** The flag's name in `settings.database_flags { name = … }`. */
  flag: string;
  /** Judges the flag's value (a string in Terraform, e.g. "on", "off", "-1"). */
  judge(value: string): Verdict;
  /** What an unset flag means on this engine; may depend on the major version. */
  whenMissing: "safe" | "unsafe" | ((majorVersion: number | undefined) => "safe" | "unsafe");
  problem: string;
}

function engineOf(value: Value): { engine: SqlEngine; major: number | undefined } | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(POSTGRES|MYSQL|SQLSERVER)_(\d+)?/.exec(value.toUpperCase());
  if (!match) return undefined;
  return { engine: match[1] as SqlEngine, major: match[2] === undefined ? undefined : Number(match[2]) };
}

/**
 * A FileRule over one database flag of Cloud SQL instances of one engine. Instances whose version
 * cannot be read, replicas (they inherit flags from nothing we can see) and `dynamic` flag lists
 * are never flagged.
 */
export function databaseFlagRule(meta: RuleMeta, spec: DatabaseFlagCheck): FileRule<TerraformModel> {
  const reads: SettingCheck = {
    types: ["google_sql_database_instance"],
    path: ["settings"],
    attribute: "database_flags",
    judge: judgedElsewhere,
    whenMissing: "safe",
    problem: spec.problem,
  };
  return ruleReading(meta, reads, (ctx) => {
    for (const instance of resources(ctx.model, "google_sql_database_instance")) {
      const version = setting(ctx.model, instance, "database_version");
      if (version.state !== "known") continue;
      const engine = engineOf(version.value);
      if (engine?.engine !== spec.engine) continue;
      if (instance.attributes.has("master_instance_name")) continue;
      const settings = children(instance, "settings")[0];
      if (settings?.dynamic) continue;
      const flags = settings ? children(settings, "database_flags") : [];
      if (flags.some((flag) => flag.dynamic)) continue;
      let found = false;
      let unknownName = false;
      for (const flag of flags) {
        const name = setting(ctx.model, flag, "name");
        if (name.state === "unknown") unknownName = true;
        if (name.state !== "known" || name.value !== spec.flag) continue;
        found = true;
        const value = setting(ctx.model, flag, "value");
        if (value.state !== "known") continue;
        const text = typeof value.value === "string" ? value.value : String(value.value);
        if (spec.judge(text) === "unsafe")
          ctx.report({
            message: `${addressOf(instance)} ${spec.problem} (${spec.flag} = ${text})`,
            at: at(value.attribute.span),
          });
      }
      if (found || unknownName) continue;
      const missing =
        typeof spec.whenMissing === "function" ? spec.whenMissing(engine.major) : spec.whenMissing;
      if (missing === "safe") continue;
      ctx.report({
        message: `${addressOf(instance)} ${spec.problem} (${spec.flag} is not set)`,
        at: headerOf(settings ?? instance),
      });
    }
  });
}

/** Judges a database flag's on/off value. */
export function flagIs(safe: "on" | "off") {
  return (value: string): Verdict => {
    const normal = value.trim().toLowerCase();
    if (normal === "on" || normal === "true" || normal === "1") return safe === "on" ? "safe" : "unsafe";
    if (normal === "off" || normal === "false" || normal === "0") return safe === "off" ? "safe" : "unsafe";
    return "unknown";
  };
}

/** The Compute Engine and App Engine default service accounts hold Editor on their project. */
export const DEFAULT_SERVICE_ACCOUNT = /(?:-compute@developer|@appspot)\.gserviceaccount\.com$/;

export interface ServerParameterCheck {
  /** Resources of the `name` / `value` shape (`azurerm_postgresql_flexible_server_configuration`, …). */
  types: readonly string[];
  /** Parameter name (lower case) → judge of its value. */
  parameters: Readonly<Record<string, (value: string) => Verdict>>;
  /** Finding text after the resource address and before the parameter. */
  problem: string;
}

/**
 * A FileRule over database server parameters set as separate resources (`name` + `value`), as Azure
 * Database for PostgreSQL and MySQL do. Names and values that cannot be read are never flagged.
 */
export function serverParameterRule(meta: RuleMeta, spec: ServerParameterCheck): FileRule<TerraformModel> {
  const reads: SettingCheck = {
    types: spec.types,
    attribute: "value",
    judge: judgedElsewhere,
    whenMissing: "safe",
    problem: spec.problem,
  };
  return ruleReading(meta, reads, (ctx) => {
    for (const parameter of resources(ctx.model, ...spec.types)) {
      const name = setting(ctx.model, parameter, "name");
      if (name.state !== "known" || typeof name.value !== "string") continue;
      const judgeValue = spec.parameters[name.value.toLowerCase()];
      if (!judgeValue) continue;
      const value = setting(ctx.model, parameter, "value");
      if (value.state !== "known") continue;
      const text = String(value.value);
      if (judgeValue(text) !== "unsafe") continue;
      ctx.report({
        message: `${addressOf(parameter)} ${spec.problem} (${name.value} = ${text})`,
        at: at(value.attribute.span),
      });
    }
  });
}

/**
 * Caches a computation over one file's model, so that an exemption looking at the whole file
 * (a companion resource, the buckets that receive logs) costs one pass, not one per resource.
 */
export function perModel<T>(compute: (model: TerraformModel) => T): (model: TerraformModel) => T {
  const cache = new WeakMap<TerraformModel, { value: T }>();
  return (model) => {
    let entry = cache.get(model);
    if (!entry) {
      entry = { value: compute(model) };
      cache.set(model, entry);
    }
    return entry.value;
  };
}

/** Whether the file declares any resource of `type` (a companion that may configure the resource). */
export function declaresResource(type: string): (model: TerraformModel) => boolean {
  return perModel((model) => resources(model, type).length > 0);
}
