// Go: a constant index or slice bound beyond the length (or capacity) of a slice whose size the
// same function fixed with a literal (`make([]T, 4)`, `[]T{a, b}`) and never changed. The compiler
// rejects such indexes only for arrays; for slices they compile and panic at run time. Sizes that
// are not literals, slices reassigned or appended to, and accesses guarded by a `len(s)` test are
// not judged: the length is then not statically visible.
import type { SgNode } from "@ast-grep/napi";
import { defineFileRule } from "../../../rule.ts";
import { isDead } from "../dead-code.ts";
import type { Category } from "../languages/types.ts";
import { type SastModel, spanOf } from "../model.ts";

const category: Category = "security";

/** Bounds on hostile input: functions examined per file, declarations per function. */
const MAX_FUNCTIONS = 5_000;
const MAX_DECLARATIONS = 500;

/** Only files that fix a slice's size with a literal can have a finding. */
const PREFILTER = /\bmake\(\s*\[\]|\[\][\w.*]+\{/;

interface SizedSlice {
  name: string;
  /** Valid indexes are below `length`; slice bounds may reach `capacity`. */
  length: number;
  capacity: number;
  /** Where the declaration ends: only later accesses are judged. */
  after: number;
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
function resized(body: string, slice: SizedSlice, declarationCount: number): boolean {
  const name = slice.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const assignments = body.match(
    new RegExp(`(?:^|[^\\w.])${name}\\s*(?:,[^=\\n]*)?(?::=|=(?!=)|\\+=)`, "gm"),
  );
  if ((assignments?.length ?? 0) > declarationCount) return true;
  return new RegExp(`&${name}\\b|\\b${name}\\s*(?:,[^=\\n]*)?\\s*=\\s*append\\(`).test(body);
}

/** An `if` (or loop condition) between the access and the function that tests `len(name)`. */
function guardedByLength(node: SgNode, stop: SgNode, name: string): boolean {
  let current: SgNode | null = node.parent();
  for (let depth = 0; current && current.id() !== stop.id() && depth < 64; depth++) {
    const kind = current.kind() as string;
    if (kind === "if_statement" || kind === "for_statement") {
      const condition = current.field("condition")?.text() ?? "";
      if (condition.includes(`len(${name})`) || condition.includes(`cap(${name})`)) return true;
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

function check(model: SastModel, report: (node: SgNode, message: string) => void): void {
  if (model.language !== "go" || !PREFILTER.test(model.file.text)) return;
  const functions = model.root.findAll({
    rule: {
      any: [{ kind: "function_declaration" }, { kind: "method_declaration" }, { kind: "func_literal" }],
    },
  });
  for (const fn of functions.slice(0, MAX_FUNCTIONS)) {
    const body = fn.field("body");
    if (!body) continue;
    const bodyText = body.text();
    if (!PREFILTER.test(bodyText)) continue;
    // a nested function literal is judged on its own: its declarations are not this function's
    const declarations = body
      .findAll({ rule: { kind: "short_var_declaration", regex: ":=\\s*(?:make\\(\\s*\\[\\]|\\[\\])" } })
      .filter((declaration) => ownerFunction(declaration)?.id() === fn.id())
      .slice(0, MAX_DECLARATIONS);
    const slices: SizedSlice[] = [];
    for (const declaration of declarations) {
      const slice = sizedSlice(declaration);
      if (!slice) continue;
      // any other declaration of the name (shadowing, a second make) counts as a resize
      if (resized(bodyText, slice, 1)) continue;
      slices.push(slice);
    }
    if (slices.length === 0) continue;
    const accesses = body.findAll({
      rule: { any: [{ kind: "index_expression" }, { kind: "slice_expression" }] },
    });
    for (const access of accesses) {
      const operand = access.field("operand");
      const slice = slices.find((candidate) => candidate.name === operand?.text());
      if (!slice || access.range().start.index < slice.after) continue;
      if (isDead(model, access.range().start.index) || guardedByLength(access, fn, slice.name)) continue;
      if ((access.kind() as string) === "index_expression") {
        const index = intValue(access.field("index"));
        if (index !== undefined && index >= slice.length)
          report(access, `index ${index} is out of range: \`${slice.name}\` has length ${slice.length}`);
        continue;
      }
      const bounds = ["start", "end", "capacity"]
        .map((field) => intValue(access.field(field)))
        .filter((bound): bound is number => bound !== undefined);
      const high = Math.max(-1, ...bounds);
      if (high > slice.capacity)
        report(
          access,
          `slice bound ${high} is out of range: \`${slice.name}\` has capacity ${slice.capacity}`,
        );
    }
  }
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
        "Go: a function creates a slice with a literal size (`make([]T, 4)`, `make([]T, 0, 8)`, `[]T{a, b}`), never reassigns or appends to it, and then indexes it with a constant at or beyond its length, or slices it beyond its capacity. Accesses inside a `len(s)` test, in dead branches, and slices whose size is not a literal are not reported.",
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
