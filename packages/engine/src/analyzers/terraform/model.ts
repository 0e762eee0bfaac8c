// The typed model of a Terraform file: blocks (resources, data sources, variables, locals, nested
// and `dynamic` blocks) with their attributes as small expression trees, every node with its span.
// Built by parser.ts straight from the text.
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import type { SourceFile } from "../../source.ts";
import { HclSyntaxError, HclTooDeep, MAX_DEPTH, parseHcl } from "./parser.ts";

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
  /** A dynamic block's `for_each` and its iterator's name (`iterator`, else the block type). */
  forEach?: { collection: Expr; iterator: string };
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
  /**
   * Values bound by the caller for whole reference roots (`var`, `count`, `each`, `terraform`),
   * taking precedence over `variableDefaults`: the drift evaluation binds a root module's tfvars and
   * each instance's `count.index` / `each.key` this way. Scanning binds none.
   */
  bindings?: ReadonlyMap<string, unknown>;
  /**
   * Evaluation steps left for everything sharing this object; at zero every value is unknown.
   * Locals that each reference another twice double the work per level: a configuration from an
   * untrusted repository evaluated in a server needs a ceiling (scanning has its worker timeout).
   */
  budget?: { remaining: number };
}

export function parseTerraform(file: SourceFile): ParseResult<TerraformModel> {
  try {
    const blocks = parseHcl(file);
    return parsed({ blocks, scope: scopeOf(blocks) });
  } catch (error) {
    if (error instanceof HclSyntaxError)
      return skipped(`invalid HCL at line ${file.positionAt(error.index).line}`);
    if (error instanceof HclTooDeep) return skipped(`nesting deeper than ${MAX_DEPTH} levels`);
    throw error;
  }
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
