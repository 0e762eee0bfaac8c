// Code that never runs: the branch of an `if` whose condition is a constant (`if False:`, the
// `else` of `if 7 > 3:`) and statements after a `return`/`raise` in the same block. Neither the
// taint engine nor the pattern rules report there, and assignments there do not count. Benchmarks
// plant sinks in such branches on purpose; real code has them as feature switches.
import type { SgNode } from "@ast-grep/napi";
import { deadSwitchGroups, javaResolver, type Resolver } from "./java-constants.ts";
import type { SastModel } from "./model.ts";

interface Span {
  start: number;
  end: number;
}

/** The file may hold a constant condition: otherwise no tree walk for `if` statements. */
const CONSTANT_CONDITION =
  /\b(?:if|elif)\b\s*\(?\s*(?:!|not\b)?\s*\(?\s*(?:True|False|true|false|None|null|nil|-?\d|["'])/;
/** A ternary whose condition starts with a literal: `x = (7 * 18) + 106 > 200 ? a : b`. */
const CONSTANT_TERNARY = /[=(,]\s*\(?\s*-?\d[\w\s.*+\-/%()<>=!&|]*\?/;
/** A Java `switch` (statement or expression). */
const JAVA_SWITCH = /\bswitch\s*\(/;
/** Python statements after which the rest of a block never runs. */
const PYTHON_EXIT = /\b(?:return|raise|continue|break)\b/;

const PYTHON_EXITS = ["return_statement", "raise_statement", "continue_statement", "break_statement"];
const EXITS = new Set(PYTHON_EXITS);
const BLOCKS = new Set(["block"]);

/** True when the index lies in code that never runs. */
export function isDead(model: SastModel, index: number): boolean {
  return deadSpans(model).some((span) => span.start <= index && index < span.end);
}

export function deadSpans(model: SastModel): Span[] {
  const cached = model.cache.get("dead") as Span[] | undefined;
  if (cached) return cached;
  const spans: Span[] = [];
  model.cache.set("dead", spans);
  const text = model.file.text;
  // JavaScript hoists function declarations written after a return: only Python's exits count.
  const kinds = [
    ...(CONSTANT_CONDITION.test(text) ? model.spec.kinds.ifs : []),
    ...(model.language === "python" && PYTHON_EXIT.test(text) ? PYTHON_EXITS : []),
  ];
  // Java: `cond ? a : b` with a literal condition (`(7 * 18) + 106 > 200 ? "safe" : param`), a
  // `switch` on a fixed value, and locals declared once with a literal (`int num = 106;`).
  const java = model.language === "java";
  if (java && CONSTANT_TERNARY.test(text)) kinds.push("ternary_expression");
  if (java && JAVA_SWITCH.test(text)) kinds.push("switch_expression");
  if (kinds.length === 0) return spans;
  const resolve = java ? javaResolver(text) : undefined;
  for (const node of model.root.findAll({ rule: { any: kinds.map((kind) => ({ kind })) } })) {
    const kind = node.kind() as string;
    if (EXITS.has(kind)) unreachableAfter(node, spans);
    else if (kind === "ternary_expression") constantTernary(node, spans, resolve);
    else if (kind === "switch_expression" && resolve)
      for (const group of deadSwitchGroups(node, resolve)) spans.push(spanOf(group));
    else constantBranch(node, spans, resolve);
  }
  return spans;
}

function spanOf(node: SgNode): Span {
  const range = node.range();
  return { start: range.start.index, end: range.end.index };
}

/** The branch of a ternary its constant condition never takes. */
function constantTernary(node: SgNode, spans: Span[], resolve?: Resolver): void {
  const condition = node.field("condition");
  if (!condition) return;
  const value = constantValue(condition.text(), resolve);
  if (value === undefined) return;
  const dead = node.field(value ? "alternative" : "consequence");
  if (dead) spans.push(spanOf(dead));
}

/** Statements after an exit in the same block. */
function unreachableAfter(exit: SgNode, spans: Span[]): void {
  const parent = exit.parent();
  if (!parent || !BLOCKS.has(parent.kind() as string)) return;
  const next = exit.next();
  if (!next) return;
  const end = spanOf(parent).end;
  const start = spanOf(next).start;
  if (start < end) spans.push({ start, end });
}

/** The dead part of an `if` whose condition is a constant. */
function constantBranch(node: SgNode, spans: Span[], resolve?: Resolver): void {
  const condition = node.field("condition");
  if (!condition) return;
  const value = constantValue(condition.text(), resolve);
  if (value === undefined) return;
  if (value) {
    // Python's elif/else clauses are each an `alternative`; JS, Go and Java have one.
    for (const child of node.children()) {
      const kind = child.kind() as string;
      if (kind === "elif_clause" || kind === "else_clause") spans.push(spanOf(child));
    }
    const alternative = node.field("alternative");
    if (alternative) spans.push(spanOf(alternative));
  } else {
    const consequence = node.field("consequence") ?? node.field("body");
    if (consequence) spans.push(spanOf(consequence));
  }
}

export type Constant = number | string | boolean | null;

/**
 * Evaluates a condition written only with literals: numbers, strings, booleans, `None`/`null`/`nil`,
 * comparisons, `not`/`!`, `and`/`&&`, `or`/`||`, parentheses. Anything else (a name, a call) is
 * not a constant: undefined. Long conditions are not examined.
 */
export function constantValue(
  text: string,
  resolve?: (name: string) => Constant | undefined,
): boolean | undefined {
  const value = constantOf(text, resolve);
  return value === undefined ? undefined : Boolean(value);
}

/**
 * The value of an expression of literals (see `constantValue`); `resolve` gives the value of a
 * name that is fixed in the file (Java locals declared once with a literal).
 */
export function constantOf(
  text: string,
  resolve?: (name: string) => Constant | undefined,
): Constant | undefined {
  if (text.length > 200) return undefined;
  const tokens = text.match(
    /\d+(?:\.\d+)?|"[^"\\]*"|'[^'\\]*'|[A-Za-z_]\w*|===?|!==?|<=|>=|&&|\|\||[()<>!]|\S/g,
  );
  if (!tokens) return undefined;
  let position = 0;
  const peek = () => tokens[position];
  const fail = Symbol("not constant");

  const primary = (): Constant | typeof fail => {
    const token = tokens[position++];
    if (token === undefined) return fail;
    if (token === "(") {
      const inner = or();
      if (inner === fail || tokens[position++] !== ")") return fail;
      return inner;
    }
    if (token === "!" || token === "not") {
      const operand = primary();
      return operand === fail ? fail : !operand;
    }
    if (token === "-" && /^\d/.test(peek() ?? "")) return -Number(tokens[position++]);
    if (/^\d/.test(token)) return Number(token);
    if (/^["']/.test(token)) return token.slice(1, -1);
    if (token === "True" || token === "true") return true;
    if (token === "False" || token === "false") return false;
    if (token === "None" || token === "null" || token === "nil") return null;
    const resolved = /^[A-Za-z_]/.test(token) ? resolve?.(token) : undefined;
    return resolved === undefined ? fail : resolved;
  };
  // Arithmetic of number literals (`(7 * 42) - 86 > 200`, a benchmark favourite); anything
  // else (a string concatenation, a division by zero) is not a constant.
  const arithmetic = (operand: () => Constant | typeof fail, operators: RegExp) => {
    let left = operand();
    while (left !== fail && operators.test(peek() ?? "")) {
      const operator = tokens[position++];
      const right = operand();
      if (typeof left !== "number" || typeof right !== "number") return fail;
      if ((operator === "/" || operator === "%") && right === 0) return fail;
      left =
        operator === "+"
          ? left + right
          : operator === "-"
            ? left - right
            : operator === "*"
              ? left * right
              : operator === "/"
                ? left / right
                : left % right;
    }
    return left;
  };
  const product = () => arithmetic(primary, /^[*/%]$/);
  const sum = () => arithmetic(product, /^[+-]$/);
  const comparison = (): Constant | typeof fail => {
    const left = sum();
    if (left === fail) return fail;
    const operator = peek();
    if (!operator || !/^(?:===?|!==?|<=?|>=?)$/.test(operator)) return left;
    position++;
    const right = sum();
    if (right === fail || left === null || right === null) return fail;
    switch (operator) {
      case "==":
      case "===":
        return left === right;
      case "!=":
      case "!==":
        return left !== right;
      case "<":
        return left < right;
      case "<=":
        return left <= right;
      case ">":
        return left > right;
      default:
        return left >= right;
    }
  };
  const and = (): Constant | typeof fail => {
    let left = comparison();
    while (left !== fail && (peek() === "and" || peek() === "&&")) {
      position++;
      const right = comparison();
      if (right === fail) return fail;
      left = Boolean(left) && Boolean(right);
    }
    return left;
  };
  function or(): Constant | typeof fail {
    let left = and();
    while (left !== fail && (peek() === "or" || peek() === "||")) {
      position++;
      const right = and();
      if (right === fail) return fail;
      left = Boolean(left) || Boolean(right);
    }
    return left;
  }
  const value = or();
  if (value === fail || position !== tokens.length) return undefined;
  return value;
}
