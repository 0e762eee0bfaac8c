// A positioned value tree built from `yaml`'s AST: maps, sequences and scalars, each with its
// 1-based line/column and UTF-16 range, and the tag it was written with (`!Ref`). Both the
// CloudFormation and the Kubernetes analyzers read files through it, so rules never see raw text.
import {
  type Document,
  type DocumentOptions,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type ParseOptions,
  parseAllDocuments,
  Scalar,
  type SchemaOptions,
} from "yaml";

interface Positioned {
  line: number;
  column: number;
  /** UTF-16 index of the node's first character in the file. */
  start: number;
  /** UTF-16 index just past the node's value. */
  end: number;
  /** The explicit tag as written, e.g. `!Ref`; absent for plain nodes. */
  tag?: string;
}

export interface YamlScalar extends Positioned {
  kind: "scalar";
  value: string | number | boolean | null;
  /** Written in quotes or as a block scalar: `"true"` is a string, not a boolean. */
  quoted: boolean;
}

export interface YamlEntry {
  key: string;
  keyLine: number;
  keyColumn: number;
  value: YamlNode;
}

export interface YamlMap extends Positioned {
  kind: "map";
  entries: YamlEntry[];
}

export interface YamlSeq extends Positioned {
  kind: "seq";
  items: YamlNode[];
}

export type YamlNode = YamlScalar | YamlMap | YamlSeq;

/** Limits that keep a hostile file from exhausting the worker. */
export const LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxDepth: 200,
  maxNodes: 500_000,
  maxAliasCount: 1_000,
};

class TreeLimit extends Error {}

/** The last entry of a key wins, as in every YAML loader that accepts duplicate keys. */
export function entryOf(node: YamlNode | undefined, key: string): YamlEntry | undefined {
  if (node?.kind !== "map") return undefined;
  for (let index = node.entries.length - 1; index >= 0; index--) {
    if (node.entries[index]!.key === key) return node.entries[index];
  }
  return undefined;
}

export function childOf(node: YamlNode | undefined, key: string): YamlNode | undefined {
  return entryOf(node, key)?.value;
}

/** A plain (untagged) scalar's value, or undefined. */
export function scalarOf(node: YamlNode | undefined): string | number | boolean | null | undefined {
  return node?.kind === "scalar" && node.tag === undefined ? node.value : undefined;
}

export function stringOf(node: YamlNode | undefined): string | undefined {
  const value = scalarOf(node);
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}

export interface BuildOptions {
  customTags?: SchemaOptions["customTags"];
}

export type TreeResult = { ok: true; documents: YamlNode[] } | { ok: false; reason: string };

/** Parses every document of a YAML (or JSON) text into positioned trees; never throws. */
export function parseYamlTrees(text: string, options: BuildOptions = {}): TreeResult {
  if (text.length > LIMITS.maxBytes)
    return { ok: false, reason: `file too large (${text.length} characters)` };
  const lineCounter = new LineCounter();
  let documents: Document.Parsed[];
  try {
    const parseOptions: ParseOptions & DocumentOptions & SchemaOptions = {
      lineCounter,
      uniqueKeys: false,
      prettyErrors: false,
      ...(options.customTags ? { customTags: options.customTags } : {}),
    };
    const result = parseAllDocuments(text, parseOptions);
    documents = Array.isArray(result) ? result : [];
  } catch (error) {
    return { ok: false, reason: describe(error, "YAML parser") };
  }
  const trees: YamlNode[] = [];
  for (const document of documents) {
    const error = document.errors[0];
    if (error) {
      // yaml reports its own stack overflow on absurd nesting as a document error.
      if (/call stack/i.test(error.message)) return { ok: false, reason: "too deeply nested" };
      const at = lineCounter.linePos(error.pos[0]);
      return { ok: false, reason: `YAML error at line ${at.line}: ${error.message.split("\n")[0]}` };
    }
    if (document.contents === null) continue;
    const builder = new TreeBuilder(document, lineCounter);
    try {
      trees.push(builder.build(document.contents as Node, 0));
    } catch (error) {
      return { ok: false, reason: describe(error, "YAML tree") };
    }
  }
  return { ok: true, documents: trees };
}

function describe(error: unknown, what: string): string {
  if (error instanceof TreeLimit) return error.message;
  if (error instanceof RangeError) return "too deeply nested";
  const message = error instanceof Error ? error.message : String(error);
  if (/alias/i.test(message)) return `too many aliases (${message.split("\n")[0]})`;
  return `${what}: ${message.split("\n")[0]}`;
}

class TreeBuilder {
  #nodes = 0;
  #aliases = 0;
  readonly #document: Document.Parsed;
  readonly #lines: LineCounter;

  constructor(document: Document.Parsed, lines: LineCounter) {
    this.#document = document;
    this.#lines = lines;
  }

  build(node: Node, depth: number): YamlNode {
    if (depth > LIMITS.maxDepth)
      throw new TreeLimit(`too deeply nested (more than ${LIMITS.maxDepth} levels)`);
    if (++this.#nodes > LIMITS.maxNodes) throw new TreeLimit(`too many nodes (more than ${LIMITS.maxNodes})`);
    if (isAlias(node)) {
      if (++this.#aliases > LIMITS.maxAliasCount) throw new TreeLimit("too many aliases");
      const target = node.resolve(this.#document);
      if (!target) return this.#scalar(node, null);
      return this.build(target as Node, depth + 1);
    }
    const range = node.range ?? [0, 0, 0];
    const at = this.#lines.linePos(range[0]);
    const tag = explicitTag(node);
    if (isMap(node)) {
      const entries: YamlEntry[] = [];
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        const key = keyNode === null ? "" : keyText(keyNode);
        const keyStart = keyNode?.range?.[0] ?? range[0];
        const keyEnd = keyNode?.range?.[1] ?? range[0];
        const keyAt = this.#lines.linePos(keyStart);
        const value =
          pair.value === null || pair.value === undefined
            ? this.#nullAt(keyEnd)
            : this.build(pair.value as Node, depth + 1);
        if (key === "<<" && !(isScalar(keyNode) && keyNode.type !== "PLAIN")) {
          // YAML 1.1 merge key: splice the merged maps' entries in before this map's own.
          const sources = value.kind === "seq" ? value.items : [value];
          const merged = sources.flatMap((source) => (source.kind === "map" ? source.entries : []));
          entries.unshift(...merged);
          continue;
        }
        entries.push({ key, keyLine: keyAt.line, keyColumn: keyAt.col, value });
      }
      // Literals with every property written out: spreads here cost more than the rest of the build.
      const map: YamlMap = {
        kind: "map",
        entries,
        line: at.line,
        column: at.col,
        start: range[0],
        end: range[1],
      };
      if (tag) map.tag = tag;
      return map;
    }
    if (isSeq(node)) {
      const items: YamlNode[] = [];
      for (const item of node.items)
        items.push(item === null ? this.#nullAt(range[0]) : this.build(item as Node, depth + 1));
      const seq: YamlSeq = {
        kind: "seq",
        items,
        line: at.line,
        column: at.col,
        start: range[0],
        end: range[1],
      };
      if (tag) seq.tag = tag;
      return seq;
    }
    if (isScalar(node)) return this.#scalar(node, node.value);
    return this.#nullAt(range[0]);
  }

  #nullAt(offset: number): YamlScalar {
    const at = this.#lines.linePos(offset);
    return {
      kind: "scalar",
      value: null,
      quoted: false,
      line: at.line,
      column: at.col,
      start: offset,
      end: offset,
    };
  }

  #scalar(node: Node, raw: unknown): YamlScalar {
    const range = node.range ?? [0, 0, 0];
    const tag = explicitTag(node);
    let value: YamlScalar["value"];
    if (raw === null || typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") {
      value = raw;
    } else if (typeof raw === "bigint") {
      value = Number(raw);
    } else if (raw && typeof raw === "object") {
      // A custom tag resolved the scalar to `{ Ref: "x" }`: keep the written string.
      const inner = Object.values(raw as Record<string, unknown>)[0];
      if (Array.isArray(inner)) value = inner.join(".");
      else value = typeof inner === "string" || typeof inner === "number" ? inner : String(inner);
    } else {
      value = String(raw);
    }
    const type = isScalar(node) ? node.type : undefined;
    const quoted = type !== undefined && type !== Scalar.PLAIN;
    const at = this.#lines.linePos(range[0]);
    const scalar: YamlScalar = {
      kind: "scalar",
      value,
      quoted,
      line: at.line,
      column: at.col,
      start: range[0],
      end: range[1],
    };
    if (tag) scalar.tag = tag;
    return scalar;
  }
}

/** Only tags written in the source (`!Ref`), not the core schema's implicit ones. */
function explicitTag(node: Node): string | undefined {
  const tag = (node as { tag?: string }).tag;
  return tag?.startsWith("!") && !tag.startsWith("!!") ? tag : undefined;
}

function keyText(node: Node): string {
  if (isScalar(node)) {
    const value = node.value;
    if (value && typeof value === "object") return String(Object.values(value)[0] ?? "");
    return String(value);
  }
  return String(node);
}
