// Go: a value parsed by `strconv.Atoi` (or a 64-bit `ParseInt`/`ParseUint`) converted to a narrower
// integer type while nothing in the file compares it with a bound. Names are collected with two
// scans of the file text, so the cost does not grow with the number of conversions; a bound check
// on any variable of that name vets it (fewer findings, not false ones). The value converted must
// be the parse's: the name's latest assignment before the conversion in the same function, not a
// declaration of that name in a block that has closed since (a shadowing `v, _ := …` in an `if`).
import type { SgNode } from "@ast-grep/napi";
import { defineFileRule } from "../../../rule.ts";
import { isDead } from "../dead-code.ts";
import type { Category } from "../languages/types.ts";
import { type SastModel, spanOf } from "../model.ts";

const category: Category = "security";

const PREFILTER = /strconv\.(?:Atoi|ParseInt|ParseUint)\(/;

/** `n, err := strconv.Atoi(s)`, `v, _ = strconv.ParseInt(s, 10, 64)` (bit size 0 is the platform int). */
const PARSED =
  /\b([A-Za-z_]\w*)\s*,\s*\w+\s*:?=\s*strconv\.(?:Atoi\(|Parse(?:Int|Uint)\([^,\n]+,\s*\w+\s*,\s*(?:0|64)\s*\))/g;

/** `n > math.MaxInt32`, `n < 0x100`, `math.MaxInt16 < n`: the value was compared with a bound. */
const BOUNDED =
  /\b([A-Za-z_]\w*)\s*[<>]=?\s*(?:math\.\w+|-?\d)|(?:math\.\w+|\b\d\w*)\s*[<>]=?\s*([A-Za-z_]\w*)\b/g;

/** The start of the innermost function around a node (0 at package level). */
function functionStart(node: SgNode): number {
  for (let current: SgNode | null = node; current; current = current.parent()) {
    const kind = current.kind() as string;
    if (kind === "function_declaration" || kind === "method_declaration" || kind === "func_literal")
      return current.range().start.index;
  }
  return 0;
}

/** A value from `strconv.Atoi` or a 64-bit (or platform-size) `ParseInt`/`ParseUint`. */
const PARSE_CALL = /^\s*strconv\.(?:Atoi\(|Parse(?:Int|Uint)\([^,\n]+,\s*\w+\s*,\s*(?:0|64)\s*\))/;

/** Whether the value `name` holds where `call` converts it is the parse's. */
function holdsParsedValue(text: string, name: string, call: SgNode): boolean {
  const end = call.range().start.index;
  const body = text.slice(functionStart(call), end);
  const assignments = [
    ...body.matchAll(new RegExp(`(?<![\\w.])${name}\\b(?:\\s*,\\s*[\\w.]+)*\\s*(:?)=(?!=)([^\\n]*)`, "g")),
  ];
  for (const assignment of assignments.reverse()) {
    // a declaration (`:=`) in a block that has closed before the conversion is another variable
    if (assignment[1] === ":") {
      let depth = 0;
      let closed = false;
      for (const char of body.slice(assignment.index + assignment[0].length)) {
        if (char === "{") depth++;
        else if (char === "}" && --depth < 0) {
          closed = true;
          break;
        }
      }
      if (closed) continue;
    }
    return PARSE_CALL.test(assignment[2] ?? "");
  }
  return false;
}

/** Types narrower than the `int`/`int64`/`uint64` the parse returns. */
const NARROW = new Set(["int8", "int16", "int32", "uint8", "uint16", "uint32", "byte", "rune"]);

/** Bound on hostile input: conversions examined per file. */
const MAX_CALLS = 20_000;

function names(text: string, pattern: RegExp): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const name = match[1] ?? match[2];
    if (name) found.add(name);
  }
  return found;
}

function conversions(model: SastModel): { node: SgNode; type: string; name: string }[] {
  const text = model.file.text;
  if (model.language !== "go" || !PREFILTER.test(text)) return [];
  const parsed = names(text, PARSED);
  if (parsed.size === 0) return [];
  const bounded = names(text, BOUNDED);
  const out: { node: SgNode; type: string; name: string }[] = [];
  const calls = model.root.findAll({
    rule: {
      kind: "call_expression",
      has: { field: "function", kind: "identifier", regex: "^(?:u?int(?:8|16|32)|byte|rune)$" },
    },
  });
  for (const call of calls.slice(0, MAX_CALLS)) {
    const type = call.field("function")?.text() ?? "";
    const args =
      call
        .field("arguments")
        ?.children()
        .filter((child) => child.isNamed()) ?? [];
    if (!NARROW.has(type) || args.length !== 1 || (args[0]!.kind() as string) !== "identifier") continue;
    const name = args[0]!.text();
    if (!parsed.has(name) || bounded.has(name)) continue;
    if (!holdsParsedValue(text, name, call)) continue;
    if (isDead(model, call.range().start.index)) continue;
    out.push({ node: call, type, name });
  }
  return out;
}

/** The values each integer type holds (64-bit platform for `int`, `uint`, `uintptr`). */
const RANGES: Record<string, [bigint, bigint]> = {
  int8: [-(2n ** 7n), 2n ** 7n - 1n],
  int16: [-(2n ** 15n), 2n ** 15n - 1n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  rune: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 63n), 2n ** 63n - 1n],
  uint8: [0n, 2n ** 8n - 1n],
  byte: [0n, 2n ** 8n - 1n],
  uint16: [0n, 2n ** 16n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  uint: [0n, 2n ** 64n - 1n],
  uintptr: [0n, 2n ** 64n - 1n],
};

/** `math.MaxUint32`, `math.MinInt16` …: the bound of the named type. */
function mathConstant(name: string): bigint | undefined {
  const match = /^math\.(Max|Min)(U?[Ii]nt(?:8|16|32|64)?)$/.exec(name);
  if (!match) return undefined;
  const range = RANGES[match[2]!.toLowerCase()];
  if (!range) return undefined;
  return match[1] === "Max" ? range[1] : range[0];
}

function integerValue(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (/^-?(?:0[xX][0-9a-fA-F_]+|0[oO]?[0-7_]+|[1-9][\d_]*|0)$/.test(trimmed)) {
    const negative = trimmed.startsWith("-");
    const digits = (negative ? trimmed.slice(1) : trimmed).replace(/_/g, "");
    const value = BigInt(/^0[0-7]+$/.test(digits) ? `0o${digits.slice(1)}` : digits.replace(/^0[oO]/, "0o"));
    return negative ? -value : value;
  }
  return mathConstant(trimmed);
}

/** `var a uint32 = math.MaxUint32`: a name declared once with a known value and never changed. */
const DECLARED = /\bvar\s+([A-Za-z_]\w*)\s+[\w.]+\s*=\s*(-?[\w.]+)\s*$/gm;

/** Conversions of names whose declared value the target type cannot hold: a certain wrap-around. */
function knownValueConversions(
  model: SastModel,
): { node: SgNode; type: string; name: string; value: bigint }[] {
  const text = model.file.text;
  if (model.language !== "go" || !/\bvar\s/.test(text)) return [];
  const values = new Map<string, bigint>();
  for (const match of text.matchAll(DECLARED)) {
    const value = integerValue(match[2]!);
    if (value !== undefined) values.set(match[1]!, value);
  }
  if (values.size === 0) return [];
  // defined integer types: `type CustomType int` converts with its underlying type's range
  const types = new Map<string, string>(Object.keys(RANGES).map((name) => [name, name]));
  for (const match of text.matchAll(
    /\btype\s+([A-Za-z_]\w*)\s+(u?int(?:8|16|32|64)?|uintptr|byte|rune)\s*$/gm,
  ))
    types.set(match[1]!, match[2]!);
  const out: { node: SgNode; type: string; name: string; value: bigint }[] = [];
  // each name's text scan once: a file of thousands of conversions of one name stays linear
  const changedNames = new Map<string, boolean>();
  const calls = model.root.findAll({
    rule: { kind: "call_expression", has: { field: "function", kind: "identifier" } },
  });
  for (const call of calls.slice(0, MAX_CALLS)) {
    const type = call.field("function")?.text() ?? "";
    const range = RANGES[types.get(type) ?? ""];
    if (!range) continue;
    const args =
      call
        .field("arguments")
        ?.children()
        .filter((child) => child.isNamed()) ?? [];
    if (args.length !== 1 || (args[0]!.kind() as string) !== "identifier") continue;
    const name = args[0]!.text();
    const value = values.get(name);
    if (value === undefined || (value >= range[0] && value <= range[1])) continue;
    // changed anywhere (`a = …`, `a++`, `a += …`, `&a`): the declared value is not the one converted
    let changed = changedNames.get(name);
    if (changed === undefined) {
      changed = new RegExp(
        `(?:\\b${name}\\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|\\b${name}\\s*(?:\\+\\+|--)|&${name}\\b)`,
      ).test(text);
      changedNames.set(name, changed);
    }
    if (changed) continue;
    if (isDead(model, call.range().start.index)) continue;
    out.push({ node: call, type, name, value });
  }
  return out;
}

export const integerOverflowConversion = {
  ...defineFileRule<SastModel>({
    id: "sast/integer-overflow-conversion",
    analyzer: "sast",
    title: "Integer converted to a type that may not hold its value",
    severity: "med",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [190, 681],
    controls: [],
    fixable: false,
    docs: {
      summary:
        "Go: a value from `strconv.Atoi`, or `strconv.ParseInt`/`ParseUint` with bit size 64 (or 0), is converted to `int8`, `int16`, `int32`, `uint8`, `uint16`, `uint32`, `byte` or `rune` while the file never compares that variable with a bound (`math.MaxInt32`, a number). Also a variable declared once with a known value (`var a uint32 = math.MaxUint32`, a number) and never changed, converted to an integer type (or a type defined on one, `type Size int`) whose range does not hold that value: a certain wrap-around. Literals, values parsed with the target's own bit size and dead branches are not reported.",
      whyItMatters:
        "The conversion keeps only the low bits: `4294967297` becomes `1`, a large length becomes negative. Sizes, indexes, ports and permission checks computed from it are wrong in the attacker's favour.",
      remediation:
        "Parse with the target's bit size (`strconv.ParseInt(s, 10, 32)` returns an error when the value does not fit), or compare with `math.MaxInt32`/`math.MinInt32` before converting.",
      example: "n, err := strconv.ParseInt(s, 10, 32)\nif err != nil {\n\treturn err\n}\nport := int32(n)",
    },
    check(ctx) {
      try {
        for (const { node, type, name } of conversions(ctx.model)) {
          ctx.report({
            message: `A parsed integer (${name}) is converted to ${type} without a range check; large values wrap around`,
            at: spanOf(node),
            properties: { category },
          });
        }
        for (const { node, type, name, value } of knownValueConversions(ctx.model)) {
          ctx.report({
            message: `${name} holds ${value}, which ${type} cannot represent: the conversion wraps around`,
            at: spanOf(node),
            properties: { category },
          });
        }
      } catch {
        // a rule never throws on hostile input: an unexpected tree shape yields no finding
      }
    },
  }),
  category,
};
