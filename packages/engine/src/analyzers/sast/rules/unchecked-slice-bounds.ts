// Go: a constant index or slice bound beyond the length (or capacity) of a slice whose size the
// same function fixed with a literal (`make([]T, 4)`, `[]T{a, b}`) and never changed. The compiler
// rejects such indexes only for arrays; for slices they compile and panic at run time. Sizes that
// are not literals, slices reassigned or appended to, and accesses guarded by a `len(s)` test are
// not judged: the length is then not statically visible. A slice parameter takes the smallest
// such size a call in the file passes it.
import type { SgNode } from "@ast-grep/napi";
import { defineFileRule } from "../../../rule.ts";
import { isDead } from "../dead-code.ts";
import type { Category } from "../languages/types.ts";
import { type SastModel, spanOf } from "../model.ts";

const category: Category = "security";

/** Bounds on hostile input: functions examined per file, declarations per function. */
const MAX_FUNCTIONS = 5_000;
const MAX_DECLARATIONS = 500;
/** Indexes and slice expressions judged per function (each may scan a loop body once). */
const MAX_ACCESSES = 2_000;

/** Only files that fix a slice's size with a literal can have a finding. */
const PREFILTER = /\bmake\(\s*\[\]|\[\][\w.*]+\{|\bvar\s+\w+\s+\[\d/;

/** `var s []T`: a nil slice, judged only in functions that never append (most fill it that way). */
const NIL_SLICE = /\bvar\s+\w+\s+\[\]/;

function mayHaveFinding(text: string): boolean {
  return PREFILTER.test(text) || (NIL_SLICE.test(text) && !text.includes("append("));
}

interface SizedSlice {
  name: string;
  /** Valid indexes are below `length`; slice bounds may reach `capacity`. */
  length: number;
  capacity: number;
  /** Where the declaration ends: only later accesses are judged. */
  after: number;
  /** A parameter's size comes from a call: `doStuff(s)` at line 12, named in the message. */
  origin?: string;
}

/** A Go integer literal's value (decimal, hex, octal, binary, `_` separators); undefined otherwise. */
function intValue(node: SgNode | null): number | undefined {
  if (!node || (node.kind() as string) !== "int_literal") return undefined;
  const text = node.text().replace(/_/g, "");
  const value = /^0[0-7]+$/.test(text) ? Number.parseInt(text, 8) : Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function namedChildren(node: SgNode | null): SgNode[] {
  return node ? node.children().filter((child) => child.isNamed()) : [];
}

/** `name := make([]T, n[, c])` or `name := []T{…}` with literal sizes; undefined for anything else. */
function sizedSlice(declaration: SgNode): SizedSlice | undefined {
  const names = namedChildren(declaration.field("left"));
  const values = namedChildren(declaration.field("right"));
  if (names.length !== 1 || values.length !== 1) return undefined;
  const name = names[0]!;
  const value = values[0]!;
  if ((name.kind() as string) !== "identifier") return undefined;
  const after = declaration.range().end.index;
  const kind = value.kind() as string;
  if (kind === "call_expression" && value.field("function")?.text() === "make") {
    const args = namedChildren(value.field("arguments"));
    if ((args[0]?.kind() as string) !== "slice_type") return undefined;
    const length = intValue(args[1] ?? null);
    if (length === undefined || args.length > 3) return undefined;
    const capacity = args.length === 3 ? intValue(args[2]!) : length;
    if (capacity === undefined) return undefined;
    return { name: name.text(), length, capacity, after };
  }
  if (kind === "composite_literal" && (value.field("type")?.kind() as string) === "slice_type") {
    const elements = namedChildren(value.field("body"));
    // `[]int{5: x}` sets the length by its keys; not counted here
    if (elements.some((element) => (element.kind() as string) === "keyed_element")) return undefined;
    return { name: name.text(), length: elements.length, capacity: elements.length, after };
  }
  return undefined;
}

/**
 * Whether the function may change the slice after declaring it: any other assignment or
 * declaration of the name, or its address taken. Then its size is not statically visible.
 */
function resized(body: string, name: string, declarationCount: number): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const assignments = body.match(
    new RegExp(`(?:^|[^\\w.])${escaped}\\s*(?:,[^=\\n]*)?(?::=|=(?!=)|\\+=|-=|\\+\\+|--)`, "gm"),
  );
  if ((assignments?.length ?? 0) > declarationCount) return true;
  return new RegExp(`&${escaped}\\b|\\b${escaped}\\s*(?:,[^=\\n]*)?\\s*=\\s*append\\(`).test(body);
}

const LOOP_KINDS = new Set(["for_statement"]);

/** The loop variable a `for` clause or `range` declares, if any. */
function loopVariable(loop: SgNode): string | undefined {
  const clause = loop.children().find((child) => {
    const kind = child.kind() as string;
    return kind === "for_clause" || kind === "range_clause";
  });
  if (!clause) return undefined;
  if ((clause.kind() as string) === "range_clause") return namedChildren(clause.field("left"))[0]?.text();
  return namedChildren(clause.field("initializer")?.field("left") ?? null)[0]?.text();
}

/**
 * A test between the access and the function that checks `len(name)`/`cap(name)`: an `if`, a
 * `switch` on it, or a loop condition that does not bound the index's own loop variable (those are
 * evaluated by `valueRange` instead).
 */
function guardedByLength(node: SgNode, stop: SgNode, name: string, indexText: string): boolean {
  let current: SgNode | null = node.parent();
  const mentions = (text: string) => text.includes(`len(${name})`) || text.includes(`cap(${name})`);
  for (let depth = 0; current && current.id() !== stop.id() && depth < 64; depth++) {
    const kind = current.kind() as string;
    if (kind === "if_statement" && mentions(current.field("condition")?.text() ?? "")) return true;
    if (kind === "expression_switch_statement" && mentions(current.field("value")?.text() ?? "")) return true;
    // the loop's clause or condition only: its whole text (a large body) would be copied per access
    const header = LOOP_KINDS.has(kind)
      ? current
          .children()
          .filter((child) => (child.kind() as string) !== "block")
          .map((child) => child.text())
          .join(" ")
      : "";
    if (LOOP_KINDS.has(kind) && mentions(header)) {
      const variable = loopVariable(current);
      if (!variable || !new RegExp(`\\b${variable}\\b`).test(indexText)) return true;
    }
    current = current.parent();
  }
  return false;
}

const FUNCTION_KINDS = new Set(["function_declaration", "method_declaration", "func_literal"]);

/** The innermost function around a node. */
function ownerFunction(node: SgNode): SgNode | null {
  let current = node.parent();
  for (let depth = 0; current && depth < 256; depth++) {
    if (FUNCTION_KINDS.has(current.kind() as string)) return current;
    current = current.parent();
  }
  return null;
}

type Interval = [number, number];

interface Scope {
  fn: SgNode;
  bodyText: string;
  slices: SizedSlice[];
  /** Names read as constants (`idx := 12`): each body scan done once per function. */
  constants: Map<string, Interval | undefined>;
  /** Loop variables' ranges by loop and name: each loop body scanned once. */
  loops: Map<string, Interval | undefined>;
}

/** The size of a slice or array name at a position: the latest sized declaration before it. */
function sizeAt(scope: Scope, name: string, position: number): SizedSlice | undefined {
  let found: SizedSlice | undefined;
  for (const slice of scope.slices)
    if (slice.name === name && slice.after <= position && (!found || slice.after > found.after))
      found = slice;
  return found;
}

/**
 * The values an integer expression can take at `at`: literals, names declared once with a literal
 * and never changed, loop variables of counted `for` clauses and `range` loops, and sums of these.
 * Undefined when anything in it is not known.
 */
function valueRange(scope: Scope, expression: SgNode | null, at: SgNode, depth = 0): Interval | undefined {
  if (!expression || depth > 8) return undefined;
  const kind = expression.kind() as string;
  if (kind === "int_literal") {
    const value = intValue(expression);
    return value === undefined ? undefined : [value, value];
  }
  if (kind === "parenthesized_expression")
    return valueRange(scope, namedChildren(expression)[0] ?? null, at, depth + 1);
  if (kind === "unary_expression" && expression.field("operator")?.text() === "-") {
    const inner = valueRange(scope, expression.field("operand"), at, depth + 1);
    return inner ? [-inner[1], -inner[0]] : undefined;
  }
  if (kind === "binary_expression") {
    const operator = expression.field("operator")?.text();
    if (operator !== "+" && operator !== "-") return undefined;
    const left = valueRange(scope, expression.field("left"), at, depth + 1);
    const right = valueRange(scope, expression.field("right"), at, depth + 1);
    if (!left || !right) return undefined;
    return operator === "+"
      ? [left[0] + right[0], left[1] + right[1]]
      : [left[0] - right[1], left[1] - right[0]];
  }
  if (kind === "call_expression" && expression.field("function")?.text() === "len") {
    const target = namedChildren(expression.field("arguments"))[0]?.text() ?? "";
    const size = sizeAt(scope, target, expression.range().start.index);
    return size ? [size.length, size.length] : undefined;
  }
  if (kind !== "identifier") return undefined;
  const name = expression.text();
  // the innermost loop around the access that declares the name
  for (
    let current: SgNode | null = at.parent();
    current && current.id() !== scope.fn.id();
    current = current.parent()
  ) {
    if (!LOOP_KINDS.has(current.kind() as string) || loopVariable(current) !== name) continue;
    const key = `${current.id()}:${name}`;
    if (!scope.loops.has(key)) scope.loops.set(key, loopRange(scope, current, name, depth));
    return scope.loops.get(key);
  }
  // a name declared once in the function with a literal and never changed: `idx := 12`
  if (scope.constants.has(name)) return scope.constants.get(name);
  const declared = new RegExp(`(?:^|[^\\w.])${name}\\s*:=\\s*(-?\\d+)\\s*$`, "m").exec(scope.bodyText);
  const value = declared && !resized(scope.bodyText, name, 1) ? Number(declared[1]) : Number.NaN;
  const range: Interval | undefined = Number.isSafeInteger(value) ? [value, value] : undefined;
  scope.constants.set(name, range);
  return range;
}

/** `for i := A; i < B; i++`, `i <= B`, `i+K < B`; `for i := range N`; `for i := range s`. */
function loopRange(scope: Scope, loop: SgNode, name: string, depth: number): Interval | undefined {
  const body = loop.field("body")?.text() ?? "";
  // the body changes the variable: its values are not the clause's
  if (resized(body, name, 0)) return undefined;
  const clause = loop
    .children()
    .find((child) => ["for_clause", "range_clause"].includes(child.kind() as string));
  if (!clause) return undefined;
  if ((clause.kind() as string) === "range_clause") {
    const right = clause.field("right");
    if (!right) return undefined;
    if ((right.kind() as string) === "int_literal") {
      const count = intValue(right);
      return count === undefined || count < 1 ? undefined : [0, count - 1];
    }
    const size = sizeAt(scope, right.text(), loop.range().start.index);
    return size && size.length > 0 ? [0, size.length - 1] : undefined;
  }
  const initializer = namedChildren(clause.field("initializer")?.field("right") ?? null);
  const start = initializer.length === 1 ? valueRange(scope, initializer[0]!, loop, depth + 1) : undefined;
  const update = clause.field("update")?.text().replace(/\s+/g, "") ?? "";
  if (!start || !(update === `${name}++` || new RegExp(`^${name}\\+=\\d+$`).test(update))) return undefined;
  const condition = clause.field("condition");
  if (!condition || (condition.kind() as string) !== "binary_expression") return undefined;
  const operator = condition.field("operator")?.text();
  if (operator !== "<" && operator !== "<=") return undefined;
  // the left side is the variable plus a constant: `i`, `i+1`
  const left = condition.field("left")?.text().replace(/\s+/g, "") ?? "";
  const offset = new RegExp(`^${name}(?:\\+(\\d+))?$`).exec(left);
  if (!offset) return undefined;
  const bound = valueRange(scope, condition.field("right"), loop, depth + 1);
  if (!bound) return undefined;
  const high = bound[1] - Number(offset[1] ?? 0) - (operator === "<" ? 1 : 0);
  return high < start[0] ? undefined : [start[0], high];
}

/** `var a [10]int` (an array) and `var s []int` (a nil slice) declared in the function body. */
function declaredContainers(body: SgNode, fn: SgNode): SizedSlice[] {
  const out: SizedSlice[] = [];
  for (const spec of body.findAll({ rule: { kind: "var_spec" } }).slice(0, MAX_DECLARATIONS)) {
    if (ownerFunction(spec)?.id() !== fn.id() || spec.field("value")) continue;
    const names = spec.children().filter((child) => (child.kind() as string) === "identifier");
    const type = spec.field("type");
    if (names.length !== 1 || !type) continue;
    const after = spec.range().end.index;
    if ((type.kind() as string) === "array_type") {
      const length = intValue(type.field("length"));
      if (length !== undefined) out.push({ name: names[0]!.text(), length, capacity: length, after });
    } else if ((type.kind() as string) === "slice_type")
      out.push({ name: names[0]!.text(), length: 0, capacity: 0, after });
  }
  return out;
}

/** `x := s[lo:hi]` of a sized slice: length `hi - lo`, capacity `cap(s) - lo`. */
function derivedSlice(scope: Scope, declaration: SgNode): SizedSlice | undefined {
  const names = namedChildren(declaration.field("left"));
  const values = namedChildren(declaration.field("right"));
  if (names.length !== 1 || values.length !== 1 || (values[0]!.kind() as string) !== "slice_expression")
    return undefined;
  const value = values[0]!;
  const base = sizeAt(scope, value.field("operand")?.text() ?? "", declaration.range().start.index);
  if (!base) return undefined;
  const bound = (field: string, fallback: number) => {
    const node = value.field(field);
    return node ? intValue(node) : fallback;
  };
  const low = bound("start", 0);
  const high = bound("end", base.length);
  const capacity = bound("capacity", base.capacity);
  if (low === undefined || high === undefined || capacity === undefined) return undefined;
  if (high > base.capacity || capacity > base.capacity) return undefined; // that access is the finding
  return {
    name: names[0]!.text(),
    length: high - low,
    capacity: capacity - low,
    after: declaration.range().end.index,
  };
}

function check(model: SastModel, report: (node: SgNode, message: string) => void): void {
  if (model.language !== "go" || !(PREFILTER.test(model.file.text) || NIL_SLICE.test(model.file.text)))
    return;
  const functions = model.root.findAll({
    rule: {
      any: [{ kind: "function_declaration" }, { kind: "method_declaration" }, { kind: "func_literal" }],
    },
  });
  const scopes: Scope[] = [];
  for (const fn of functions.slice(0, MAX_FUNCTIONS)) {
    const body = fn.field("body");
    if (!body) continue;
    const bodyText = body.text();
    if (!mayHaveFinding(bodyText)) continue;
    const scope: Scope = { fn, bodyText, slices: [], constants: new Map(), loops: new Map() };
    // a nested function literal is judged on its own: its declarations are not this function's
    const declarations = body
      .findAll({
        // a literal size (`make([]T, 4)`, `[]T{…}`) or a slice of another slice (`x := s[:4]`)
        rule: {
          kind: "short_var_declaration",
          regex: ":=\\s*(?:make\\(\\s*\\[\\]|\\[\\]|[\\w.]+\\[[^\\]]*:)",
        },
      })
      .filter((declaration) => ownerFunction(declaration)?.id() === fn.id())
      .slice(0, MAX_DECLARATIONS);
    for (const container of declaredContainers(body, fn)) {
      if (!resized(bodyText, container.name, 0)) scope.slices.push(container);
    }
    for (const declaration of declarations) {
      const slice = sizedSlice(declaration) ?? derivedSlice(scope, declaration);
      if (!slice) continue;
      // any other declaration of the name (shadowing, a second make) counts as a resize, except
      // plain reassignments with a literal size in the function's own block: `s = make([]byte, 0)`
      const reassigned = sizedReassignments(body, fn, slice);
      if (reassigned === undefined || resized(bodyText, slice.name, 1 + reassigned.length)) continue;
      scope.slices.push(slice, ...reassigned);
    }
    if (scope.slices.length === 0) continue;
    scopes.push(scope);
    checkAccesses(model, scope, body, report);
  }
  checkParameters(model, functions, scopes, report);
}

/** The indexes and slice expressions of the function that reach beyond the scope's known sizes. */
function checkAccesses(
  model: SastModel,
  scope: Scope,
  body: SgNode,
  report: (node: SgNode, message: string) => void,
): void {
  const fn = scope.fn;
  const accesses = body.findAll({
    rule: { any: [{ kind: "index_expression" }, { kind: "slice_expression" }] },
  });
  for (const access of accesses.slice(0, MAX_ACCESSES)) {
    const operand = access.field("operand");
    const slice = sizeAt(scope, operand?.text() ?? "", access.range().start.index);
    if (!slice) continue;
    const indexText = access.text().slice((operand?.text() ?? "").length);
    if (isDead(model, access.range().start.index) || guardedByLength(access, fn, slice.name, indexText))
      continue;
    const passed = slice.origin ? ` (${slice.origin} passes it)` : "";
    if ((access.kind() as string) === "index_expression") {
      const index = access.field("index");
      const range = valueRange(scope, index, access);
      if (!range) continue;
      const shown = index?.text() ?? "";
      if (range[1] >= slice.length)
        report(
          access,
          /^\d+$/.test(shown)
            ? `index ${shown} is out of range: \`${slice.name}\` has length ${slice.length}${passed}`
            : `index \`${shown}\` can reach ${range[1]}, out of range: \`${slice.name}\` has length ${slice.length}${passed}`,
        );
      else if (range[0] < 0) report(access, `index \`${shown}\` can be ${range[0]}: negative indexes panic`);
      continue;
    }
    const ranges = ["start", "end", "capacity"]
      .map((field) => access.field(field))
      .filter((node): node is SgNode => node !== null)
      .map((node) => valueRange(scope, node, access));
    if (ranges.some((range) => range === undefined)) continue;
    const high = Math.max(-1, ...ranges.map((range) => range![1]));
    if (high > slice.capacity)
      report(
        access,
        `slice bound ${high} is out of range: \`${slice.name}\` has capacity ${slice.capacity}${passed}`,
      );
  }
}

/**
 * A slice parameter of a plain function of the file, judged with the smallest size a call in the
 * file passes it: `doStuff(s)` after `s := make([]int, 0, 4)` makes `x[:10]` in `doStuff(x []int)`
 * a panic for that call, whatever other callers pass. Only names of known size count as arguments,
 * and the function must not reassign, append to or measure (`len`, `cap`) its parameter.
 */
function checkParameters(
  model: SastModel,
  functions: readonly SgNode[],
  scopes: readonly Scope[],
  report: (node: SgNode, message: string) => void,
): void {
  const declared = new Map<string, SgNode | null>();
  for (const fn of functions.slice(0, MAX_FUNCTIONS)) {
    if ((fn.kind() as string) !== "function_declaration") continue;
    const name = fn.field("name")?.text() ?? "";
    declared.set(name, declared.has(name) ? null : fn);
  }
  // per callee and parameter: the smallest size passed, and the call that passed it
  const passed = new Map<SgNode, Map<string, SizedSlice>>();
  for (const scope of scopes) {
    const calls = scope.fn.field("body")?.findAll({ rule: { kind: "call_expression" } }) ?? [];
    for (const call of calls.slice(0, MAX_ACCESSES)) {
      const callee = declared.get(call.field("function")?.text() ?? "");
      if (!callee || ownerFunction(call)?.id() !== scope.fn.id()) continue;
      const args = namedChildren(call.field("arguments"));
      sliceParameters(callee).forEach((name, position) => {
        const arg = args[position];
        if (!name || (arg?.kind() as string) !== "identifier") return;
        const size = sizeAt(scope, arg!.text(), call.range().start.index);
        if (!size) return;
        const known = passed.get(callee) ?? new Map<string, SizedSlice>();
        const smallest = known.get(name);
        if (!smallest || size.capacity < smallest.capacity || size.length < smallest.length) {
          const line = call.range().start.line + 1;
          known.set(name, {
            name,
            length: Math.min(size.length, smallest?.length ?? size.length),
            capacity: Math.min(size.capacity, smallest?.capacity ?? size.capacity),
            after: 0,
            origin: `the call \`${call.text().slice(0, 60)}\` on line ${line}`,
          });
        }
        passed.set(callee, known);
      });
    }
  }
  for (const [fn, parameters] of passed) {
    const body = fn.field("body");
    if (!body) continue;
    const bodyText = body.text();
    // a function that measures its parameter (`if len(b) < 16 { return }`) checks for itself
    const slices = [...parameters.values()].filter(
      (slice) =>
        !resized(bodyText, slice.name, 0) &&
        !new RegExp(`\\b(?:len|cap)\\(\\s*${slice.name}\\s*\\)`).test(bodyText),
    );
    if (slices.length === 0) continue;
    checkAccesses(model, { fn, bodyText, slices, constants: new Map(), loops: new Map() }, body, report);
  }
}

/** The names of a function's parameters by position, `undefined` where the type is not a slice. */
function sliceParameters(fn: SgNode): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  for (const declaration of namedChildren(fn.field("parameters"))) {
    if ((declaration.kind() as string) !== "parameter_declaration") return [];
    const names = declaration.children().filter((child) => (child.kind() as string) === "identifier");
    const slice = (declaration.field("type")?.kind() as string) === "slice_type";
    for (const name of names) out.push(slice ? name.text() : undefined);
  }
  return out;
}

/**
 * `s = make([]T, n)` / `s = []T{…}` statements of the function's own block after the declaration:
 * each starts a new known size. Undefined when any other assignment of the name exists.
 */
function sizedReassignments(body: SgNode, fn: SgNode, slice: SizedSlice): SizedSlice[] | undefined {
  const out: SizedSlice[] = [];
  for (const assignment of body.findAll({
    rule: { kind: "assignment_statement", regex: `^${slice.name}\\s*=` },
  })) {
    // a statement of the function's own block (grammars wrap its statements in a statement_list)
    const parent = assignment.parent();
    const block = (parent?.kind() as string) === "statement_list" ? parent?.parent() : parent;
    if (ownerFunction(assignment)?.id() !== fn.id() || block?.id() !== body.id()) continue;
    const sized = sizedSlice(assignment);
    if (!sized) continue;
    out.push(sized);
  }
  return out;
}

export const uncheckedSliceBounds = {
  ...defineFileRule<SastModel>({
    id: "sast/unchecked-slice-bounds",
    analyzer: "sast",
    title: "Constant index beyond a slice's fixed length (Go)",
    severity: "med",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [129, 125],
    controls: [],
    fixable: false,
    docs: {
      summary:
        "Go: a function creates a slice with a literal size (`make([]T, 4)`, `make([]T, 0, 8)`, `[]T{a, b}`), never reassigns or appends to it, and then indexes it with a constant at or beyond its length, or slices it beyond its capacity. A slice parameter of a function is judged with the smallest such slice a call in the file passes it (`doStuff(s)` after `s := make([]int, 0, 4)`), unless the function reassigns, appends to or measures it (`len`, `cap`). Accesses inside a `len(s)` test, in dead branches, and slices whose size is not a literal are not reported.",
      whyItMatters:
        "The compiler only rejects out-of-range constants for arrays; on a slice the access compiles and panics at run time. A request that reaches it crashes the goroutine, or the whole server when nothing recovers (denial of service).",
      remediation:
        "Size the slice for the indexes the code uses, or test `len(s)` before reading; use `append` to grow a slice instead of writing past its length.",
      example: "buf := make([]byte, 8)\nbinary.BigEndian.PutUint64(buf, id)\nlast := buf[len(buf)-1]",
    },
    check(ctx) {
      try {
        check(ctx.model, (node, message) => {
          ctx.report({
            message,
            at: spanOf(node),
            properties: { category },
          });
        });
      } catch {
        // a rule never throws on hostile input: an unexpected tree shape yields no finding
      }
    },
  }),
  category,
};
