// Java locals whose value is fixed in the file (`int num = 106;`, `String guess = "ABC";`,
// `char target = guess.charAt(2);`) and the case groups of a `switch` on such a value that never
// run: benchmarks hide sinks behind `if ((7 * 18) + num > 200)` and `switch (target)`.
import type { SgNode } from "@ast-grep/napi";
import { type Constant, constantOf } from "./dead-code.ts";

/** A name's value when it is declared once in the file with a literal and never assigned again. */
export type Resolver = (name: string) => Constant | undefined;

const LITERAL = /^(?:-?\d+|"[^"\\]*"|'[^'\\]')$/;
const CHAR_AT = /^(?:"([^"\\]*)"|([A-Za-z_]\w*))\.charAt\(\s*(\d+)\s*\)$/;

/** Locals initialised with a literal or a `charAt`: the only names worth the whole-file checks. */
const CANDIDATE =
  /(?<![\w.])(?:int|long|short|byte|char|String)\s+([A-Za-z_]\w*)\s*=\s*(?:-?\d|"|'|[A-Za-z_]\w*\.charAt\()/g;

export function javaResolver(text: string): Resolver {
  const candidates = new Set([...text.matchAll(CANDIDATE)].map((match) => match[1]!));
  const known = new Map<string, Constant | undefined>();
  const resolve = (name: string, depth: number): Constant | undefined => {
    if (!candidates.has(name)) return undefined;
    if (known.has(name)) return known.get(name);
    known.set(name, undefined); // a cycle resolves to nothing
    const value = depth > 3 ? undefined : fixedValue(text, name, (other) => resolve(other, depth + 1));
    known.set(name, value);
    return value;
  };
  return (name) => resolve(name, 0);
}

function fixedValue(text: string, name: string, resolve: Resolver): Constant | undefined {
  if (!/^[A-Za-z_]\w*$/.test(name) || name.length > 64) return undefined;
  // exactly one declaration (`Type name`, parameters included) and one assignment in the file
  const declarations = text.match(
    new RegExp(`(?<![\\w.])[A-Za-z_][\\w<>\\[\\].]*\\s+${name}\\b(?!\\s*\\()`, "g"),
  );
  const writes = text.match(
    new RegExp(`(?<![\\w.])${name}\\s*(?:[-+*/%&|^]?=(?!=)|\\+\\+|--)|(?:\\+\\+|--)\\s*${name}\\b`, "g"),
  );
  if (declarations?.length !== 1 || writes?.length !== 1) return undefined;
  const declaration = new RegExp(
    `(?<![\\w.])(?:final\\s+)?(?:int|long|short|byte|char|String)\\s+${name}\\s*=\\s*([^;]{1,80});`,
  ).exec(text);
  const value = declaration?.[1]?.trim();
  if (!value) return undefined;
  if (LITERAL.test(value)) return constantOf(value);
  const charAt = CHAR_AT.exec(value);
  if (!charAt) return undefined;
  const base = charAt[1] ?? resolve(charAt[2]!);
  if (typeof base !== "string") return undefined;
  const char = base[Number(charAt[3])];
  return char;
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
