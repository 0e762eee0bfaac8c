// The typed model of a Terraform file: blocks (resources, data sources, variables, locals, nested
// and `dynamic` blocks) with their attributes as small expression trees, every node with its span.
// Built from tree-sitter's HCL2 (terraform dialect) syntax tree, which is freed before returning.
import { createRequire } from "node:module";
import { Language, type Node, Parser } from "web-tree-sitter";
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import type { SourceFile } from "../../source.ts";

/** A region of the file: 1-based line/column (UTF-16) plus UTF-16 indexes for fixes. */
export interface TfSpan {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** UTF-16 index of the first character. */
  start: number;
  /** UTF-16 index after the last character. */
  end: number;
}

export interface ObjectEntry {
  /** The key when it is an identifier or a literal string; undefined for computed keys. */
  key: string | undefined;
  value: Expr;
  span: TfSpan;
}

/** An attribute value, reduced to what the evaluator understands; everything else is `other`. */
export type Expr =
  | { kind: "literal"; value: string | number | boolean | null; span: TfSpan }
  /** A string with interpolations (quoted or heredoc): literal pieces and embedded expressions. */
  | { kind: "template"; parts: (string | Expr)[]; heredoc: boolean; span: TfSpan }
  | { kind: "tuple"; items: Expr[]; span: TfSpan }
  | { kind: "object"; entries: ObjectEntry[]; span: TfSpan }
  /** `var.x`, `local.y`, `aws_s3_bucket.logs.id`, `var.m["k"]`; a splat or computed index ends the path with "*". */
  | { kind: "reference"; path: string[]; span: TfSpan }
  | { kind: "call"; name: string; args: Expr[]; span: TfSpan }
  | { kind: "unary"; operator: string; operand: Expr; span: TfSpan }
  | { kind: "conditional"; condition: Expr; whenTrue: Expr; whenFalse: Expr; span: TfSpan }
  /** for-expressions, binary operations, templates directives: never evaluated. */
  | { kind: "other"; span: TfSpan };

export interface Attribute {
  name: string;
  value: Expr;
  /** The whole `name = value` span; its line is where findings about the attribute point. */
  span: TfSpan;
}

export interface Block {
  /** `resource`, `data`, `variable`, `locals`, or a nested block type such as `ingress`. */
  type: string;
  labels: string[];
  /** True for `dynamic "x" { content { … } }`: `type` is "x" and the attributes are the content's. */
  dynamic: boolean;
  attributes: Map<string, Attribute>;
  blocks: Block[];
  /** From the block type to the closing brace. */
  span: TfSpan;
  /** UTF-16 index of the closing brace, or -1 when the block has none (one-line blocks still have one). */
  closeBrace: number;
  /** Leading whitespace of the line holding the block header. */
  indent: string;
}

export interface TerraformModel {
  /** Top-level blocks in file order. */
  blocks: Block[];
  /** `variable` defaults and `locals` of this file, for the evaluator. */
  scope: Scope;
}

export interface Scope {
  variableDefaults: Map<string, Expr>;
  locals: Map<string, Expr>;
}

const WASM = "@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-terraform.wasm";

let parser: Parser | undefined;

/** Loads the WASM runtime and the terraform grammar; once per worker. */
export async function prepareParser(): Promise<void> {
  if (parser) return;
  await Parser.init();
  const path = createRequire(import.meta.url).resolve(WASM);
  const language = await Language.load(path);
  const instance = new Parser();
  instance.setLanguage(language);
  parser = instance;
}

/** Deeper nesting than this is not configuration anyone writes; refuse it rather than overflow. */
const MAX_DEPTH = 200;

class TooDeep extends Error {}

export function parseTerraform(file: SourceFile): ParseResult<TerraformModel> {
  if (!parser) return skipped("terraform grammar not loaded (prepare was not called)");
  let tree: ReturnType<Parser["parse"]> = null;
  try {
    tree = parser.parse(file.text);
    if (!tree) return skipped("tree-sitter returned no tree");
    const root = tree.rootNode;
    if (root.hasError) {
      const bad = firstError(root);
      return skipped(`invalid HCL at line ${bad ? file.positionAt(bad.startIndex).line : 1}`);
    }
    const builder = new Builder(file);
    const blocks: Block[] = [];
    const body = root.namedChildren.find((child) => child?.type === "body");
    if (body) {
      for (const child of body.namedChildren) {
        if (child?.type === "block") blocks.push(builder.block(child, 0));
      }
    }
    return parsed({ blocks, scope: scopeOf(blocks) });
  } catch (error) {
    if (error instanceof TooDeep) return skipped(`nesting deeper than ${MAX_DEPTH} levels`);
    return skipped(
      `could not read the syntax tree: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    tree?.delete();
  }
}

function firstError(node: Node): Node | undefined {
  if (node.type === "ERROR" || node.isMissing) return node;
  for (const child of node.children) {
    if (child?.hasError || child?.isMissing) return firstError(child) ?? child;
  }
  return undefined;
}

function scopeOf(blocks: readonly Block[]): Scope {
  const variableDefaults = new Map<string, Expr>();
  const locals = new Map<string, Expr>();
  for (const block of blocks) {
    if (block.type === "variable" && block.labels[0] !== undefined) {
      const fallback = block.attributes.get("default");
      if (fallback) variableDefaults.set(block.labels[0], fallback.value);
    } else if (block.type === "locals") {
      for (const attribute of block.attributes.values()) locals.set(attribute.name, attribute.value);
    }
  }
  return { variableDefaults, locals };
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\" };

/** Decodes the escapes of a quoted-template literal piece. */
function unescapeQuoted(raw: string): string {
  return raw
    .replace(/\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))/g, (whole, u4, u8, single) => {
      const code = u4 ?? u8;
      if (code) {
        const point = Number.parseInt(code, 16);
        return point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      }
      return ESCAPES[single] ?? whole;
    })
    .replace(/\$\$\{/g, "${")
    .replace(/%%\{/g, "%{");
}

function unescapeHeredoc(raw: string): string {
  return raw.replace(/\$\$\{/g, "${").replace(/%%\{/g, "%{");
}

class Builder {
  readonly #file: SourceFile;

  constructor(file: SourceFile) {
    this.#file = file;
  }

  span(node: Node): TfSpan {
    return this.spanOf(node.startIndex, node.endIndex);
  }

  spanOf(start: number, end: number): TfSpan {
    const from = this.#file.positionAt(start);
    const to = this.#file.positionAt(end);
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column, start, end };
  }

  block(node: Node, depth: number): Block {
    if (depth > MAX_DEPTH) throw new TooDeep();
    let type = "";
    const labels: string[] = [];
    const attributes = new Map<string, Attribute>();
    const blocks: Block[] = [];
    let closeBrace = -1;
    for (const child of node.children) {
      if (!child) continue;
      switch (child.type) {
        case "identifier":
          if (type === "") type = child.text;
          else labels.push(child.text);
          break;
        case "string_lit":
          labels.push(unescapeQuoted(this.stringContent(child)));
          break;
        case "body":
          for (const item of child.namedChildren) {
            if (item?.type === "attribute") {
              const attribute = this.attribute(item, depth);
              attributes.set(attribute.name, attribute);
            } else if (item?.type === "block") {
              blocks.push(this.block(item, depth + 1));
            }
          }
          break;
        case "block_end":
          closeBrace = child.startIndex;
          break;
      }
    }
    const lineStart = this.#file.lineStarts()[this.#file.positionAt(node.startIndex).line - 1] ?? 0;
    const indent = /^[ \t]*/.exec(this.#file.text.slice(lineStart, node.startIndex))?.[0] ?? "";
    const block: Block = {
      type,
      labels,
      dynamic: false,
      attributes,
      blocks,
      span: this.span(node),
      closeBrace,
      indent,
    };
    if (type === "dynamic" && labels[0] !== undefined) {
      // `dynamic "ingress" { for_each = …; content { … } }` stands for zero or more `ingress` blocks.
      const content = blocks.find((inner) => inner.type === "content");
      return {
        ...block,
        type: labels[0],
        labels: [],
        dynamic: true,
        attributes: content?.attributes ?? new Map(),
        blocks: content?.blocks ?? [],
      };
    }
    return block;
  }

  attribute(node: Node, depth: number): Attribute {
    const named = node.namedChildren;
    const name = named.find((child) => child?.type === "identifier")?.text ?? "";
    const valueNode = named.find((child) => child?.type === "expression");
    const value: Expr = valueNode
      ? this.expression(valueNode, depth + 1)
      : { kind: "other", span: this.span(node) };
    return { name, value, span: this.span(node) };
  }

  /** The raw text between the quotes of a `string_lit`. */
  stringContent(node: Node): string {
    const children = node.children;
    const open = children.find((child) => child?.type === "quoted_template_start");
    const close = children.find((child) => child?.type === "quoted_template_end");
    if (!open || !close) return "";
    return this.#file.text.slice(open.endIndex, close.startIndex);
  }

  expression(node: Node, depth: number): Expr {
    if (depth > MAX_DEPTH) throw new TooDeep();
    const span = this.span(node);
    // Every access to a node's children builds their JS objects: the first child alone tells a
    // parenthesised expression apart.
    if (node.firstChild?.type === "(") {
      const inner = node.children.find((child) => child?.type === "expression");
      return inner ? this.expression(inner, depth + 1) : { kind: "other", span };
    }
    const named = node.namedChildren.filter((child): child is Node => child !== null);
    const primary = named[0];
    if (!primary) return { kind: "other", span };
    const postfix = named.slice(1);
    if (primary.type === "variable_expr") return this.reference(primary, postfix, span, depth);
    if (postfix.length > 0) return { kind: "other", span };
    return this.primary(primary, span, depth);
  }

  reference(primary: Node, postfix: Node[], span: TfSpan, depth: number): Expr {
    const path = [primary.text];
    for (const step of postfix) {
      if (step.type === "get_attr") {
        const name = step.namedChildren.find((child) => child?.type === "identifier");
        if (!name) break;
        path.push(name.text);
        continue;
      }
      if (step.type === "index") {
        const key = this.indexKey(step, depth);
        if (key === undefined) {
          path.push("*");
          break;
        }
        path.push(key);
        continue;
      }
      path.push("*"); // splat or anything else: the rest of the path is not a single value
      break;
    }
    return { kind: "reference", path, span };
  }

  indexKey(step: Node, depth: number): string | undefined {
    const inner = step.namedChildren[0];
    if (inner?.type === "legacy_index") return /\d+/.exec(inner.text)?.[0];
    const expression = inner?.namedChildren.find((child) => child?.type === "expression");
    if (!expression) return undefined;
    const value = this.expression(expression, depth + 1);
    if (value.kind === "literal" && (typeof value.value === "string" || typeof value.value === "number")) {
      return String(value.value);
    }
    return undefined;
  }

  primary(node: Node, span: TfSpan, depth: number): Expr {
    switch (node.type) {
      case "literal_value":
        return this.literal(node, span);
      case "collection_value":
        return this.collection(node, span, depth);
      case "template_expr": {
        const template = node.firstNamedChild;
        if (template?.type === "quoted_template") return this.quotedTemplate(template, span, depth);
        if (template?.type === "heredoc_template") return this.heredoc(template, span, depth);
        return { kind: "other", span };
      }
      case "function_call": {
        const named = node.namedChildren;
        const name = named.find((child) => child?.type === "identifier")?.text ?? "";
        const list = named.find((child) => child?.type === "function_arguments");
        const args = (list?.namedChildren ?? [])
          .filter((child): child is Node => child?.type === "expression")
          .map((child) => this.expression(child, depth + 1));
        return { kind: "call", name, args, span };
      }
      case "operation": {
        const unary = node.namedChildren[0];
        if (unary?.type === "unary_operation") {
          const operator = unary.children[0]?.type ?? "";
          const operandNode = unary.namedChildren[0];
          if (operandNode) {
            const operand =
              operandNode.type === "expression"
                ? this.expression(operandNode, depth + 1)
                : this.primary(operandNode, this.span(operandNode), depth + 1);
            return { kind: "unary", operator, operand, span };
          }
        }
        return { kind: "other", span };
      }
      case "conditional": {
        const parts = node.namedChildren.filter((child): child is Node => child?.type === "expression");
        if (parts.length === 3) {
          return {
            kind: "conditional",
            condition: this.expression(parts[0]!, depth + 1),
            whenTrue: this.expression(parts[1]!, depth + 1),
            whenFalse: this.expression(parts[2]!, depth + 1),
            span,
          };
        }
        return { kind: "other", span };
      }
      case "expression":
        return this.expression(node, depth + 1);
      default:
        return { kind: "other", span };
    }
  }

  literal(node: Node, span: TfSpan): Expr {
    const inner = node.firstNamedChild;
    switch (inner?.type) {
      case "numeric_lit": {
        const value = Number(inner.text);
        return Number.isFinite(value) ? { kind: "literal", value, span } : { kind: "other", span };
      }
      case "bool_lit":
        return { kind: "literal", value: inner.text === "true", span };
      case "null_lit":
        return { kind: "literal", value: null, span };
      case "string_lit":
        return { kind: "literal", value: unescapeQuoted(this.stringContent(inner)), span };
      default:
        return { kind: "other", span };
    }
  }

  collection(node: Node, span: TfSpan, depth: number): Expr {
    const inner = node.firstNamedChild;
    if (inner?.type === "tuple") {
      const items = inner.namedChildren
        .filter((child): child is Node => child?.type === "expression")
        .map((child) => this.expression(child, depth + 1));
      return { kind: "tuple", items, span };
    }
    if (inner?.type === "object") {
      const entries: ObjectEntry[] = [];
      for (const element of inner.namedChildren) {
        if (element?.type !== "object_elem") continue;
        const [keyNode, valueNode] = element.namedChildren.filter(
          (child): child is Node => child?.type === "expression",
        );
        if (!keyNode || !valueNode) continue;
        const keyExpr = this.expression(keyNode, depth + 1);
        let key: string | undefined;
        if (keyExpr.kind === "reference" && keyExpr.path.length === 1) key = keyExpr.path[0];
        else if (keyExpr.kind === "literal" && typeof keyExpr.value === "string") key = keyExpr.value;
        entries.push({ key, value: this.expression(valueNode, depth + 1), span: this.span(element) });
      }
      return { kind: "object", entries, span };
    }
    return { kind: "other", span };
  }

  /** Literal pieces are the source between interpolations, so whitespace and newlines survive. */
  templateParts(
    node: Node,
    from: number,
    to: number,
    depth: number,
    decode: (raw: string) => string,
  ): (string | Expr)[] | undefined {
    const parts: (string | Expr)[] = [];
    let cursor = from;
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === "template_directive") return undefined;
      if (child.type !== "template_interpolation") continue;
      if (child.startIndex > cursor) parts.push(decode(this.#file.text.slice(cursor, child.startIndex)));
      const inner = child.namedChildren.find((item) => item?.type === "expression");
      parts.push(inner ? this.expression(inner, depth + 1) : { kind: "other", span: this.span(child) });
      cursor = child.endIndex;
    }
    if (to > cursor) parts.push(decode(this.#file.text.slice(cursor, to)));
    return parts;
  }

  quotedTemplate(node: Node, span: TfSpan, depth: number): Expr {
    const children = node.children;
    const open = children.find((child) => child?.type === "quoted_template_start");
    const close = children.find((child) => child?.type === "quoted_template_end");
    if (!open || !close) return { kind: "other", span };
    const parts = this.templateParts(node, open.endIndex, close.startIndex, depth, unescapeQuoted);
    return parts ? simplifyTemplate(parts, false, span) : { kind: "other", span };
  }

  heredoc(node: Node, span: TfSpan, depth: number): Expr {
    const identifiers = node.children.filter((child): child is Node => child?.type === "heredoc_identifier");
    const opening = identifiers[0];
    const closing = identifiers[1];
    if (!opening || !closing) return { kind: "other", span };
    const text = this.#file.text;
    const newline = text.indexOf("\n", opening.endIndex);
    const from = newline === -1 ? opening.endIndex : newline + 1;
    const to = text.lastIndexOf("\n", closing.startIndex - 1) + 1;
    const parts = this.templateParts(node, from, Math.max(from, to), depth, unescapeHeredoc);
    return parts ? simplifyTemplate(parts, true, span) : { kind: "other", span };
  }
}

function simplifyTemplate(parts: (string | Expr)[], heredoc: boolean, span: TfSpan): Expr {
  if (parts.every((part) => typeof part === "string"))
    return { kind: "literal", value: parts.join(""), span };
  return { kind: "template", parts, heredoc, span };
}
