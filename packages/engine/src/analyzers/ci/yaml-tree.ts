// The workflow analyzer's view of a YAML document: the shared positioned tree
// (`parse/yaml-tree.ts`) with what GitHub's reading adds: every scalar's text as GitHub reads it and
// the `${{ … }}` expressions of every string, found in the raw source (so an expression inside a
// `run: |` or `run: >` block keeps the line it is written on).
import type { ScalarStyle, YamlNode as TreeNode } from "../../parse/yaml-tree.ts";
import type { SourceFile } from "../../source.ts";

export interface Position {
  line: number;
  column: number;
}

export interface Expression extends Position {
  /** The text between `${{` and `}}`, whitespace collapsed. */
  text: string;
}

interface Base extends Position {
  /** File index of the node's first character and one past its value. */
  index: number;
  end: number;
}

export interface YamlScalar extends Base {
  kind: "scalar";
  value: string | number | boolean | null;
  /** The value as GitHub reads it: strings as is, other scalars as their YAML text. */
  text: string;
  style: ScalarStyle;
  expressions: Expression[];
}

export interface YamlEntry {
  key: string;
  /** Position of the key; findings about a missing or wrong value point here. */
  at: Position;
  keyIndex: number;
  value: YamlNode | null;
}

export interface YamlMap extends Base {
  kind: "map";
  flow: boolean;
  entries: YamlEntry[];
}

export interface YamlSeq extends Base {
  kind: "seq";
  flow: boolean;
  items: YamlNode[];
}

export type YamlNode = YamlScalar | YamlMap | YamlSeq;

/**
 * Every `${{ … }}` of a text, in one linear pass: a lazy regex rescans the rest of the text for
 * each unclosed `${{`, which is quadratic on hostile input (a scalar of many `${{` and no `}}`).
 */
export function expressionSpans(text: string): { index: number; inner: string }[] {
  const spans: { index: number; inner: string }[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf("${{", from);
    if (open === -1) break;
    const close = text.indexOf("}}", open + 3);
    if (close === -1) break; // no `}}` anywhere after: no later `${{` can close either
    spans.push({ index: open, inner: text.slice(open + 3, close) });
    from = close + 2;
  }
  return spans;
}

export function workflowTree(file: SourceFile, node: TreeNode): YamlNode {
  const base = { index: node.start, end: node.end, line: node.line, column: node.column };
  if (node.kind === "map") {
    const entries = node.entries.map(
      (entry): YamlEntry => ({
        key: entry.key,
        at: { line: entry.keyLine, column: entry.keyColumn },
        keyIndex: entry.keyStart,
        value: workflowTree(file, entry.value),
      }),
    );
    return { kind: "map", flow: node.flow, entries, ...base };
  }
  if (node.kind === "seq")
    return {
      kind: "seq",
      flow: node.flow,
      items: node.items.map((item) => workflowTree(file, item)),
      ...base,
    };
  const value = node.value;
  const expressions: Expression[] = [];
  if (typeof value === "string" && value.includes("${{")) {
    const raw = file.text.slice(node.start, node.end);
    for (const match of expressionSpans(raw)) {
      expressions.push({
        text: match.inner.replace(/\s+/g, " ").trim(),
        ...file.positionAt(node.start + match.index),
      });
    }
  }
  return {
    kind: "scalar",
    value,
    text: typeof value === "string" ? value : file.text.slice(node.start, node.end),
    style: node.style,
    expressions,
    ...base,
  };
}

export function entry(node: YamlNode | null | undefined, key: string): YamlEntry | undefined {
  return node?.kind === "map" ? node.entries.find((item) => item.key === key) : undefined;
}

export function child(node: YamlNode | null | undefined, key: string): YamlNode | null {
  return entry(node, key)?.value ?? null;
}

/** A scalar child's text, or undefined when absent or not a scalar. */
export function text(node: YamlNode | null | undefined, key: string): string | undefined {
  const value = child(node, key);
  return value?.kind === "scalar" ? value.text : undefined;
}

export function asScalar(node: YamlNode | null | undefined): YamlScalar | null {
  return node?.kind === "scalar" ? node : null;
}

/** The scalars under each map or sequence already asked for: several rules walk the same job or workflow. */
const scalarsUnder = new WeakMap<YamlNode, readonly YamlScalar[]>();

/**
 * Every scalar under a node, depth first. A list, not a recursive generator: `yield*` re-yields each
 * scalar through every level above it, which made the walk the costliest part of several rules.
 */
export function scalars(node: YamlNode | null | undefined): readonly YamlScalar[] {
  if (!node) return [];
  if (node.kind === "scalar") return [node];
  const cached = scalarsUnder.get(node);
  if (cached) return cached;
  const out: YamlScalar[] = [];
  // Children are pushed last first, so they are popped in document order.
  const stack: YamlNode[] = [node];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if (current.kind === "scalar") out.push(current);
    else if (current.kind === "map") {
      for (let index = current.entries.length - 1; index >= 0; index--) {
        const value = current.entries[index]!.value;
        if (value) stack.push(value);
      }
    } else for (let index = current.items.length - 1; index >= 0; index--) stack.push(current.items[index]!);
  }
  scalarsUnder.set(node, out);
  return out;
}
