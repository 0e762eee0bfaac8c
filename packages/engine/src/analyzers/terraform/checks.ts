// Queries over the Terraform model that most rules share: finding resources, reading a setting as
// missing / unknown / known, positions, and the two mechanical fixes (replace a value, add a line).
import type { FileRule, FileRuleContext, Report, RuleMeta } from "../../rule.ts";
import type { SourceFile, Span } from "../../source.ts";
import { evaluate, UNKNOWN, type Value } from "./evaluate.ts";
import type { Attribute, Block, Expr, TerraformModel, TfSpan } from "./model.ts";

/** Resources by type, built once per model: with some 260 rules each asking for a few types. */
const resourceIndex = new WeakMap<TerraformModel, Map<string, Block[]>>();

function indexOf(model: TerraformModel): Map<string, Block[]> {
  let index = resourceIndex.get(model);
  if (!index) {
    index = new Map();
    for (const block of model.blocks) {
      const type = block.labels[0];
      if (block.type !== "resource" || type === undefined) continue;
      const list = index.get(type);
      if (list) list.push(block);
      else index.set(type, [block]);
    }
    resourceIndex.set(model, index);
  }
  return index;
}

/** Top-level `resource "<type>" "<name>"` blocks of any of the given types, in file order. */
export function resources(model: TerraformModel, ...types: string[]): Block[] {
  const index = indexOf(model);
  // Hundreds of rules per file ask for types the file mostly lacks: find the present ones first, and
  // merge and sort (a Set, a flatMap and a sort per call were a quarter of the analyzer's time) only
  // when two or more are present.
  let first: Block[] | undefined;
  let more: Block[][] | undefined;
  for (const type of types) {
    const list = index.get(type);
    if (list === undefined || list === first || more?.includes(list)) continue; // a type named twice
    if (first === undefined) first = list;
    else if (more === undefined) more = [list];
    else more.push(list);
  }
  if (first === undefined) return [];
  if (more === undefined) return first.slice();
  return first.concat(...more).sort((a, b) => a.span.start - b.span.start);
}

/** Top-level `data "<type>" "<name>"` blocks. */
export function dataSources(model: TerraformModel, ...types: string[]): Block[] {
  return model.blocks.filter(
    (block) => block.type === "data" && block.labels[0] !== undefined && types.includes(block.labels[0]),
  );
}

/** `aws_db_instance.main` for a resource, `data.x.y` for a data source, the type otherwise. */
export function addressOf(block: Block): string {
  if (block.type === "resource") return block.labels.join(".");
  if (block.type === "data") return `data.${block.labels.join(".")}`;
  return [block.type, ...block.labels].join(".");
}

/** Nested blocks of a type, including `dynamic` ones. */
export function children(block: Block, type: string): Block[] {
  return block.blocks.filter((child) => child.type === type);
}

/** Follows a path of nested block types; the first block of each type. */
export function nested(block: Block, path: readonly string[]): Block | undefined {
  let current: Block | undefined = block;
  for (const type of path) {
    current = current?.blocks.find((child) => child.type === type);
    if (!current) return undefined;
  }
  return current;
}

export type Setting =
  | { state: "missing" }
  | { state: "unknown"; attribute: Attribute }
  | { state: "known"; value: Value; attribute: Attribute };

/** An attribute's value: missing, unknown (references, functions), or known. */
export function setting(model: TerraformModel, block: Block, name: string): Setting {
  const attribute = block.attributes.get(name);
  if (!attribute) return { state: "missing" };
  const value = evaluate(attribute.value, model.scope);
  if (value === UNKNOWN) return { state: "unknown", attribute };
  return { state: "known", value, attribute };
}

/** The evaluated value of an attribute, UNKNOWN when it cannot be told, undefined when absent. */
export function evaluated(model: TerraformModel, block: Block, name: string): Value | undefined {
  const attribute = block.attributes.get(name);
  return attribute ? evaluate(attribute.value, model.scope) : undefined;
}

/**
 * Every reference path inside an expression (`aws_sqs_queue.dlq.arn` → ["aws_sqs_queue", "dlq", "arn"]),
 * through templates, collections, calls and conditionals. The parser bounds nesting, so recursion is safe.
 */
export function referencesIn(expr: Expr | undefined): string[][] {
  if (!expr) return [];
  switch (expr.kind) {
    case "reference":
      return [expr.path];
    case "template":
      return expr.parts.flatMap((part) => (typeof part === "string" ? [] : referencesIn(part)));
    case "tuple":
      return expr.items.flatMap(referencesIn);
    case "object":
      return expr.entries.flatMap((entry) => referencesIn(entry.value));
    case "call":
      return expr.args.flatMap(referencesIn);
    case "unary":
      return referencesIn(expr.operand);
    case "conditional":
      return [
        ...referencesIn(expr.condition),
        ...referencesIn(expr.whenTrue),
        ...referencesIn(expr.whenFalse),
      ];
    default:
      return [];
  }
}

export function at(span: TfSpan): Span {
  return { line: span.line, column: span.column, endLine: span.endLine, endColumn: span.endColumn };
}

/** The block's header line: where a finding about a missing attribute points. */
export function headerOf(block: Block): Span {
  return { line: block.span.line, column: block.span.column };
}

export type RuleFix = NonNullable<Report["fix"]>;

/** Replaces an attribute's whole value with `text` (HCL source). */
export function replaceValueFix(file: SourceFile, attribute: Attribute, text: string): RuleFix {
  return {
    description: `set ${attribute.name} = ${text}`,
    edits: [
      {
        start: file.byteOffsetOfIndex(attribute.value.span.start),
        end: file.byteOffsetOfIndex(attribute.value.span.end),
        text,
      },
    ],
  };
}

/**
 * Adds `name = text` as the last line of a block, when the block is simple enough to edit safely:
 * not dynamic, and its closing brace alone on its line (so the new line has an obvious place).
 */
export function insertAttributeFix(
  file: SourceFile,
  block: Block,
  name: string,
  text: string,
): RuleFix | undefined {
  if (block.dynamic || block.closeBrace < 0) return undefined;
  const lineStart = file.text.lastIndexOf("\n", block.closeBrace - 1) + 1;
  const before = file.text.slice(lineStart, block.closeBrace);
  if (before.trim() !== "" || lineStart <= block.span.start) return undefined;
  return {
    description: `add ${name} = ${text}`,
    edits: [
      {
        start: file.byteOffsetOfIndex(lineStart),
        end: file.byteOffsetOfIndex(lineStart),
        text: `${block.indent}  ${name} = ${text}\n`,
      },
    ],
  };
}

/** What a value-check says: safe, unsafe, or cannot tell (never flagged). */
export type Verdict = "safe" | "unsafe" | "unknown";

export interface SettingCheck {
  /** Resource types the check applies to. */
  types: readonly string[];
  /** Nested block types leading to the block that holds the attribute ([] for the resource itself). */
  path?: readonly string[];
  attribute: string;
  /** Judges a known value. */
  judge(value: Value): Verdict;
  /** What a missing attribute (or missing nested block) means, given the provider's default. */
  whenMissing: "safe" | "unsafe";
  /**
   * What a missing attribute means when the nested block that holds it is present, if that differs
   * (e.g. `access_logs { bucket = … }` logs: `enabled` defaults to true once the block is declared).
   */
  whenAttributeMissing?: "safe" | "unsafe";
  /** Finding text after the resource address, e.g. "does not encrypt its storage". */
  problem: string;
  /** HCL text that makes the setting safe; enables the fixes (replace a value, add a line). */
  fixValue?: string;
  /** Skip resources for which this says so (e.g. a replica that inherits the setting). */
  exempt?(model: TerraformModel, resource: Block): boolean;
}

/** Runs a SettingCheck over a model. */
export function checkSetting(ctx: FileRuleContext<TerraformModel>, spec: SettingCheck): void {
  const { model, file } = ctx;
  for (const resource of resources(model, ...spec.types)) {
    if (spec.exempt?.(model, resource)) continue;
    const holder = nested(resource, spec.path ?? []);
    const address = addressOf(resource);
    if (!holder) {
      if (spec.whenMissing === "unsafe") {
        ctx.report({ message: `${address} ${spec.problem}`, at: headerOf(resource) });
      }
      continue;
    }
    if (holder.dynamic) continue; // a dynamic block's content is evaluated per element; cannot tell
    const current = setting(model, holder, spec.attribute);
    if (current.state === "unknown") continue;
    // `attribute = null` is how Terraform spells "not set".
    if (current.state === "missing" || current.value === null) {
      if ((spec.whenAttributeMissing ?? spec.whenMissing) === "safe") continue;
      let fix: RuleFix | undefined;
      if (spec.fixValue && current.state === "missing") {
        fix = insertAttributeFix(file, holder, spec.attribute, spec.fixValue);
      } else if (spec.fixValue && current.state === "known" && current.attribute.value.kind === "literal") {
        fix = replaceValueFix(file, current.attribute, spec.fixValue);
      }
      ctx.report({
        message: `${address} ${spec.problem} (${spec.attribute} is not set)`,
        at: current.state === "known" ? at(current.attribute.span) : headerOf(holder),
        ...(fix ? { fix } : {}),
      });
      continue;
    }
    if (spec.judge(current.value) !== "unsafe") continue;
    const fix =
      spec.fixValue && current.attribute.value.kind === "literal"
        ? replaceValueFix(file, current.attribute, spec.fixValue)
        : undefined;
    ctx.report({
      message: `${address} ${spec.problem}`,
      at: at(current.attribute.span),
      ...(fix ? { fix } : {}),
    });
  }
}

const settingChecks = new WeakMap<object, SettingCheck>();

/** A FileRule whose check is one SettingCheck. */
export function settingRule(meta: RuleMeta, spec: SettingCheck): FileRule<TerraformModel> {
  const rule: FileRule<TerraformModel> = {
    ...meta,
    ...(spec.fixValue ? { fixable: true } : {}),
    check(ctx) {
      checkSetting(ctx, spec);
    },
  };
  settingChecks.set(rule, spec);
  plainChecks.set(rule, rule.check);
  return rule;
}

/** The check `settingRule` gave each rule; a rule whose check was replaced later may read more. */
const plainChecks = new WeakMap<object, FileRule<TerraformModel>["check"]>();

/**
 * The resource types a rule can report on, when it is a plain setting rule (its check is still
 * `checkSetting`, which reads resources of these types and nothing else); undefined otherwise.
 */
export function reportedResourceTypes(rule: FileRule<TerraformModel>): readonly string[] | undefined {
  const declared = declaredTypes.get(rule);
  if (declared) return declared;
  const spec = settingChecks.get(rule);
  if (!spec || plainChecks.get(rule) !== rule.check) return undefined;
  return spec.types;
}

const declaredTypes = new WeakMap<object, readonly string[]>();

/** For a rule whose own check reads only resources of `types` (and nothing else in the file). */
export function declareReportedTypes(rule: FileRule<TerraformModel>, types: readonly string[]): void {
  declaredTypes.set(rule, types);
}

/** The resource types the model declares, in no particular order. */
export function resourceTypesOf(model: TerraformModel): IterableIterator<string> {
  return indexOf(model).keys();
}

/** Whether the model declares a resource of any of these types. */
export function hasResourceOf(model: TerraformModel, types: readonly string[]): boolean {
  const index = indexOf(model);
  return types.some((type) => index.has(type));
}

/** The setting a rule built by `settingRule` reads (drift ranks changes to it as security-relevant). */
export function settingCheckOf(rule: object): SettingCheck | undefined {
  return settingChecks.get(rule);
}

/**
 * An `exempt` for checks that only apply once a feature is on: exempts every resource whose
 * `attribute` (in the nested block at `path`) is not known to be true, e.g. a key for a storage that
 * is not encrypted at all (another rule reports that), or an unknown switch.
 */
export function unlessEnabled(attribute: string, path: readonly string[] = []) {
  return (model: TerraformModel, resource: Block): boolean => {
    const holder = nested(resource, path);
    if (!holder || holder.dynamic) return true;
    const current = setting(model, holder, attribute);
    if (current.state !== "known") return true;
    return judge.boolean(true)(current.value) !== "safe";
  };
}

/** Judge helpers for common shapes. */
export const judge = {
  /** Safe when the boolean equals `safe`. */
  boolean(safe: boolean) {
    return (value: Value): Verdict => {
      const bool =
        typeof value === "boolean" ? value : value === "true" ? true : value === "false" ? false : undefined;
      if (bool === undefined) return "unknown";
      return bool === safe ? "safe" : "unsafe";
    };
  },
  /** Safe when the string is one of `safe` (case-insensitive). */
  oneOf(...safe: string[]) {
    const allowed = safe.map((item) => item.toLowerCase());
    return (value: Value): Verdict => {
      if (typeof value !== "string") return "unknown";
      return allowed.includes(value.toLowerCase()) ? "safe" : "unsafe";
    };
  },
  /** Unsafe when the string is one of `unsafe` (case-insensitive). */
  noneOf(...unsafe: string[]) {
    const denied = unsafe.map((item) => item.toLowerCase());
    return (value: Value): Verdict => {
      if (typeof value !== "string") return "unknown";
      return denied.includes(value.toLowerCase()) ? "unsafe" : "safe";
    };
  },
  /** Safe when the number is at least `minimum`. */
  atLeast(minimum: number) {
    return (value: Value): Verdict => {
      const number =
        typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
      if (!Number.isFinite(number)) return "unknown";
      return number >= minimum ? "safe" : "unsafe";
    };
  },
  /** Safe when the value is a non-empty list (a list of log types to export, of protocols…). */
  nonEmptyList(value: Value): Verdict {
    if (!Array.isArray(value)) return "unknown";
    return value.length > 0 ? "safe" : "unsafe";
  },
  /** Safe when the list holds `item` (case-insensitive); a list with unknown items cannot be told. */
  includes(item: string) {
    const wanted = item.toLowerCase();
    return (value: Value): Verdict => {
      if (!Array.isArray(value)) return "unknown";
      if (value.some((entry) => typeof entry === "string" && entry.toLowerCase() === wanted)) return "safe";
      return value.every((entry) => typeof entry === "string") ? "unsafe" : "unknown";
    };
  },
  /**
   * Safe when a key is named that the customer manages: not empty and not an AWS-managed alias
   * (`alias/aws/sqs`, or an alias ARN ending in `:alias/aws/…`), which is the service default again.
   */
  customerManagedKey(value: Value): Verdict {
    if (typeof value !== "string") return "unknown";
    if (value === "" || /(^|:)alias\/aws\//.test(value)) return "unsafe";
    return "safe";
  },
  /** Safe when a non-empty string or a non-null value is present. */
  present(value: Value): Verdict {
    if (value === null || value === "") return "unsafe";
    return "safe";
  },
};
