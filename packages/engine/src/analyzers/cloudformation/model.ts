// The typed model of a CloudFormation (and SAM) template, YAML or JSON: resources with their
// logical id line and a positioned property tree, parameters with their defaults, and an
// evaluator for intrinsic functions that answers "unknown" rather than guess.
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import {
  childOf,
  entryOf,
  parseYamlTrees,
  type YamlEntry,
  type YamlMap,
  type YamlNode,
} from "../../parse/yaml-tree.ts";
import type { SourceFile, Span } from "../../source.ts";

export interface CfnParameter {
  name: string;
  line: number;
  /** The Default node, when the parameter declares one. */
  default?: YamlNode;
  noEcho: boolean;
}

export interface CfnResource {
  logicalId: string;
  type: string;
  /** Line and column of the logical id: where a missing property is reported. */
  line: number;
  column: number;
  /** `Properties`; an empty map when absent. */
  properties: YamlMap;
  /** True when `Properties` is itself an intrinsic (e.g. `!If`): rules cannot reason about it. */
  propertiesUnknown: boolean;
  node: YamlMap;
}

export interface CfnModel {
  format: "yaml" | "json";
  isSam: boolean;
  parameters: Map<string, CfnParameter>;
  resources: CfnResource[];
  /** SAM `Globals`, when present. */
  globals?: YamlMap;
}

// --- Intrinsics and evaluation ------------------------------------------------------------------

/** Long-form name of a short tag: `!Ref` → `Ref`, `!Condition` → `Condition`, `!Sub` → `Fn::Sub`. */
function longName(short: string): string {
  return short === "Ref" || short === "Condition" ? short : `Fn::${short}`;
}

export interface Intrinsic {
  /** Long form: `Ref`, `Fn::If`, `Fn::Sub`, `Condition`, … */
  name: string;
  /** The argument node (for a short tag, the tagged node itself). */
  argument: YamlNode;
}

/** The intrinsic function a node calls, short (`!If`) or long (`{"Fn::If": …}`), if any. */
export function intrinsicOf(node: YamlNode | undefined): Intrinsic | undefined {
  if (!node) return undefined;
  if (node.tag) {
    const name = node.tag.slice(1);
    return { name: longName(name), argument: node };
  }
  if (node.kind === "map" && node.entries.length === 1) {
    const entry = node.entries[0]!;
    if (entry.key === "Ref" || entry.key === "Condition" || entry.key.startsWith("Fn::")) {
      return { name: entry.key, argument: entry.value };
    }
  }
  return undefined;
}

/** What a value could not be determined as: a reference to a resource, a condition, an import. */
export const UNKNOWN = Symbol("unknown");
export type Scalar = string | number | boolean | null;
export type Evaluated = Scalar | typeof UNKNOWN;

/**
 * The scalar a node stands for: a literal, a parameter's default, or both branches of an `!If`
 * when they agree. Anything else is UNKNOWN; rules never flag an UNKNOWN value.
 */
export function evaluate(model: CfnModel, node: YamlNode | undefined, depth = 0): Evaluated {
  if (!node || depth > 20) return UNKNOWN;
  const call = intrinsicOf(node);
  if (!call) return node.kind === "scalar" ? node.value : UNKNOWN;
  if (call.name === "Ref") {
    const target = call.argument.kind === "scalar" ? String(call.argument.value) : undefined;
    const parameter = target ? model.parameters.get(target) : undefined;
    return parameter?.default ? evaluate(model, parameter.default, depth + 1) : UNKNOWN;
  }
  if (call.name === "Fn::If" && call.argument.kind === "seq" && call.argument.items.length === 3) {
    const whenTrue = evaluate(model, call.argument.items[1], depth + 1);
    const whenFalse = evaluate(model, call.argument.items[2], depth + 1);
    // CloudFormation passes every scalar as a string: `false` and "false" agree.
    return whenTrue !== UNKNOWN && whenFalse !== UNKNOWN && String(whenTrue) === String(whenFalse)
      ? whenTrue
      : UNKNOWN;
  }
  return UNKNOWN;
}

/** True, false, or undefined when unknown or not a boolean. CloudFormation accepts "true"/"false" strings. */
export function booleanOf(model: CfnModel, node: YamlNode | undefined): boolean | undefined {
  const value = evaluate(model, node);
  if (value === true || value === false) return value;
  if (typeof value === "string") {
    if (value.toLowerCase() === "true") return true;
    if (value.toLowerCase() === "false") return false;
  }
  return undefined;
}

export function stringValue(model: CfnModel, node: YamlNode | undefined): string | undefined {
  const value = evaluate(model, node);
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

export function numberValue(model: CfnModel, node: YamlNode | undefined): number | undefined {
  const value = evaluate(model, node);
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value);
  return undefined;
}

/**
 * Whether a property is set: "absent", "unknown" (the parent is an intrinsic such as `!If`, so
 * the property may exist) or the entry.
 */
export type Lookup = { state: "absent" } | { state: "unknown" } | { state: "present"; entry: YamlEntry };

export function lookup(node: YamlNode | undefined, ...path: string[]): Lookup {
  let current = node;
  let entry: YamlEntry | undefined;
  for (const key of path) {
    if (!current) return { state: "absent" };
    if (intrinsicOf(current) || current.kind !== "map") return { state: "unknown" };
    entry = entryOf(current, key);
    if (!entry) return { state: "absent" };
    current = entry.value;
  }
  return entry ? { state: "present", entry } : { state: "absent" };
}

/** A list property's items; a single value counts as a one-item list; UNKNOWN for an intrinsic. */
export function itemsOf(node: YamlNode | undefined): YamlNode[] | typeof UNKNOWN {
  if (!node) return [];
  if (intrinsicOf(node)) return UNKNOWN;
  if (node.kind === "seq") return node.items;
  return [node];
}

// --- Positions and fixes ----------------------------------------------------------------------

export function spanOf(node: { line: number; column: number }): Span {
  return { line: node.line, column: node.column };
}

export function keySpan(entry: YamlEntry): Span {
  return { line: entry.keyLine, column: entry.keyColumn };
}

export function resourceSpan(resource: CfnResource): Span {
  return { line: resource.line, column: resource.column };
}

/**
 * A fix that rewrites a literal scalar, or undefined when the value is not written right there
 * (a parameter, an intrinsic): editing the wrong place is worse than no fix.
 */
export function replaceScalarFix(
  file: SourceFile,
  node: YamlNode,
  text: string,
  description: string,
): { description: string; edits: { start: number; end: number; text: string }[] } | undefined {
  // An anchored value is also every alias to it: rewriting it would change other resources.
  if (node.kind !== "scalar" || node.tag !== undefined || node.anchored || node.end <= node.start)
    return undefined;
  const original = file.text.slice(node.start, node.end);
  const quote = original.startsWith('"') ? '"' : original.startsWith("'") ? "'" : "";
  const replacement = typeof node.value === "string" && quote ? `${quote}${text}${quote}` : text;
  return {
    description,
    edits: [
      { start: file.byteOffsetOfIndex(node.start), end: file.byteOffsetOfIndex(node.end), text: replacement },
    ],
  };
}

// --- Parse ------------------------------------------------------------------------------------

export function resourcesOfType(model: CfnModel, ...types: string[]): CfnResource[] {
  return model.resources.filter((resource) => types.includes(resource.type) && !resource.propertiesUnknown);
}

export function parseCloudFormation(file: SourceFile): ParseResult<CfnModel> {
  const format = file.text.trimStart().startsWith("{") ? "json" : "yaml";
  const trees = parseYamlTrees(file);
  if (!trees.ok) return skipped(trees.reason);
  if (trees.documents.length !== 1)
    return skipped(`expected one template, found ${trees.documents.length} documents`);
  const root = trees.documents[0]!;
  if (root.kind !== "map") return skipped("template is not a mapping");
  const resourcesNode = childOf(root, "Resources");
  if (resourcesNode?.kind !== "map") return skipped("no Resources mapping");

  const transform = childOf(root, "Transform");
  const transforms =
    transform?.kind === "seq" ? transform.items : transform ? [transform] : ([] as YamlNode[]);
  const isSam = transforms.some(
    (node) => node.kind === "scalar" && String(node.value).startsWith("AWS::Serverless"),
  );

  const parameters = new Map<string, CfnParameter>();
  const parametersNode = childOf(root, "Parameters");
  if (parametersNode?.kind === "map") {
    for (const entry of parametersNode.entries) {
      const noEcho = childOf(entry.value, "NoEcho");
      const defaultNode = childOf(entry.value, "Default");
      parameters.set(entry.key, {
        name: entry.key,
        line: entry.keyLine,
        ...(defaultNode ? { default: defaultNode } : {}),
        noEcho: noEcho?.kind === "scalar" && String(noEcho.value).toLowerCase() === "true",
      });
    }
  }

  const resources: CfnResource[] = [];
  for (const entry of resourcesNode.entries) {
    if (entry.value.kind !== "map") continue;
    const typeNode = childOf(entry.value, "Type");
    if (typeNode?.kind !== "scalar" || typeof typeNode.value !== "string") continue;
    const propertiesNode = childOf(entry.value, "Properties");
    const propertiesUnknown = propertiesNode !== undefined && propertiesNode.kind !== "map";
    const properties: YamlMap =
      propertiesNode?.kind === "map" && !intrinsicOf(propertiesNode)
        ? propertiesNode
        : {
            kind: "map",
            flow: false,
            entries: [],
            line: entry.keyLine,
            column: entry.keyColumn,
            start: 0,
            end: 0,
          };
    resources.push({
      logicalId: entry.key,
      type: typeNode.value,
      line: entry.keyLine,
      column: entry.keyColumn,
      properties,
      propertiesUnknown:
        propertiesUnknown || (propertiesNode !== undefined && intrinsicOf(propertiesNode) !== undefined),
      node: entry.value,
    });
  }
  const globals = childOf(root, "Globals");
  return parsed({
    format,
    isSam,
    parameters,
    resources,
    ...(globals?.kind === "map" ? { globals } : {}),
  });
}
