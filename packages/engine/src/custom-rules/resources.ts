// Resource rules: conditions on the attributes of Terraform and CloudFormation resources, through
// one view of a resource (type, address, attribute lookup by dotted path) over either model. A
// value the model cannot know (a variable without default, a reference, an intrinsic) makes a
// condition unknown, and an unknown condition is never reported.
import {
  UNKNOWN as CFN_UNKNOWN,
  type CfnModel,
  evaluate as evaluateCfn,
  intrinsicOf,
  keySpan,
  lookup,
  resourceSpan,
} from "../analyzers/cloudformation/model.ts";
import {
  addressOf,
  headerOf,
  at as spanOfTf,
  resources as terraformResources,
} from "../analyzers/terraform/checks.ts";
import {
  evaluate as evaluateTf,
  UNKNOWN as TF_UNKNOWN,
  type Value,
} from "../analyzers/terraform/evaluate.ts";
import type { Block, TerraformModel } from "../analyzers/terraform/model.ts";
import type { Report } from "../rule.ts";
import type { Span } from "../source.ts";
import type { Condition, ResourceRule } from "./schema.ts";

type Scalar = string | number | boolean | null;

/** An attribute: absent, present with a value nobody can know, or present (a block or object has no scalar). */
export type AttributeLookup =
  | { state: "missing" }
  | { state: "unknown"; at: Span }
  | { state: "known"; value: Scalar | "(structure)"; structured: boolean; at: Span };

export interface ResourceView {
  type: string;
  /** `aws_s3_bucket.logs` in Terraform, the logical id in CloudFormation. */
  address: string;
  at: Span;
  lookup(path: readonly string[]): AttributeLookup;
}

/** A Terraform value reduced to a scalar, or a structure, or unknown. */
function fromTerraform(value: Value, path: readonly string[], at: Span): AttributeLookup {
  let current: Value = value;
  for (const key of path) {
    if (current === TF_UNKNOWN) return { state: "unknown", at };
    if (current === null || typeof current !== "object" || Array.isArray(current))
      return { state: "missing" };
    if (!(key in current)) return { state: "missing" };
    current = current[key]!;
  }
  if (current === TF_UNKNOWN) return { state: "unknown", at };
  if (current !== null && typeof current === "object") {
    // A list or map holding anything unknown is still present: `present`/`missing` can tell.
    return { state: "known", value: "(structure)", structured: true, at };
  }
  return { state: "known", value: current, structured: false, at };
}

function terraformView(model: TerraformModel, resource: Block): ResourceView {
  return {
    type: resource.labels[0] ?? "",
    address: addressOf(resource),
    at: headerOf(resource),
    lookup(path) {
      let block = resource;
      for (let index = 0; index < path.length; index++) {
        const name = path[index]!;
        const attribute = block.attributes.get(name);
        if (attribute) {
          const value = evaluateTf(attribute.value, { ...model.scope, budget: { remaining: 10_000 } });
          return fromTerraform(value, path.slice(index + 1), spanOfTf(attribute.span));
        }
        const child = block.blocks.find((candidate) => candidate.type === name);
        if (!child) return { state: "missing" };
        if (index === path.length - 1)
          return { state: "known", value: "(structure)", structured: true, at: spanOfTf(child.span) };
        block = child;
      }
      return { state: "missing" };
    },
  };
}

function cloudformationView(model: CfnModel, resource: CfnModel["resources"][number]): ResourceView {
  return {
    type: resource.type,
    address: resource.logicalId,
    at: resourceSpan(resource),
    lookup(path) {
      if (resource.propertiesUnknown) return { state: "unknown", at: resourceSpan(resource) };
      const found = lookup(resource.properties, ...path);
      if (found.state === "absent") return { state: "missing" };
      if (found.state === "unknown") return { state: "unknown", at: resourceSpan(resource) };
      const node = found.entry.value;
      const at = keySpan(found.entry);
      if (!intrinsicOf(node) && node.kind !== "scalar")
        return { state: "known", value: "(structure)", structured: true, at };
      const value = evaluateCfn(model, node);
      if (value === CFN_UNKNOWN) return { state: "unknown", at };
      return { state: "known", value, structured: false, at };
    },
  };
}

/** Terraform types are lower_snake; CloudFormation types read `AWS::Service::Thing`. */
export function isCloudFormationType(type: string): boolean {
  return type.includes("::");
}

export function terraformViews(model: TerraformModel, types: readonly string[]): ResourceView[] {
  const wanted = types.filter((type) => !isCloudFormationType(type));
  return wanted.length === 0
    ? []
    : terraformResources(model, ...wanted).map((block) => terraformView(model, block));
}

export function cloudformationViews(model: CfnModel, types: readonly string[]): ResourceView[] {
  return model.resources
    .filter((resource) => types.includes(resource.type))
    .map((resource) => cloudformationView(model, resource));
}

/** Scalars compare as text: CloudFormation passes every value as a string, `true` and "true" agree. */
function same(actual: Scalar, expected: string | number | boolean): boolean {
  return String(actual) === String(expected);
}

export interface Verdict {
  /** True: reported; false: not; undefined: cannot be told (not reported). */
  holds: boolean | undefined;
  /** The attribute that decided, when one did: where the finding points. */
  at?: Span;
}

/** Three-valued: `all` is false if any part is false, unknown if any is unknown; `any` dually. */
export function evaluateCondition(
  view: ResourceView,
  condition: Condition,
  matchers: Map<string, RegExp>,
): Verdict {
  if ("all" in condition) {
    const parts = condition.all.map((item) => evaluateCondition(view, item, matchers));
    if (parts.some((part) => part.holds === false)) return { holds: false };
    if (parts.some((part) => part.holds === undefined)) return { holds: undefined };
    return { holds: true, ...pointOf(parts) };
  }
  if ("any" in condition) {
    const parts = condition.any.map((item) => evaluateCondition(view, item, matchers));
    const holding = parts.filter((part) => part.holds === true);
    if (holding.length > 0) return { holds: true, ...pointOf(holding) };
    if (parts.some((part) => part.holds === undefined)) return { holds: undefined };
    return { holds: false };
  }
  if ("not" in condition) {
    const inner = evaluateCondition(view, condition.not, matchers);
    return { holds: inner.holds === undefined ? undefined : !inner.holds };
  }
  if ("missing" in condition || "present" in condition) {
    const path = "missing" in condition ? condition.missing : condition.present;
    const found = view.lookup(path.split("."));
    const missing = found.state === "missing";
    // An unknown value is still a present attribute: `missing: logging` with `logging = var.x` is false.
    if ("missing" in condition) return { holds: missing };
    // Presence is a precondition: the finding points at a value that decided, or the resource.
    return { holds: !missing };
  }
  const found = view.lookup(condition.attribute.split("."));
  if (found.state === "missing") return { holds: false };
  if (found.state === "unknown") return { holds: undefined };
  if (found.structured) return { holds: false };
  const value = found.value as Scalar;
  let holds: boolean;
  if (condition.equals !== undefined) holds = same(value, condition.equals);
  else if (condition["not-equals"] !== undefined) holds = !same(value, condition["not-equals"]);
  else if (condition.in !== undefined) holds = condition.in.some((item) => same(value, item));
  else {
    const source = condition.matches ?? "";
    let matcher = matchers.get(source);
    if (!matcher) {
      matcher = new RegExp(source);
      matchers.set(source, matcher);
    }
    holds = matcher.test(String(value));
  }
  return holds ? { holds, at: found.at } : { holds };
}

function pointOf(parts: readonly Verdict[]): { at?: Span } {
  const point = parts.find((part) => part.at !== undefined)?.at;
  return point ? { at: point } : {};
}

/** Resources of the rule's types whose condition holds, as reports at the deciding attribute. */
export function resourceReports(
  views: readonly ResourceView[],
  rule: ResourceRule,
  matchers: Map<string, RegExp>,
): Report[] {
  const reports: Report[] = [];
  for (const view of views) {
    const verdict = evaluateCondition(view, rule.where, matchers);
    if (verdict.holds !== true) continue;
    reports.push({ message: rule.message.replaceAll("$RESOURCE", view.address), at: verdict.at ?? view.at });
  }
  return reports;
}
