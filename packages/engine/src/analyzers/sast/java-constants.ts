// Java locals whose value is fixed in the file (`int num = 106;`, `String guess = "ABC";`,
// `char target = guess.charAt(2);`) and the case groups of a `switch` on such a value that never
// run: benchmarks hide sinks behind `if ((7 * 18) + num > 200)` and `switch (target)`.
import type { SgNode } from "@ast-grep/napi";
import { type Constant, constantOf } from "./dead-code.ts";

/** A name's value when it is declared once in the file with a literal and never assigned again. */
export type Resolver = (name: string) => Constant | undefined;

const LITERAL = /^(?:-?\d+|"[^"\\]*"|'[^'\\]')$/;
const CHAR_AT = /^(?:"([^"\\]*)"|([A-Za-z_]\w*))\.charAt\(\s*(\d+)\s*\)$/;

/** `int num = 106;`, `String guess = "ABC";`, `char c = guess.charAt(2);`: name and value. */
const INITIALISED =
  /(?<![\w.])(?:final\s+)?(?:int|long|short|byte|char|String)\s+([A-Za-z_]\w*)\s*=\s*(-?\d+|"[^"\\\n]*"|'[^'\\]'|(?:"[^"\\\n]*"|[A-Za-z_]\w*)\.charAt\(\s*\d+\s*\))\s*;/g;
/** A name after a word on its line: `Type name` (declarations, parameters); over-counting only makes a name unknown. */
const DECLARATION = /(?<=(?<![\w.])[A-Za-z_][\w<>[\].]*[ \t]+)([A-Za-z_]\w*)\b(?!\s*\()/g;
/** `name = …`, `name += …`, `name++`, `--name`. */
const WRITE = /(?<![\w.])([A-Za-z_]\w*)\s*(?:[-+*/%&|^]?=(?!=)|\+\+|--)|(?:\+\+|--)\s*([A-Za-z_]\w*)/g;

function counts(text: string, pattern: RegExp): Map<string, number> {
  const found = new Map<string, number>();
  for (const match of text.matchAll(pattern)) {
    const name = match[1] ?? match[2]!;
    found.set(name, (found.get(name) ?? 0) + 1);
  }
  return found;
}

/** One pass per table over the file, then lookups: the file may have thousands of locals. */
export function javaResolver(text: string): Resolver {
  const initialised = new Map<string, string>();
  for (const match of text.matchAll(INITIALISED)) initialised.set(match[1]!, match[2]!);
  if (initialised.size === 0) return () => undefined;
  const declarations = counts(text, DECLARATION);
  const writes = counts(text, WRITE);
  const known = new Map<string, Constant | undefined>();
  const resolve = (name: string, depth: number): Constant | undefined => {
    const value = initialised.get(name);
    if (value === undefined || declarations.get(name) !== 1 || writes.get(name) !== 1) return undefined;
    if (known.has(name)) return known.get(name);
    known.set(name, undefined); // a cycle resolves to nothing
    const result = depth > 3 ? undefined : fixedValue(value, (other) => resolve(other, depth + 1));
    known.set(name, result);
    return result;
  };
  return (name) => resolve(name, 0);
}

function fixedValue(value: string, resolve: Resolver): Constant | undefined {
  if (LITERAL.test(value)) return constantOf(value);
  const charAt = CHAR_AT.exec(value);
  if (!charAt) return undefined;
  const base = charAt[1] ?? resolve(charAt[2]!);
  return typeof base === "string" ? base[Number(charAt[3])] : undefined;
}

/** The case groups of a `switch` on a constant that never run, or nothing when unsure. */
export function deadSwitchGroups(node: SgNode, resolve: Resolver): SgNode[] {
  const condition = node.field("condition");
  const body = node.field("body");
  if (!condition || !body) return [];
  const value = constantOf(condition.text(), resolve);
  if (value === undefined || value === null || typeof value === "boolean") return [];
  const groups = body
    .children()
    .filter((child) => child.kind() === "switch_block_statement_group" || child.kind() === "switch_rule");
  let matched: SgNode | undefined;
  let fallback: SgNode | undefined;
  for (const group of groups) {
    for (const label of group.children().filter((child) => child.kind() === "switch_label")) {
      const labelText = label.text().trim();
      if (labelText === "default") {
        fallback = group;
        continue;
      }
      for (const part of labelText.replace(/^case\b/, "").split(",")) {
        const labelValue = constantOf(part.trim(), resolve);
        if (labelValue === undefined) return []; // an enum or a named constant: unsure
        if (labelValue === value && !matched) matched = group;
      }
    }
  }
  const first = matched ?? fallback;
  if (!first) return groups; // no case matches and there is no default: nothing runs
  // A group falls through into the next one unless it ends in break/return/throw/continue:
  // the live groups run from the matched one to the first that exits.
  const live: SgNode[] = [];
  for (let i = groups.indexOf(first); i < groups.length; i++) {
    const group = groups[i]!;
    live.push(group);
    if (group.kind() === "switch_rule") break;
    const statements = group.children().filter((child) => child.isNamed() && child.kind() !== "switch_label");
    const last = statements.at(-1)?.kind() as string | undefined;
    if (last && /^(?:break|return|throw|continue|yield)_statement$/.test(last)) break;
    if (i === groups.length - 1) break;
  }
  return groups.filter((group) => !live.includes(group));
}
