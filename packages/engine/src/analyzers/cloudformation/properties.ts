// Setting rules for CloudFormation, the counterpart of Terraform's `settingRule`: resource types, a
// property path, a judge of the value found there, and what a missing property means given the
// service default. `sameHazardAs` lets such a rule take its title, severity, controls and reasons
// from the Terraform rule for the same hazard, so one definition of the hazard serves both formats.
import { entryOf, type YamlEntry, type YamlNode } from "../../parse/yaml-tree.ts";
import type { FileRule, RuleDocs, RuleMeta } from "../../rule.ts";
import {
  booleanOf,
  type CfnModel,
  type CfnResource,
  intrinsicOf,
  itemsOf,
  keySpan,
  numberValue,
  resourceSpan,
  resourcesOfType,
  stringValue,
  UNKNOWN,
} from "./model.ts";

/** What a judge says of a value: safe, unsafe, or cannot tell (never reported). */
export type Verdict = "safe" | "unsafe" | "unknown";

export interface PropertyCheck {
  types: readonly string[];
  /** Keys under `Properties`, outermost first. */
  path: readonly string[];
  judge(model: CfnModel, value: YamlNode): Verdict;
  /** What leaving the property (or a map on its path) out means: the service default. */
  whenMissing: "safe" | "unsafe";
  /** Finding text after the logical id, e.g. "is not encrypted with a customer-managed KMS key". */
  problem: string;
  /** Resources the check does not apply to (a replica, a gateway load balancer). */
  exempt?(model: CfnModel, resource: CfnResource): boolean;
}

/**
 * Reports a missing property at the deepest key that exists (or the logical id), and an unsafe one at
 * its key. A map on the path that is an intrinsic (`!If`) may hold anything: nothing is said.
 */
export function checkProperty(
  model: CfnModel,
  resource: CfnResource,
  spec: PropertyCheck,
): { message: string; at: ReturnType<typeof keySpan> } | undefined {
  let node: YamlNode = resource.properties;
  let deepest: YamlEntry | undefined;
  for (const key of spec.path) {
    if (intrinsicOf(node) || node.kind !== "map") return undefined;
    const entry = entryOf(node, key);
    if (!entry) {
      if (spec.whenMissing === "safe") return undefined;
      return {
        message: `${resource.logicalId}: ${spec.problem} (${spec.path.join(".")} is not set)`,
        at: deepest ? keySpan(deepest) : resourceSpan(resource),
      };
    }
    deepest = entry;
    node = entry.value;
  }
  if (!deepest || spec.judge(model, node) !== "unsafe") return undefined;
  return { message: `${resource.logicalId}: ${spec.problem}`, at: keySpan(deepest) };
}

/** A FileRule whose check is one or more PropertyChecks (a setting spelled differently per type). */
export function propertyRule(
  meta: RuleMeta,
  spec: PropertyCheck | readonly PropertyCheck[],
): FileRule<CfnModel> {
  const specs: readonly PropertyCheck[] = Array.isArray(spec) ? spec : [spec as PropertyCheck];
  return {
    ...meta,
    check(ctx) {
      for (const one of specs) {
        for (const resource of resourcesOfType(ctx.model, ...one.types)) {
          if (one.exempt?.(ctx.model, resource)) continue;
          const finding = checkProperty(ctx.model, resource, one);
          if (finding) ctx.report(finding);
        }
      }
    },
  };
}

/**
 * The metadata of the CloudFormation rule for a hazard a Terraform rule already describes: the
 * title, severity, confidence, lifecycle, CWE, controls, why it matters and references are the
 * hazard's; the id and the format-specific docs (what is read, how to fix, an example) are this format's.
 */
export function sameHazardAs(
  terraform: RuleMeta,
  own: { docs: Pick<RuleDocs, "summary" | "remediation" | "example"> },
): RuleMeta {
  const hazard = terraform.id.slice(terraform.id.indexOf("/") + 1);
  // Only the metadata: the Terraform rule's check, and its fixability, are its own.
  const { title, severity, confidence, lifecycle, cwe, controls, docs } = terraform;
  return {
    id: `cloudformation/${hazard}`,
    analyzer: "cloudformation",
    title,
    severity,
    confidence,
    lifecycle,
    ...(cwe ? { cwe } : {}),
    controls,
    docs: { ...docs, ...own.docs },
  };
}

/** Judges of common shapes; every one answers "unknown" for a value it cannot read. */
export const is = {
  boolean(safe: boolean) {
    return (model: CfnModel, value: YamlNode): Verdict => {
      const bool = booleanOf(model, value);
      if (bool === undefined) return "unknown";
      return bool === safe ? "safe" : "unsafe";
    };
  },
  atLeast(minimum: number) {
    return (model: CfnModel, value: YamlNode): Verdict => {
      const number = numberValue(model, value);
      if (number === undefined) return "unknown";
      return number >= minimum ? "safe" : "unsafe";
    };
  },
  oneOf(...safe: string[]) {
    const allowed = safe.map((item) => item.toLowerCase());
    return (model: CfnModel, value: YamlNode): Verdict => {
      const text = stringValue(model, value);
      if (text === undefined) return "unknown";
      return allowed.includes(text.toLowerCase()) ? "safe" : "unsafe";
    };
  },
  /** A value is there (a `!GetAtt`/`!Ref` to a queue or key is unknown but present: safe). */
  present(model: CfnModel, value: YamlNode): Verdict {
    if (intrinsicOf(value)) return "safe";
    const text = stringValue(model, value);
    if (value.kind === "scalar" && (value.value === null || text === "")) return "unsafe";
    return "safe";
  },
  /**
   * A key the customer manages: not empty and not an AWS-managed alias (`alias/aws/sqs`, or an alias
   * ARN ending in `:alias/aws/…`), which is the service default again. A reference to a key is one.
   */
  customerManagedKey(model: CfnModel, value: YamlNode): Verdict {
    if (intrinsicOf(value)) {
      const text = stringValue(model, value); // a parameter default may still be an AWS alias
      if (text === undefined) return "safe";
      return /(^|:)alias\/aws\//.test(text) || text === "" ? "unsafe" : "safe";
    }
    const text = stringValue(model, value);
    if (text === undefined) return value.kind === "scalar" && value.value === null ? "unsafe" : "unknown";
    return text === "" || /(^|:)alias\/aws\//.test(text) ? "unsafe" : "safe";
  },
  /** A list that holds every one of `wanted` (case-sensitive, as the API is); unknown items cannot be told. */
  listHolding(...wanted: string[]) {
    return (model: CfnModel, value: YamlNode): Verdict => {
      const items = itemsOf(value);
      if (items === UNKNOWN) return "unknown";
      const texts = items.map((item) => stringValue(model, item));
      if (wanted.every((item) => texts.includes(item))) return "safe";
      return texts.every((text) => text !== undefined) ? "unsafe" : "unknown";
    };
  },
};

/**
 * What a property names among the template's resources: every logical id under a `!Ref`, `!GetAtt`
 * or `!Sub` in it, or "unknown" when it holds a literal, a parameter, an import or anything else that
 * could name a resource we cannot see.
 */
export function namedResources(model: CfnModel, node: YamlNode | undefined): Set<string> | "unknown" {
  if (!node) return "unknown";
  const ids = new Set(model.resources.map((resource) => resource.logicalId));
  const found = new Set<string>();
  let opaque = false;
  const visit = (current: YamlNode, depth: number): void => {
    if (depth > 20) {
      opaque = true;
      return;
    }
    const call = intrinsicOf(current);
    if (call?.name === "Ref" || call?.name === "Fn::GetAtt") {
      const argument = call.argument;
      const text =
        argument.kind === "scalar"
          ? String(argument.value)
          : argument.kind === "seq" && argument.items[0]?.kind === "scalar"
            ? String(argument.items[0].value)
            : "";
      const id = text.split(".")[0] ?? "";
      if (ids.has(id)) found.add(id);
      else opaque = true; // a parameter (an ARN passed in) or a pseudo parameter
      return;
    }
    if (call?.name === "Fn::Sub") {
      const template = call.argument.kind === "seq" ? call.argument.items[0] : call.argument;
      const text = template?.kind === "scalar" ? String(template.value) : "";
      const names = [...text.matchAll(/\$\{([A-Za-z0-9]+)/g)].map((match) => match[1] ?? "");
      const resources = names.filter((name) => ids.has(name));
      if (resources.length === 0) opaque = true;
      for (const name of resources) found.add(name);
      return;
    }
    if (call?.name === "Fn::If" && call.argument.kind === "seq") {
      for (const branch of call.argument.items.slice(1)) {
        // `!Ref AWS::NoValue` in a branch names nothing.
        const inner = intrinsicOf(branch);
        if (
          inner?.name === "Ref" &&
          inner.argument.kind === "scalar" &&
          inner.argument.value === "AWS::NoValue"
        )
          continue;
        visit(branch, depth + 1);
      }
      return;
    }
    opaque = true; // a literal ARN, an import, a join: cannot tell which resource
  };
  visit(node, 0);
  return opaque ? "unknown" : found;
}

/**
 * The logical ids that companions of `companionTypes` name in their `attribute`, or "unknown" when one
 * names something we cannot follow (it might be any resource).
 */
export function namedByCompanions(
  model: CfnModel,
  companionTypes: readonly string[],
  attribute: string,
): Set<string> | "unknown" {
  const named = new Set<string>();
  for (const resource of model.resources) {
    if (!companionTypes.includes(resource.type)) continue;
    if (resource.propertiesUnknown) return "unknown";
    const targets = namedResources(model, entryOf(resource.properties, attribute)?.value);
    if (targets === "unknown") return "unknown";
    for (const id of targets) named.add(id);
  }
  return named;
}
