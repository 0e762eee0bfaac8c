// Statements that run one of several arms, or a body zero or more times: `if`/`else`, `switch`,
// loops. The taint engine orders events by position, so an assignment in one arm would otherwise
// hide what another arm (or the code before the statement) left in a variable. Here: which arm
// an event is in, whether a read sees it, and which statement's arms a read after it must merge.
import type { SgNode } from "@ast-grep/napi";
import { constantValue } from "./dead-code.ts";
import { deadSwitchGroups, javaResolver, type Resolver } from "./java-constants.ts";
import type { SastModel } from "./model.ts";

export interface Span {
  start: number;
  end: number;
}

export interface Conditional extends Span {
  /** The parts of which at most one runs (an `if`'s branches, a switch's case groups, a loop's body). */
  arms: Span[];
  /** One arm always runs (a final `else`, a `default`); otherwise the value before may remain. */
  exhaustive: boolean;
  /** The innermost conditional around this one, or -1. */
  parent: number;
}

/** Where an event sits: each conditional around it, innermost first, with the arm it is in. */
export type ArmChain = readonly { conditional: number; arm: number }[];

/** Python's `elif`/`else` are clauses of the `if`; the other grammars nest `else if`. */
const PYTHON_CLAUSES = new Set(["elif_clause", "else_clause"]);
/** Case groups of the grammars' switch bodies (Java, JavaScript, Go, Python `match`). */
const CASE_GROUPS = new Set([
  "switch_block_statement_group",
  "switch_rule",
  "switch_case",
  "switch_default",
  "expression_case",
  "type_case",
  "default_case",
  "communication_case",
  "case_clause",
]);
const DEFAULT_GROUP = /^(?:default\b|case\s+_\s*:)/;

function spanOf(node: SgNode): Span {
  const range = node.range();
  return { start: range.start.index, end: range.end.index };
}

/**
 * The conditionals among `nodes` (if, loop and switch statements of the regions the taint index
 * covers), sorted by start with their parents. A statement whose condition is a constant is none:
 * the branch it takes always runs and the other is dead code (`dead-code.ts`).
 */
export function conditionalsOf(
  model: SastModel,
  nodes: readonly { node: SgNode; kind: string }[],
): Conditional[] {
  const conditionals: Conditional[] = [];
  if (nodes.length === 0) return conditionals;
  let resolve: Resolver | undefined;
  const resolver = () => {
    if (model.language === "java") resolve ??= javaResolver(model.file.text);
    return resolve;
  };
  const loops = new Set(model.spec.kinds.loops ?? []);
  const switches = new Set(model.spec.kinds.switches ?? []);
  for (const { node, kind } of nodes) {
    let conditional: Omit<Conditional, "parent"> | undefined;
    if (loops.has(kind)) {
      const body = node.field("body");
      if (body) conditional = { ...spanOf(node), arms: [spanOf(body)], exhaustive: false };
    } else if (switches.has(kind)) {
      const resolve = resolver();
      if (resolve && deadSwitchGroups(node, resolve).length > 0) continue; // a switch on a constant
      const body = node.field("body") ?? node;
      const groups = body.children().filter((child) => CASE_GROUPS.has(child.kind() as string));
      if (groups.length > 0)
        conditional = {
          ...spanOf(node),
          arms: groups.map(spanOf),
          exhaustive: groups.some((group) => DEFAULT_GROUP.test(group.text().trimStart())),
        };
    } else {
      const condition = node.field("condition");
      const consequence = node.field("consequence") ?? node.field("body");
      if (!condition || !consequence || constantValue(condition.text(), resolver()) !== undefined) continue;
      const arms = [spanOf(consequence)];
      const alternative = node.field("alternative");
      let exhaustive = false;
      if (alternative && !PYTHON_CLAUSES.has(alternative.kind() as string)) {
        arms.push(spanOf(alternative));
        exhaustive = true;
      } else
        for (const clause of node.children()) {
          const clauseKind = clause.kind() as string;
          if (!PYTHON_CLAUSES.has(clauseKind)) continue;
          const clauseBody = clause.field("consequence") ?? clause.field("body") ?? clause;
          arms.push(spanOf(clauseBody));
          if (clauseKind === "else_clause") exhaustive = true;
        }
      conditional = { ...spanOf(node), arms, exhaustive };
    }
    if (conditional) conditionals.push({ ...conditional, parent: -1 });
  }
  conditionals.sort((a, b) => a.start - b.start || b.end - a.end);
  const open: number[] = [];
  for (let i = 0; i < conditionals.length; i++) {
    const conditional = conditionals[i]!;
    while (open.length > 0 && conditionals[open.at(-1)!]!.end <= conditional.start) open.pop();
    conditional.parent = open.at(-1) ?? -1;
    open.push(i);
  }
  return conditionals;
}

/** The conditionals around a position, innermost first, with the arm it is in (none: -1). */
export function armChain(conditionals: readonly Conditional[], at: number): ArmChain {
  if (conditionals.length === 0) return [];
  // the last conditional starting at or before `at`: every one around `at` is it or an ancestor
  let low = 0;
  let high = conditionals.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (conditionals[middle]!.start <= at) low = middle + 1;
    else high = middle;
  }
  const chain: { conditional: number; arm: number }[] = [];
  for (let current = low - 1; current !== -1; current = conditionals[current]!.parent) {
    const conditional = conditionals[current]!;
    if (at >= conditional.end) continue;
    chain.push({
      conditional: current,
      arm: conditional.arms.findIndex((arm) => arm.start <= at && at < arm.end),
    });
  }
  return chain;
}

/**
 * The context of a read at the end of arm `arm` of a conditional: inside that arm, after every
 * statement nested in it (so their arms are merged too), and inside what contains the conditional.
 */
export function armEnd(conditionals: readonly Conditional[], conditional: number, arm: number): ArmChain {
  const around = armChain(conditionals, conditionals[conditional]!.start).filter(
    (link) => link.conditional !== conditional,
  );
  return [{ conditional, arm }, ...around];
}

/**
 * Whether a read in `context` can see an event with this chain: not when the event is in another
 * arm of a conditional the read is inside (the other branch of the same `if`, another case group).
 * An event of a condition or loop header (arm -1) always runs first.
 */
export function visibleFrom(chain: ArmChain, context: ArmChain): boolean {
  for (const { conditional, arm } of chain) {
    if (arm === -1) continue;
    const reader = context.find((link) => link.conditional === conditional);
    if (reader && reader.arm !== arm) return false;
  }
  return true;
}

/**
 * The conditional whose arms a read must merge for an event with this chain: the outermost one
 * around the event that the read is not inside (it comes after it). Undefined when the read is in
 * the same arm of every conditional around the event.
 */
export function mergeTarget(chain: ArmChain, context: ArmChain): number | undefined {
  let target: number | undefined;
  for (const { conditional, arm } of chain) {
    if (arm === -1) continue;
    if (!context.some((link) => link.conditional === conditional)) target = conditional;
  }
  return target;
}
