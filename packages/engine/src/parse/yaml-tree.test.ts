// The positioned YAML tree: values by the YAML 1.2 core schema, ranges as the `yaml` package
// reports them (it is the oracle here: the analyzers were written against its ranges), tags,
// aliases, merge keys, limits, and never a throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Node,
  parseAllDocuments,
  stringify,
} from "yaml";
import { decodeText } from "../classify.ts";
import { SourceFile } from "../source.ts";
import { LIMITS, parseYamlTrees, type TreeResult, type YamlNode } from "./yaml-tree.ts";

function trees(text: string): TreeResult {
  return parseYamlTrees(new SourceFile("doc.yaml", text));
}

function parse(text: string): YamlNode[] {
  const result = trees(text);
  if (!result.ok) throw new Error(result.reason);
  return result.documents;
}

/** Kind, value, tag and start of every node, and the end of scalars and flow collections. */
function shape(node: YamlNode): unknown {
  const base = { kind: node.kind, start: node.start, tag: node.tag };
  if (node.kind === "scalar") {
    const blank = (node.style === "literal" || node.style === "folded") && String(node.value).trim() === "";
    return {
      ...base,
      end: blank ? undefined : node.end,
      value: Number.isNaN(node.value) ? "NaN" : node.value,
    };
  }
  const end = node.flow ? node.end : undefined;
  if (node.kind === "seq") return { ...base, end, items: node.items.map(shape) };
  return {
    ...base,
    end,
    entries: node.entries.map((entry) => [entry.key, entry.keyStart, shape(entry.value)]),
  };
}

class Cycle extends Error {}

interface Shape {
  kind: string;
  items?: Shape[];
  entries?: unknown[];
}

/** The same shape read from the `yaml` package's documents. */
function oracle(document: Document, node: unknown, keyEnd: number, depth = 0): Shape {
  if (depth > 50) throw new Cycle();
  if (isAlias(node)) {
    const target = node.resolve(document);
    if (target === undefined)
      return { kind: "scalar", start: node.range![0], end: node.range![1], value: null } as Shape;
    return oracle(document, target, keyEnd, depth + 1);
  }
  if (node === null || node === undefined)
    return { kind: "scalar", start: keyEnd, end: keyEnd, value: null } as Shape;
  const range = (node as Node).range!;
  const written = (node as { tag?: string }).tag;
  const tag = written?.startsWith("!") && !written.startsWith("!!") ? written : undefined;
  if (isScalar(node)) {
    const value = Number.isNaN(node.value)
      ? "NaN"
      : typeof node.value === "bigint"
        ? Number(node.value)
        : node.value;
    // A block scalar of blank lines ends after its header line here, wherever `yaml` puts it.
    const blank = node.type?.startsWith("BLOCK") === true && String(value).trim() === "";
    return { kind: "scalar", start: range[0], tag, end: blank ? undefined : range[1], value } as Shape;
  }
  if (!isSeq(node) && !isMap(node)) throw new Error("unexpected node");
  const base = { start: range[0], tag, end: node.flow ? range[1] : undefined };
  if (isSeq(node))
    return {
      kind: "seq",
      ...base,
      items: node.items.map((item) => oracle(document, item, range[0], depth + 1)),
    };
  const entries: unknown[] = [];
  for (const pair of node.items) {
    const key = pair.key as Node;
    const keyText = isScalar(key) ? String(key.value) : "";
    const value = oracle(document, pair.value, key.range![1], depth + 1);
    if (keyText === "<<" && isScalar(key) && key.type === "PLAIN") {
      const sources = value.kind === "seq" ? (value.items ?? []) : [value];
      entries.unshift(...sources.flatMap((source) => source.entries ?? []));
    } else entries.push([keyText, key.range![0], value]);
  }
  return { kind: "map", ...base, entries };
}

/** The oracle's reading, or undefined when `yaml` finds an error or the document is cyclic. */
function expected(text: string): unknown[] | undefined {
  const documents = parseAllDocuments(text, { uniqueKeys: false });
  if (!Array.isArray(documents) || documents.some((document) => document.errors.length > 0)) return undefined;
  try {
    return documents
      .filter((document) => document.contents !== null)
      .map((document) => oracle(document, document.contents, 0));
  } catch (error) {
    if (error instanceof Cycle) return undefined;
    throw error;
  }
}

/** Checks a document against the oracle; false when there is nothing to compare. */
function matchesOracle(text: string): boolean {
  const oracleShape = expected(text);
  if (!oracleShape) return false;
  expect(parse(text).map(shape)).toEqual(oracleShape);
  return true;
}

/** Most generated documents must be valid for `yaml`, or the comparisons below would say little. */
const RUNS_COMPARED = 300;

describe("parseYamlTrees", () => {
  it("reads values and ranges as the yaml package does, for documents it writes (property)", () => {
    let compared = 0;
    const text = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom(
        "true",
        "False",
        "~",
        "",
        "0o17",
        "0x1F",
        "-12",
        "1.5",
        ".inf",
        "-.Inf",
        ".NaN",
        "1e3",
        "1.10",
        "yes",
        "a: b",
        "#x",
        "- a",
        "a\nb",
        "  lead",
        "trail  ",
      ),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 4 },
        text,
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(text, tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    const options = fc.record({
      indent: fc.integer({ min: 1, max: 4 }),
      collectionStyle: fc.constantFrom("any", "block", "flow") as fc.Arbitrary<"any" | "block" | "flow">,
      defaultStringType: fc.constantFrom(
        "PLAIN",
        "QUOTE_DOUBLE",
        "QUOTE_SINGLE",
        "BLOCK_LITERAL",
        "BLOCK_FOLDED",
      ) as fc.Arbitrary<"PLAIN">,
      lineWidth: fc.constantFrom(0, 20, 80),
      indentSeq: fc.boolean(),
    });
    fc.assert(
      fc.property(value, options, fc.boolean(), (root, option, crlf) => {
        // Under a key: a top-level block scalar's indentation indicator is read differently (README).
        let yaml = stringify({ root }, option);
        if (crlf) yaml = yaml.replace(/\n/g, "\r\n");
        if (matchesOracle(yaml)) compared++;
      }),
      { numRuns: 400 },
    );
    expect(compared).toBeGreaterThan(RUNS_COMPARED);
  });

  it("reads tags, anchors, aliases, merge keys, comments and documents as the yaml package does (property)", () => {
    let compared = 0;
    const scalar = fc.constantFrom(
      "v",
      "1",
      "0x1A",
      "null",
      "Yes",
      "!Ref Foo",
      "!GetAtt A.B",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation ${} syntax, not a JS template
      "!Sub 'x-${A}'",
      '"d q"',
      "'s q'",
      "*x",
      "!!str 12",
      "!!int 7",
      "! plain",
      "",
    );
    const key = fc.constantFrom("a", "Name", "1", "true", "~", "on", '"q k"', "'s k'", "<<");
    type Tree =
      | { scalar: string }
      | { block: string; lines: string[] }
      | { props: string; flow: boolean; entries?: [string, Tree][]; items?: Tree[] };
    const tree: fc.Arbitrary<Tree> = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 3, depthSize: "small" },
        scalar.map((text) => ({ scalar: text })),
        fc.record({
          block: fc.constantFrom("|", ">", "|-", ">+", "|2"),
          lines: fc.array(fc.constantFrom("echo hi", "", "  indented", "# no comment"), { maxLength: 3 }),
        }),
        fc.record({
          props: fc.constantFrom("", " !If", " &x", " !Sub &y"),
          flow: fc.boolean(),
          entries: fc.array(fc.tuple(key, tie("node")), { minLength: 1, maxLength: 3 }),
        }),
        fc.record({
          props: fc.constantFrom("", " !Join", " &y"),
          flow: fc.boolean(),
          items: fc.array(tie("node"), { minLength: 1, maxLength: 3 }),
        }),
      ),
    })).node as fc.Arbitrary<Tree>;
    const flowText = (node: Tree): string => {
      if ("scalar" in node) return /^[!#]/.test(node.scalar) ? JSON.stringify(node.scalar) : node.scalar;
      if ("block" in node) return JSON.stringify(node.lines.join("\n"));
      const body = node.entries
        ? `{${node.entries.map(([k, v]) => `${k}: ${flowText(v)}`).join(", ")}}`
        : `[${node.items!.map((v) => flowText(v) || "~").join(", ")}]`;
      return `${node.props.trim()} ${body}`.trim();
    };
    const write = (node: Tree, indent: number, note: () => string): string => {
      const pad = " ".repeat(indent);
      if ("scalar" in node) return ` ${node.scalar}${note()}\n`;
      if ("block" in node)
        return ` ${node.block}${note()}\n${node.lines.map((line) => (line ? `${pad}  ${line}` : "")).join("\n")}\n`;
      if (node.flow) return ` ${flowText(node)}${note()}\n`;
      const body = node.entries
        ? node.entries.map(([k, v]) => `${pad}${k}:${write(v, indent + 2, note)}`).join("")
        : node.items!.map((v) => `${pad}-${write(v, indent + 2, note)}`).join("");
      return `${node.props}\n${body}`;
    };
    fc.assert(
      fc.property(tree, fc.nat(), fc.boolean(), (root, seed, documents) => {
        let count = seed;
        const note = () => (count++ % 5 === 0 ? "  # note" : count % 7 === 0 ? "\n# own line" : "");
        let yaml = `root:${write(root, 2, note)}`;
        if (documents) yaml = `---\n${yaml}...\n--- # second\nk: v\n---\n`;
        if (matchesOracle(yaml)) compared++;
      }),
      { numRuns: 400 },
    );
    expect(compared).toBeGreaterThan(RUNS_COMPARED);
  });

  it("places quoted, block and empty values where they are written", () => {
    const [root] = parse("a: 'q'\nb: |\n  x\n\nc: >+\n  y\n\nd:\ne:\n  -\n  - 1\n");
    if (root?.kind !== "map") throw new Error("not a map");
    const at = (key: string) => {
      const node = root.entries.find((entry) => entry.key === key)!.value;
      return [node.start, node.end, node.line, node.column];
    };
    expect(at("a")).toEqual([3, 6, 1, 4]); // quotes included
    expect(at("b")).toEqual([10, 16, 2, 4]); // from the header to the line break, blank line left out
    expect(at("c")).toEqual([20, 28, 5, 4]); // `+` keeps the blank line
    expect(at("d")).toEqual([30, 30, 8, 3]); // an empty value sits after its colon
    const items = root.entries.find((entry) => entry.key === "e")!.value;
    expect(
      items.kind === "seq" && items.items.map((item) => [item.kind === "scalar" && item.value, item.start]),
    ).toEqual([
      [null, 37],
      [1, 42],
    ]);
  });

  it("ends a block collection after the comment lines indented as deep as its items", () => {
    const text = "on:\n  push:\n  # pull_request:\n\n# the jobs\njobs: {}\n";
    const [root] = parse(text);
    const on = root?.kind === "map" ? root.entries[0]!.value : undefined;
    expect(on?.end).toBe(text.indexOf("\n\n# the jobs") + 1);
    const [list] = parse("a:\n  - x  # one\n      # deeper\n  # same\nb: 1\n");
    const items = list?.kind === "map" ? list.entries[0]!.value : undefined;
    expect(items?.end).toBe("a:\n  - x  # one\n      # deeper\n  # same\n".length);
  });

  it("resolves plain scalars by the core schema and keeps tagged ones as written", () => {
    const [root] = parse(
      "a: [~, null, '', true, TRUE, yes, 0o17, 0x1f, -12, 1.5, 1e3, .inf, 1.10, !Ref X, !!str 5, !!int 7, !GetAtt A.B]",
    );
    const seq = root?.kind === "map" ? root.entries[0]!.value : undefined;
    expect(
      seq?.kind === "seq" && seq.items.map((item) => [item.kind === "scalar" && item.value, item.tag]),
    ).toEqual([
      [null, undefined],
      [null, undefined],
      ["", undefined],
      [true, undefined],
      [true, undefined],
      ["yes", undefined],
      [15, undefined],
      [31, undefined],
      [-12, undefined],
      [1.5, undefined],
      [1000, undefined],
      [Number.POSITIVE_INFINITY, undefined],
      [1.1, undefined],
      ["X", "!Ref"],
      ["5", undefined],
      [7, undefined],
      ["A.B", "!GetAtt"],
    ]);
  });

  it("resolves an alias to the anchor written last before it, and an alias inside its own anchor to null", () => {
    const [root] = parse("a: &x 1\nb: *x\nc: &x {d: *x}\ne: *x\nf: *none\n");
    expect(root?.kind === "map" && root.entries.map((entry) => shape(entry.value))).toMatchObject([
      { value: 1 },
      { value: 1 },
      { kind: "map", entries: [["d", 21, { value: null }]] },
      { kind: "map", entries: [["d", 21, { value: null }]] },
      { value: null, start: 37, end: 42 },
    ]);
  });

  it("splices merge keys in before the map's own entries", () => {
    const [root] = parse("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\n");
    const use = root?.kind === "map" ? root.entries[1]!.value : undefined;
    expect(
      use?.kind === "map" &&
        use.entries.map((entry) => [entry.key, entry.value.kind === "scalar" && entry.value.value]),
    ).toEqual([
      ["x", 1],
      ["y", 2],
      ["y", 3],
    ]);
  });

  it("returns every document with content, and errors with their line", () => {
    expect(parse("# only a comment\n---\na: 1\n---\n---\nb: 2\n").map((node) => node.kind)).toEqual([
      "map",
      "scalar",
      "map",
    ]);
    expect(parse("")).toEqual([]);
    expect(trees("a: 1\n  b: 2\n")).toEqual({
      ok: false,
      reason: expect.stringMatching(/^YAML error at line 2: /),
    });
    expect(trees("a:\n\tb: 1\n")).toEqual({
      ok: false,
      reason: expect.stringMatching(/^YAML error at line 2: .*tab/),
    });
  });

  it("stops a billion-laughs document and an alias flood", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level < 9; level++)
      levels.push(
        `${"abcdefghij"[level]}: &${"abcdefghij"[level]} [${Array(10)
          .fill(`*${"abcdefghij"[level - 1]}`)
          .join(", ")}]`,
      );
    expect(trees(`${levels.join("\n")}\n`)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^too many (nodes|aliases)/),
    });
    const aliases = `a: &a 1\nb: [${Array(LIMITS.maxAliasCount + 1)
      .fill("*a")
      .join(", ")}]\n`;
    expect(trees(aliases)).toEqual({ ok: false, reason: "too many aliases" });
  });

  it("returns trees or a one-line reason for any text, never a throw (property)", () => {
    const decodedBytes = fc
      .uint8Array({ maxLength: 2000 })
      .map((bytes) => decodeText(bytes))
      .map((result) => (result.ok ? result.text : ""));
    const yamlish = fc
      .array(
        fc.constantFrom(
          "a: ",
          "- ",
          "[",
          "]",
          "{",
          "}",
          ",",
          ":",
          "\n",
          "  ",
          "'",
          '"',
          "&x ",
          "*x",
          "!Ref ",
          "|\n",
          ">-\n",
          "---\n",
          "...\n",
          "# c\n",
          "key",
          "1",
          "\t",
          "\\",
          "%YAML 1.2\n",
          "? ",
        ),
        { maxLength: 200 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 500 }), decodedBytes, yamlish), (text) => {
        const result = trees(text);
        if (!result.ok) expect(result.reason).not.toContain("\n");
      }),
      { numRuns: 1000 },
    );
  });
});
