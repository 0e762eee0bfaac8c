// A positioned, plain view of a YAML document: maps, sequences and scalars with file indexes, and
// the `${{ … }}` expressions of every string found in the raw source (so an expression inside a
// `run: |` or `run: >` block keeps the line it is written on). Built once from `yaml` 2.x nodes.
import { type Document, isAlias, isMap, isScalar, isSeq, type Node, Scalar } from "yaml";
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
  /** `PLAIN`, `QUOTE_DOUBLE`, `QUOTE_SINGLE`, `BLOCK_LITERAL`, `BLOCK_FOLDED`. */
  style: string;
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

const EXPRESSION = /\$\{\{([\s\S]*?)\}\}/g;
const MAX_DEPTH = 64;
/** Aliases are expanded, so a billion-laughs document must stop somewhere. */
const MAX_NODES = 200_000;

export class TooDeep extends Error {}

export function buildTree(file: SourceFile, document: Document): YamlNode | null {
  const contents = document.contents as Node | null;
  const budget = { nodes: 0 };
  return contents ? convert(file, document, contents, 0, budget) : null;
}

function convert(
  file: SourceFile,
  document: Document,
  node: unknown,
  depth: number,
  budget: { nodes: number },
): YamlNode | null {
  if (depth > MAX_DEPTH) throw new TooDeep("YAML nested too deeply");
  if (++budget.nodes > MAX_NODES)
    throw new TooDeep(`more than ${MAX_NODES} YAML nodes after expanding aliases`);
  let target = node;
  if (isAlias(target)) target = target.resolve(document);
  if (!target || typeof target !== "object") return null;
  const range = (target as Node).range ?? [0, 0, 0];
  const base = { index: range[0], end: range[1], ...file.positionAt(range[0]) };
  if (isMap(target)) {
    const entries: YamlEntry[] = [];
    for (const pair of target.items) {
      const key = pair.key as Node | null;
      const keyValue = isScalar(key) ? key.value : null;
      if (keyValue === null || keyValue === undefined || typeof keyValue === "object") continue;
      const keyIndex = key?.range?.[0] ?? range[0];
      entries.push({
        key: String(keyValue),
        at: file.positionAt(keyIndex),
        keyIndex,
        value: convert(file, document, pair.value, depth + 1, budget),
      });
    }
    return { kind: "map", flow: target.flow === true, entries, ...base };
  }
  if (isSeq(target)) {
    const items: YamlNode[] = [];
    for (const item of target.items) {
      const converted = convert(file, document, item, depth + 1, budget);
      if (converted) items.push(converted);
    }
    return { kind: "seq", flow: target.flow === true, items, ...base };
  }
  if (isScalar(target)) {
    const value = target.value;
    const plain =
      value === null || value === undefined
        ? null
        : typeof value === "string" || typeof value === "number" || typeof value === "boolean"
          ? value
          : String(value);
    const text = typeof plain === "string" ? plain : (target.source ?? (plain === null ? "" : String(plain)));
    const expressions: Expression[] = [];
    if (typeof plain === "string" && plain.includes("${{")) {
      const raw = file.text.slice(range[0], range[1]);
      for (const match of raw.matchAll(EXPRESSION)) {
        expressions.push({
          text: match[1]!.replace(/\s+/g, " ").trim(),
          ...file.positionAt(range[0] + match.index!),
        });
      }
    }
    return {
      kind: "scalar",
      value: plain,
      text,
      style: String(target.type ?? Scalar.PLAIN),
      expressions,
      ...base,
    };
  }
  return null;
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

/** Every scalar under a node, depth first. */
export function* scalars(node: YamlNode | null | undefined): Generator<YamlScalar> {
  if (!node) return;
  if (node.kind === "scalar") yield node;
  else if (node.kind === "map") for (const item of node.entries) yield* scalars(item.value);
  else for (const item of node.items) yield* scalars(item);
}
