// A deliberately small evaluator for attribute values: literals, collections, `var.x` (from the
// file's variable defaults, or values the caller binds), `local.x`, string templates, a few pure
// functions (the ones `count`, `for_each` and tags are usually written with) and conditionals
// with a known condition. Anything else is UNKNOWN, and rules never flag on an unknown value.
import type { Expr, Scope } from "./model.ts";

export const UNKNOWN: unique symbol = Symbol("unknown");
export type Unknown = typeof UNKNOWN;

export type Value = string | number | boolean | null | Value[] | { [key: string]: Value } | Unknown;

/** Locals referring to locals referring to … stop here; a cycle would otherwise never end. */
const MAX_HOPS = 32;

export function evaluate(expr: Expr | undefined, scope: Scope, hops = 0): Value {
  if (!expr || hops > MAX_HOPS) return UNKNOWN;
  if (scope.budget && --scope.budget.remaining < 0) return UNKNOWN;
  switch (expr.kind) {
    case "literal":
      return expr.value;
    case "tuple":
      return expr.items.map((item) => evaluate(item, scope, hops + 1));
    case "object": {
      const result: { [key: string]: Value } = Object.create(null);
      for (const entry of expr.entries) {
        if (entry.key === undefined) return UNKNOWN; // a computed key could be any key
        result[entry.key] = evaluate(entry.value, scope, hops + 1);
      }
      return result;
    }
    case "reference":
      return resolveReference(expr.path, scope, hops);
    case "template": {
      let text = "";
      for (const part of expr.parts) {
        if (typeof part === "string") {
          text += part;
          continue;
        }
        const value = evaluate(part, scope, hops + 1);
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
          text += String(value);
        } else {
          return UNKNOWN;
        }
      }
      return text;
    }
    case "unary": {
      const operand = evaluate(expr.operand, scope, hops + 1);
      if (expr.operator === "!" && typeof operand === "boolean") return !operand;
      if (expr.operator === "-" && typeof operand === "number") return -operand;
      return UNKNOWN;
    }
    case "conditional": {
      const condition = evaluate(expr.condition, scope, hops + 1);
      if (condition === true) return evaluate(expr.whenTrue, scope, hops + 1);
      if (condition === false) return evaluate(expr.whenFalse, scope, hops + 1);
      return UNKNOWN;
    }
    case "call":
      return callFunction(expr.name, expr.args, scope, hops);
    default:
      return UNKNOWN;
  }
}

function resolveReference(path: readonly string[], scope: Scope, hops: number): Value {
  const [root, name, ...rest] = path;
  if (root === undefined || name === undefined) return UNKNOWN;
  const bound = scope.bindings?.get(root);
  let value: Value;
  if (bound !== undefined) value = member(bound as Value, name);
  else if (root === "var") {
    // A null default marks an optional input that callers usually set: not a value to judge.
    value = evaluate(scope.variableDefaults.get(name), scope, hops + 1);
    if (value === null) return UNKNOWN;
  } else if (root === "local") value = evaluate(scope.locals.get(name), scope, hops + 1);
  else return UNKNOWN;
  for (const step of rest) value = member(value, step);
  return value;
}

function member(value: Value, step: string): Value {
  if (step === "*" || value === UNKNOWN || value === null || typeof value !== "object") return UNKNOWN;
  if (Array.isArray(value)) {
    const index = Number(step);
    return Number.isInteger(index) && index >= 0 && index < value.length ? value[index]! : UNKNOWN;
  }
  return Object.hasOwn(value, step) ? value[step]! : UNKNOWN;
}

function callFunction(name: string, args: readonly Expr[], scope: Scope, hops: number): Value {
  const values = () => args.map((arg) => evaluate(arg, scope, hops + 1));
  switch (name) {
    case "tostring":
    case "tonumber":
    case "tobool":
    case "tolist":
    case "toset":
    case "tomap":
    case "sensitive":
    case "nonsensitive":
      return args.length === 1 ? evaluate(args[0], scope, hops + 1) : UNKNOWN;
    case "lower": {
      const [value] = values();
      return typeof value === "string" ? value.toLowerCase() : UNKNOWN;
    }
    case "upper": {
      const [value] = values();
      return typeof value === "string" ? value.toUpperCase() : UNKNOWN;
    }
    case "concat": {
      const lists = values();
      if (!lists.every(Array.isArray)) return UNKNOWN;
      return (lists as Value[][]).flat();
    }
    case "length": {
      const [value] = values();
      if (typeof value === "string") return [...value].length;
      if (Array.isArray(value)) return value.length;
      return isMap(value) ? Object.keys(value).length : UNKNOWN;
    }
    case "merge": {
      const maps = values();
      if (!maps.every((map) => map === null || isMap(map))) return UNKNOWN;
      return Object.assign(Object.create(null), ...maps.filter((map) => map !== null));
    }
    case "lookup": {
      const [map, key, fallback] = values();
      if (!isMap(map) || typeof key !== "string") return UNKNOWN;
      if (Object.hasOwn(map, key)) return map[key]!;
      return args.length === 3 && fallback !== undefined ? fallback : UNKNOWN;
    }
    case "coalesce": {
      // The first argument that is neither null nor "": unknown if an earlier one is unknown.
      for (const value of values()) {
        if (value === UNKNOWN) return UNKNOWN;
        if (value !== null && value !== "") return value;
      }
      return UNKNOWN;
    }
    case "keys":
    case "values": {
      const [map] = values();
      if (!isMap(map)) return UNKNOWN;
      const keys = Object.keys(map).sort();
      return name === "keys" ? keys : keys.map((key) => map[key]!);
    }
    case "contains": {
      const [list, item] = values();
      if (!Array.isArray(list) || !isKnown(list) || item === undefined || !isKnown(item)) return UNKNOWN;
      return list.some((element) => JSON.stringify(element) === JSON.stringify(item));
    }
    case "join": {
      const [separator, list] = values();
      if (typeof separator !== "string" || !Array.isArray(list)) return UNKNOWN;
      if (!list.every((item) => typeof item === "string" || typeof item === "number")) return UNKNOWN;
      return list.join(separator);
    }
    case "element": {
      const [list, index] = values();
      if (!Array.isArray(list) || list.length === 0 || typeof index !== "number" || !Number.isInteger(index))
        return UNKNOWN;
      return list[((index % list.length) + list.length) % list.length]!;
    }
    case "jsonencode": {
      // Kept as the structure: policy rules read the document, not its serialization.
      const [value] = values();
      return value === undefined || !isKnown(value) ? UNKNOWN : JSON.stringify(value);
    }
    default:
      return UNKNOWN;
  }
}

function isMap(value: Value | undefined): value is { [key: string]: Value } {
  return value !== null && value !== undefined && typeof value === "object" && !Array.isArray(value);
}

/** True when the value holds no UNKNOWN anywhere inside. */
export function isKnown(value: Value): boolean {
  if (value === UNKNOWN) return false;
  if (Array.isArray(value)) return value.every(isKnown);
  if (value !== null && typeof value === "object") return Object.values(value).every(isKnown);
  return true;
}

/** Values Terraform would accept for a bool: true/false and the strings "true"/"false". */
export function asBoolean(value: Value): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return undefined;
}

export function asNumber(value: Value): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

/**
 * A list of strings, when every element is known; a single string counts as a one-element list
 * (several providers accept either). Undefined when any element is unknown.
 */
export function asStringList(value: Value): string[] | undefined {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return undefined;
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== "string") return undefined;
    out.push(item);
  }
  return out;
}

/** The known strings of a list, ignoring unknown elements (for "does it contain X" questions). */
export function knownStrings(value: Value): string[] {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === "string");
}
