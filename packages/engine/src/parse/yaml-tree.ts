// A positioned value tree of every document of a YAML (or JSON) text: maps, sequences and scalars,
// each with its 1-based line/column, UTF-16 range, style and the tag it was written with (`!Ref`).
// The Kubernetes, CloudFormation and workflow analyzers read files through it, so rules never see
// raw text. Built from js-yaml's flat event stream (offsets into the text, no AST): three to four
// times faster than composing `yaml` documents, which dominated the YAML analyzers' time.
//
// Plain scalars resolve by the YAML 1.2 core schema, and ranges follow the `yaml` package's
// conventions the analyzers were written against: a quoted scalar includes its quotes, a block
// scalar starts at its `|`/`>` header, a block collection ends after the line break that ends its
// last item, a flow collection after its closing bracket.
import {
  CHOMPING_KEEP,
  COLLECTION_STYLE_FLOW,
  EVENT_ID,
  type Event,
  getScalarValue,
  parseEvents,
  type ScalarEvent,
} from "js-yaml";
import type { SourceFile } from "../source.ts";

export type ScalarStyle = "plain" | "single" | "double" | "literal" | "folded";

interface Positioned {
  line: number;
  column: number;
  /** UTF-16 index of the node's first character in the file. */
  start: number;
  /** UTF-16 index just past the node's value. */
  end: number;
  /** The explicit tag as written, e.g. `!Ref`; absent for plain nodes and `!!` core tags. */
  tag?: string;
  /**
   * Set on a node that carries an anchor (`&name`): every alias to it is this same node, so a fix
   * that edits its text edits what each alias reads too.
   */
  anchored?: true;
}

export interface YamlScalar extends Positioned {
  kind: "scalar";
  value: string | number | boolean | null;
  /** Anything but `plain` is a string as written: `"true"` is not a boolean. */
  style: ScalarStyle;
}

export interface YamlEntry {
  key: string;
  keyLine: number;
  keyColumn: number;
  /** UTF-16 index of the key's first character. */
  keyStart: number;
  value: YamlNode;
}

export interface YamlMap extends Positioned {
  kind: "map";
  /** Written `{ … }` rather than as indented lines. */
  flow: boolean;
  entries: YamlEntry[];
}

export interface YamlSeq extends Positioned {
  kind: "seq";
  flow: boolean;
  items: YamlNode[];
}

export type YamlNode = YamlScalar | YamlMap | YamlSeq;

/** Limits that keep a hostile file from exhausting the worker. */
export const LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxDepth: 200,
  /** Nodes after expanding aliases: a billion-laughs document stops here. */
  maxNodes: 500_000,
  maxAliasCount: 1_000,
};

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

export type TreeResult = { ok: true; documents: YamlNode[] } | { ok: false; reason: string };

/** Parses every document of a YAML (or JSON) file into positioned trees; never throws. */
export function parseYamlTrees(file: SourceFile): TreeResult {
  const text = file.text;
  if (text.length > LIMITS.maxBytes)
    return { ok: false, reason: `file too large (${text.length} characters)` };
  let events: Event[];
  try {
    events = parseEvents(text, { maxDepth: LIMITS.maxDepth });
  } catch (error) {
    return { ok: false, reason: describe(error) };
  }
  try {
    return { ok: true, documents: new TreeBuilder(file, events).documents() };
  } catch (error) {
    return { ok: false, reason: describe(error) };
  }
}

class TreeLimit extends Error {}

function describe(error: unknown): string {
  if (error instanceof TreeLimit) return error.message;
  if (error instanceof RangeError) return "too deeply nested";
  const { reason, mark } = error as { reason?: unknown; mark?: { line?: unknown } };
  if (typeof reason === "string" && typeof mark?.line === "number")
    return `YAML error at line ${mark.line + 1}: ${reason}`;
  return `YAML parser: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`;
}

/** By js-yaml's SCALAR_STYLE code. */
const STYLES: readonly ScalarStyle[] = ["plain", "plain", "single", "double", "literal", "folded"];

type CoreRule = { test: RegExp; value: (source: string) => number | boolean | null };

/** The YAML 1.2 core schema's plain scalars that are not strings (the `yaml` package's tests), by tag. */
const CORE_RULES: Readonly<Record<"!!null" | "!!bool" | "!!int" | "!!float", readonly CoreRule[]>> = {
  "!!null": [{ test: /^(?:~|[Nn]ull|NULL)?$/, value: () => null }],
  "!!bool": [
    { test: /^(?:[Tt]rue|TRUE)$/, value: () => true },
    { test: /^(?:[Ff]alse|FALSE)$/, value: () => false },
  ],
  "!!int": [
    { test: /^0o[0-7]+$/, value: (source) => Number.parseInt(source.slice(2), 8) },
    { test: /^[-+]?[0-9]+$/, value: (source) => Number.parseInt(source, 10) },
    { test: /^0x[0-9a-fA-F]+$/, value: (source) => Number.parseInt(source.slice(2), 16) },
  ],
  "!!float": [
    {
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      value: (source) =>
        source.slice(-3).toLowerCase() === "nan"
          ? Number.NaN
          : source[0] === "-"
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    },
    { test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, value: Number.parseFloat },
    { test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, value: Number.parseFloat },
  ],
};
/** In the schema's order of resolution. */
const CORE_SCALARS = Object.values(CORE_RULES).flat();
/** First characters of every non-string core scalar (and the empty scalar). */
const CORE_FIRST = /^(?:$|[~nNtTfF0-9+\-.])/;

function resolveBy(rules: readonly CoreRule[], source: string): string | number | boolean | null {
  for (const rule of rules) if (rule.test.test(source)) return rule.value(source);
  return source;
}

function resolvePlain(source: string): string | number | boolean | null {
  return CORE_FIRST.test(source) ? resolveBy(CORE_SCALARS, source) : source;
}

/** `!!int 5` and friends resolve by their tag alone; any other tag keeps the text. */
function resolveTagged(tag: string, source: string): string | number | boolean | null {
  const rules = CORE_RULES[tag as keyof typeof CORE_RULES] as readonly CoreRule[] | undefined;
  return rules ? resolveBy(rules, source) : source;
}

interface Anchored {
  /** Undefined while the anchored node is being built: an alias inside it would make a cycle. */
  node?: YamlNode;
  /** Nodes in its subtree: what an alias to it costs against the node budget. */
  size: number;
}

class TreeBuilder {
  #at = 0;
  #nodes = 0;
  #aliases = 0;
  #anchors = new Map<string, Anchored>();
  readonly text: string;
  /** Where the text of the node just built ends: an alias's own `*name`, not its anchor's node. */
  #writtenEnd = 0;
  /** The same, for a parent block collection: past the rest of its line and the line break. */
  #lineEnd = 0;

  constructor(
    readonly file: SourceFile,
    readonly events: readonly Event[],
  ) {
    this.text = file.text;
  }

  documents(): YamlNode[] {
    const documents: YamlNode[] = [];
    let previousEnd = 0;
    while (this.#at < this.events.length) {
      const event = this.events[this.#at++]!;
      if (event.type !== EVENT_ID.DOCUMENT)
        throw new Error(`unexpected YAML event ${event.type} between documents`);
      this.#anchors.clear();
      if (this.events[this.#at]!.type === EVENT_ID.POP) {
        this.#at++; // an empty document: comments or directives only
        continue;
      }
      const root = this.#node(0, this.#documentStart(previousEnd));
      documents.push(root);
      previousEnd = root.end;
      this.#at++; // the document's pop
    }
    return documents;
  }

  /** Past the `---` that opens the next document, where an empty document's null is placed. */
  #documentStart(from: number): number {
    DOCUMENT_MARKER.lastIndex = from;
    const marker = DOCUMENT_MARKER.exec(this.text);
    return marker ? this.#skipSpaces(marker.index + 3) : from;
  }

  /** The node at the cursor. `after` is where a null scalar (no text at all) is placed. */
  #node(depth: number, after: number): YamlNode {
    if (depth > LIMITS.maxDepth)
      throw new TreeLimit(`too deeply nested (more than ${LIMITS.maxDepth} levels)`);
    if (++this.#nodes > LIMITS.maxNodes) throw new TreeLimit(`too many nodes (more than ${LIMITS.maxNodes})`);
    const event = this.events[this.#at++]!;
    const first = this.#nodes;
    // An alias names the anchor written last before it, so a node claims its name on opening.
    let anchored: Anchored | undefined;
    if ("tagStart" in event && event.anchorStart !== -1) {
      anchored = { size: 0 };
      this.#anchors.set(this.text.slice(event.anchorStart, event.anchorEnd), anchored);
    }
    // `!!` tags are the core schema's: they pick a scalar's type and are not kept.
    const written =
      "tagStart" in event && event.tagStart !== -1
        ? this.text.slice(event.tagStart, event.tagEnd)
        : undefined;
    let node: YamlNode;
    switch (event.type) {
      case EVENT_ID.SCALAR:
        node = this.#scalar(event, written, after);
        break;
      case EVENT_ID.SEQUENCE:
        node = this.#sequence(event.start, event.style === COLLECTION_STYLE_FLOW, depth);
        break;
      case EVENT_ID.MAPPING:
        node = this.#mapping(event.start, event.style === COLLECTION_STYLE_FLOW, depth);
        break;
      case EVENT_ID.ALIAS:
        this.#wrote(event.anchorEnd, false);
        return this.#alias(this.text.slice(event.anchorStart, event.anchorEnd), event.anchorStart - 1);
      default:
        throw new Error(`unexpected YAML event ${event.type} where a node belongs`);
    }
    const ownLines =
      node.kind === "scalar" ? node.style === "literal" || node.style === "folded" : !node.flow;
    // an empty value wrote nothing: it ends where it starts
    this.#wrote(node.end, ownLines || (node.kind === "scalar" && node.end === node.start));
    if (written !== undefined && !written.startsWith("!!")) node.tag = written;
    if (anchored) {
      node.anchored = true;
      anchored.node = node;
      anchored.size = this.#nodes - first + 1;
    }
    return node;
  }

  /** An alias is its anchor's node, counted again against the budget; an unknown anchor is null. */
  #alias(name: string, at: number): YamlNode {
    if (++this.#aliases > LIMITS.maxAliasCount) throw new TreeLimit("too many aliases");
    const anchored = this.#anchors.get(name);
    if (!anchored?.node) return this.#null(at, at + 1 + name.length);
    this.#nodes += anchored.size - 1;
    if (this.#nodes > LIMITS.maxNodes) throw new TreeLimit(`too many nodes (more than ${LIMITS.maxNodes})`);
    return anchored.node;
  }

  #sequence(start: number, flow: boolean, depth: number): YamlSeq {
    const items: YamlNode[] = [];
    let end = start;
    while (this.events[this.#at]!.type !== EVENT_ID.POP) {
      // An empty item (`-` alone) sits just after its dash.
      items.push(this.#node(depth + 1, flow ? end : this.#after("-", items.length === 0 ? start : end)));
      end = flow ? this.#writtenEnd : this.#lineEnd;
    }
    this.#at++;
    return {
      kind: "seq",
      flow,
      items,
      ...this.#position(start),
      end: flow ? this.#closing(items.length === 0 ? start + 1 : end) : this.#innerComments(start, end),
    };
  }

  #mapping(start: number, flow: boolean, depth: number): YamlMap {
    const entries: YamlEntry[] = [];
    let end = start;
    while (this.events[this.#at]!.type !== EVENT_ID.POP) {
      const key = this.#node(depth + 1, end);
      // A missing value sits just after the key's colon (or the key, in `{ a }`).
      const value = this.#node(depth + 1, this.#after(":", this.#writtenEnd));
      end = flow ? this.#writtenEnd : this.#lineEnd;
      const keyText = keyTextOf(key, this.text);
      if (keyText === "<<" && !(key.kind === "scalar" && key.style !== "plain")) {
        // YAML 1.1 merge key: splice the merged maps' entries in before this map's own.
        const sources = value.kind === "seq" ? value.items : [value];
        entries.unshift(...sources.flatMap((source) => (source.kind === "map" ? source.entries : [])));
        continue;
      }
      entries.push({ key: keyText, keyLine: key.line, keyColumn: key.column, keyStart: key.start, value });
    }
    this.#at++;
    return {
      kind: "map",
      flow,
      entries,
      ...this.#position(start),
      end: flow ? this.#closing(end === start ? start + 1 : end) : this.#innerComments(start, end),
    };
  }

  #scalar(event: ScalarEvent, tag: string | undefined, after: number): YamlScalar {
    const style = STYLES[event.style] ?? "plain";
    if (event.valueStart === -1) return this.#null(after, after);
    const source = getScalarValue(this.text, event);
    let value: YamlScalar["value"] = source;
    if (tag !== undefined) value = tag.startsWith("!!") ? resolveTagged(tag, source) : source;
    else if (style === "plain") value = resolvePlain(source);
    let start = event.valueStart;
    let end = event.valueEnd;
    if (style === "single" || style === "double") {
      start--;
      end++;
    } else if (style === "literal" || style === "folded") {
      start = this.#blockHeader(event);
      end = this.#blockEnd(event);
    }
    return { kind: "scalar", value, style, ...this.#position(start), end };
  }

  #null(start: number, end: number): YamlScalar {
    return { kind: "scalar", value: null, style: "plain", ...this.#position(start), end };
  }

  #position(start: number): { line: number; column: number; start: number } {
    return { ...this.file.positionAt(start), start };
  }

  /**
   * Records where the node just built ends. For a parent block collection, a scalar or flow
   * collection also takes the rest of its line (spaces, a comment) and the line break.
   */
  #wrote(end: number, ownLines: boolean): void {
    this.#writtenEnd = end;
    this.#lineEnd = ownLines ? end : this.#restOfLine(end);
  }

  #restOfLine(from: number): number {
    const text = this.text;
    const index = this.#skipComment(this.#skipSpaces(from));
    if (text[index] === "\r" && text[index + 1] === "\n") return index + 2;
    return text[index] === "\n" ? index + 1 : index;
  }

  /**
   * Where an empty value after the next `marker` at or after `from` is placed: past the marker
   * and the spaces after it. Blanks, line breaks and comments before the marker are skipped.
   */
  #after(marker: string, from: number): number {
    const index = marker === ":" ? this.#skipSpaces(from) : this.#skipBlank(from);
    if (this.text[index] !== marker) return from;
    return this.#skipSpaces(index + 1);
  }

  /**
   * A block collection also holds the comment lines after its last item that are indented at
   * least as deep as its items (a commented-out entry belongs to its block; a comment at a
   * shallower indentation introduces what follows). Blank lines count only between such comments.
   */
  #innerComments(start: number, end: number): number {
    const text = this.text;
    const indent = start - (text.lastIndexOf("\n", start - 1) + 1);
    let extended = end > 0 && text[end - 1] !== "\n" ? this.#restOfLine(end) : end;
    for (let line = extended; line < text.length; ) {
      const first = this.#skipSpaces(line);
      const next = text.indexOf("\n", first);
      const lineEnd = next === -1 ? text.length : next + 1;
      if (text[first] === "#" && first - line >= indent) extended = lineEnd;
      else if (text.slice(first, lineEnd).trim() !== "") break;
      line = lineEnd;
    }
    return extended;
  }

  /** To the end of the line when a comment starts at `from`. */
  #skipComment(from: number): number {
    if (this.text[from] !== "#") return from;
    const newline = this.text.indexOf("\n", from);
    return newline === -1 ? this.text.length : newline;
  }

  #skipSpaces(from: number): number {
    let index = from;
    while (this.text[index] === " " || this.text[index] === "\t") index++;
    return index;
  }

  /** Just past a flow collection's closing bracket, searched from its last item's end. */
  #closing(from: number): number {
    let index = this.#skipBlank(from);
    while (this.text[index] === ",") index = this.#skipBlank(index + 1);
    return this.text[index] === "]" || this.text[index] === "}" ? index + 1 : index;
  }

  #skipBlank(from: number): number {
    const text = this.text;
    let index = from;
    for (;;) {
      const char = text[index];
      if (char === " " || char === "\t" || char === "\n" || char === "\r") index++;
      else if (char === "#") index = this.#skipComment(index);
      else return index;
    }
  }

  /**
   * Just past a block scalar's last line break. The event's range runs on over trailing blank
   * lines and the next line's indentation; the blank lines belong to the value only when kept (`|+`).
   */
  #blockEnd(event: ScalarEvent): number {
    const text = this.text;
    let end = event.valueEnd;
    if (event.chomping !== CHOMPING_KEEP) {
      let last = end - 1;
      while (last >= event.valueStart && /\s/.test(text[last]!)) last--;
      if (last < event.valueStart) return event.valueStart; // blank lines only: the header is all
      const newline = text.indexOf("\n", last);
      if (newline !== -1 && newline < end) return newline + 1;
    }
    const lineStart = text.lastIndexOf("\n", end - 1) + 1;
    if (lineStart > event.valueStart && text.slice(lineStart, end).trim() === "") end = lineStart;
    return end;
  }

  /**
   * The `|` or `>` that opens a block scalar: the first header-shaped rest of the nearest non-blank
   * line above the content (`key: !Tag |2- # comment`).
   */
  #blockHeader(event: ScalarEvent): number {
    const text = this.text;
    let lineEnd = event.valueStart;
    for (;;) {
      if (text[lineEnd - 1] === "\n") lineEnd--;
      if (text[lineEnd - 1] === "\r") lineEnd--;
      const lineStart = text.lastIndexOf("\n", lineEnd - 1) + 1;
      const from = Math.max(lineStart, event.tagEnd, event.anchorEnd);
      const line = text.slice(from, lineEnd);
      if (line.trim() !== "" || lineStart === 0) {
        const header = BLOCK_HEADER.exec(line);
        return header ? from + header.index : event.valueStart;
      }
      lineEnd = lineStart;
    }
  }
}

const DOCUMENT_MARKER = /^---(?=\s|$)/gm;

/** A block scalar's header at the end of its line: indicator, indentation and chomping, comment. */
const BLOCK_HEADER = /[|>](?:[1-9][+-]?|[+-][1-9]?)?(?:[ \t]+#.*)?[ \t]*$/;

/** A mapping key as text: a scalar's resolved value, anything else as written. */
function keyTextOf(key: YamlNode, text: string): string {
  if (key.kind === "scalar") return key.end === key.start && key.value === null ? "" : String(key.value);
  return text.slice(key.start, key.end);
}
