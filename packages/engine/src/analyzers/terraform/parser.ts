// A recursive-descent parser for HCL2 native syntax (Terraform `.tf`) that builds the model of
// model.ts directly from the text, with no syntax tree in between: tree-sitter's WASM parse and
// node marshalling were most of a Terraform file's scan time. Newlines are plain whitespace, as
// they were in that grammar; see the README for where the two differ.
import type { SourceFile } from "../../source.ts";
import type { Attribute, Block, Expr, ObjectEntry, TfSpan } from "./model.ts";

/** Deeper nesting than this is not configuration anyone writes; refuse it rather than overflow. */
export const MAX_DEPTH = 200;

/** A syntax error at a UTF-16 index of the file. */
export class HclSyntaxError extends Error {
  constructor(readonly index: number) {
    super(`invalid HCL at index ${index}`);
  }
}

export class HclTooDeep extends Error {}

/** Binding power of each binary operator (all left-associative), as in the HCL spec. */
const BINARY: ReadonlyMap<string, number> = new Map([
  ["||", 1],
  ["&&", 2],
  ["==", 3],
  ["!=", 3],
  [">", 4],
  [">=", 4],
  ["<", 4],
  ["<=", 4],
  ["+", 5],
  ["-", 5],
  ["*", 6],
  ["/", 6],
  ["%", 6],
]);

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\" };

/** Decodes the escapes of a quoted-template literal piece. */
function unescapeQuoted(raw: string): string {
  if (!raw.includes("\\") && !raw.includes("{")) return raw;
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

const IDENTIFIER = /[\p{ID_Start}_](?:[\p{ID_Continue}-]|::)*/uy;
const NUMBER = /0x[0-9a-zA-Z]+|[0-9]+(?:\.[0-9]+(?:[eE][-+]?[0-9]+)?)?/y;
const DIGITS = /[0-9]+/y;
const IDENTIFIER_PART = /[\p{ID_Continue}-]/u;
const HEREDOC_MARKER = /[\p{L}\p{N}_-]+/uy;
const WHITESPACE = /\s/;

function isAsciiIdentifierPart(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 65 && code <= 90) || // A-Z
    (code >= 48 && code <= 57) || // 0-9
    code === 95 || // _
    code === 45 // -
  );
}

/** Parses a whole file into its top-level blocks; throws HclSyntaxError or HclTooDeep. */
export function parseHcl(file: SourceFile): Block[] {
  return new Parser(file).file();
}

class Parser {
  readonly #file: SourceFile;
  readonly #text: string;
  #pos = 0;
  #depth = 0;

  constructor(file: SourceFile) {
    this.#file = file;
    this.#text = file.text;
  }

  file(): Block[] {
    this.space();
    // A file holding one object (tfvars written as JSON) has no blocks.
    if (this.#text.charCodeAt(this.#pos) === 123 /* { */) {
      this.expression();
      this.space();
      if (this.#pos < this.#text.length) this.fail();
      return [];
    }
    const blocks: Block[] = [];
    this.body(blocks, new Map(), false);
    return blocks;
  }

  // --- characters ---------------------------------------------------------------------------

  fail(at = this.#pos): never {
    throw new HclSyntaxError(at);
  }

  /** Skips whitespace (newlines included) and comments. */
  space(): void {
    const text = this.#text;
    const length = text.length;
    let pos = this.#pos;
    while (pos < length) {
      const code = text.charCodeAt(pos);
      if (code === 32 || code === 10 || code === 9 || code === 13) pos++;
      else if (code === 35 /* # */ || (code === 47 && text.charCodeAt(pos + 1) === 47) /* // */) {
        const end = text.indexOf("\n", pos);
        pos = end === -1 ? length : end + 1;
      } else if (code === 47 && text.charCodeAt(pos + 1) === 42 /* /* */) {
        const end = text.indexOf("*/", pos + 2);
        if (end === -1) this.fail(pos);
        pos = end + 2;
      } else if (code > 127 || code === 11 || code === 12) {
        if (!WHITESPACE.test(text[pos]!)) break;
        pos++;
      } else break;
    }
    this.#pos = pos;
  }

  peek(): number {
    return this.#text.charCodeAt(this.#pos);
  }

  startsWith(token: string): boolean {
    return this.#text.startsWith(token, this.#pos);
  }

  expect(token: string): void {
    this.space();
    if (!this.startsWith(token)) this.fail();
    this.#pos += token.length;
  }

  /** An identifier at the cursor (no space skipped), or undefined. */
  identifier(): string | undefined {
    const text = this.#text;
    const start = this.#pos;
    const first = text.charCodeAt(start);
    if (first < 128 && !((first >= 97 && first <= 122) || (first >= 65 && first <= 90) || first === 95)) {
      return undefined;
    }
    let pos = start;
    if (first < 128) {
      pos++;
      for (;;) {
        const code = text.charCodeAt(pos);
        if (code < 128 && isAsciiIdentifierPart(code)) pos++;
        else if (code === 58 && text.charCodeAt(pos + 1) === 58) pos += 2;
        else break;
      }
      if (text.charCodeAt(pos) < 128 || pos >= text.length) {
        this.#pos = pos;
        return text.slice(start, pos);
      }
    }
    IDENTIFIER.lastIndex = start;
    const match = IDENTIFIER.exec(text);
    if (!match) return undefined;
    this.#pos = start + match[0].length;
    return match[0];
  }

  /** A keyword at the cursor: the word and no identifier character after it. */
  keyword(word: string): boolean {
    if (!this.startsWith(word)) return false;
    const next = this.#pos + word.length;
    const after = this.#text.charCodeAt(next);
    if (after < 128 ? isAsciiIdentifierPart(after) : IDENTIFIER_PART.test(this.#text[next] ?? ""))
      return false;
    if (after === 58 && this.#text.charCodeAt(next + 1) === 58) return false; // `for::x` is a name
    this.#pos += word.length;
    return true;
  }

  span(start: number, end: number): TfSpan {
    const from = this.#file.positionAt(start);
    const to = this.#file.positionAt(end);
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column, start, end };
  }

  enter(): void {
    if (++this.#depth > MAX_DEPTH) throw new HclTooDeep();
  }

  leave(): void {
    this.#depth--;
  }

  // --- structure ----------------------------------------------------------------------------

  /** Attributes and blocks up to the end of the file, or up to the `}` of a block when `nested`. */
  body(blocks: Block[], attributes: Map<string, Attribute>, nested: boolean): void {
    for (;;) {
      this.space();
      if (this.#pos >= this.#text.length) {
        if (nested) this.fail();
        return;
      }
      if (nested && this.peek() === 125 /* } */) return;
      const start = this.#pos;
      const name = this.identifier();
      if (name === undefined) this.fail();
      this.space();
      if (this.peek() === 61 /* = */ && !this.startsWith("==") && !this.startsWith("=>")) {
        this.#pos++;
        const value = this.expression();
        attributes.set(name, { name, value, span: this.span(start, this.#pos) });
      } else {
        blocks.push(this.block(name, start));
      }
    }
  }

  block(type: string, start: number): Block {
    this.enter();
    const labels: string[] = [];
    for (;;) {
      this.space();
      const code = this.peek();
      if (code === 123 /* { */) break;
      if (code === 34 /* " */) {
        const label = this.quoted(this.#pos);
        if (label.kind !== "literal") this.fail(label.span.start);
        labels.push(String(label.value));
        continue;
      }
      const label = this.identifier();
      if (label === undefined) this.fail();
      labels.push(label);
    }
    this.#pos++; // {
    const attributes = new Map<string, Attribute>();
    const blocks: Block[] = [];
    this.body(blocks, attributes, true);
    const closeBrace = this.#pos;
    this.#pos++; // }
    this.leave();
    const lineStart = this.#file.lineStarts()[this.#file.positionAt(start).line - 1] ?? 0;
    const indent = /^[ \t]*/.exec(this.#text.slice(lineStart, start))?.[0] ?? "";
    const span = this.span(start, this.#pos);
    if (type === "dynamic" && labels[0] !== undefined) {
      // `dynamic "ingress" { for_each = …; content { … } }` stands for zero or more `ingress` blocks.
      const content = blocks.find((inner) => inner.type === "content");
      const collection = attributes.get("for_each")?.value;
      const iterator = attributes.get("iterator")?.value;
      const iteratorName =
        iterator?.kind === "reference" && iterator.path.length === 1 ? iterator.path[0]! : labels[0];
      return {
        type: labels[0],
        labels: [],
        dynamic: true,
        ...(collection ? { forEach: { collection, iterator: iteratorName } } : {}),
        attributes: content?.attributes ?? new Map(),
        blocks: content?.blocks ?? [],
        span,
        closeBrace,
        indent,
      };
    }
    return { type, labels, dynamic: false, attributes, blocks, span, closeBrace, indent };
  }

  // --- expressions --------------------------------------------------------------------------

  // Every expression method starts after skipping space and leaves the cursor right after the
  // expression's last character, so spans end there (a parenthesised value's span includes the `)`).

  expression(): Expr {
    this.enter();
    this.space();
    const start = this.#pos;
    const condition = this.binary(0);
    const end = this.#pos;
    this.space();
    let result = condition;
    if (this.peek() === 63 /* ? */) {
      this.#pos++;
      const whenTrue = this.expression();
      this.expect(":");
      const whenFalse = this.expression();
      result = { kind: "conditional", condition, whenTrue, whenFalse, span: this.span(start, this.#pos) };
    } else {
      this.#pos = end;
    }
    this.leave();
    return result;
  }

  /** Operators of at least `minimum` binding power, by precedence climbing. */
  binary(minimum: number): Expr {
    const start = this.#pos;
    let left = this.unary();
    for (;;) {
      const end = this.#pos;
      this.space();
      const operator = this.operator();
      const power = operator === undefined ? undefined : BINARY.get(operator);
      if (power === undefined || power < minimum) {
        this.#pos = end;
        return left;
      }
      this.#pos += operator!.length;
      this.space();
      this.binary(power + 1);
      left = { kind: "other", span: this.span(start, this.#pos) };
    }
  }

  operator(): string | undefined {
    const two = this.#text.slice(this.#pos, this.#pos + 2);
    if (BINARY.has(two)) return two;
    const one = this.#text[this.#pos];
    return one !== undefined && BINARY.has(one) ? one : undefined;
  }

  unary(): Expr {
    const code = this.peek();
    if (code === 45 /* - */ || (code === 33 /* ! */ && !this.startsWith("!="))) {
      const start = this.#pos;
      this.#pos++;
      this.space();
      this.enter();
      const operand = this.unary();
      this.leave();
      return { kind: "unary", operator: code === 45 ? "-" : "!", operand, span: this.span(start, this.#pos) };
    }
    return this.term();
  }

  /** A primary expression and its attribute accesses, indexes and splats. */
  term(): Expr {
    const start = this.#pos;
    const primary = this.primary();
    const path = primary.kind === "reference" ? [...primary.path] : undefined;
    let open = path !== undefined; // the path still names a single value
    let postfix = false;
    for (;;) {
      const before = this.#pos;
      this.space();
      const code = this.peek();
      if (code === 46 /* . */ && !this.startsWith("...")) {
        this.#pos++;
        if (this.peek() === 42 /* * */) {
          this.#pos++;
          if (open) path!.push("*");
          open = false;
        } else if (this.peek() >= 48 && this.peek() <= 57) {
          DIGITS.lastIndex = this.#pos;
          const match = DIGITS.exec(this.#text)!;
          this.#pos += match[0].length;
          if (open) path!.push(match[0]);
        } else {
          this.space();
          const name = this.identifier();
          if (name === undefined) this.fail();
          if (open) path!.push(name);
        }
      } else if (code === 91 /* [ */) {
        this.#pos++;
        this.space();
        if (this.peek() === 42 /* * */) {
          this.#pos++;
          this.expect("]");
          if (open) path!.push("*");
          open = false;
        } else {
          const key = this.expression();
          this.expect("]");
          if (open) {
            const value = key.kind === "literal" ? key.value : undefined;
            if (typeof value === "string" || typeof value === "number") path!.push(String(value));
            else {
              path!.push("*");
              open = false;
            }
          }
        }
      } else {
        this.#pos = before;
        break;
      }
      postfix = true;
    }
    if (!postfix) return primary;
    const span = this.span(start, this.#pos);
    return path ? { kind: "reference", path, span } : { kind: "other", span };
  }

  primary(): Expr {
    const start = this.#pos;
    const code = this.peek();
    if (code === 34 /* " */) return this.quoted(start);
    if (code === 60 /* < */ && this.startsWith("<<")) return this.heredoc(start);
    if (code === 91 /* [ */) return this.tuple(start);
    if (code === 123 /* { */) return this.object(start);
    if (code === 40 /* ( */) {
      this.#pos++;
      const inner = this.expression();
      this.expect(")");
      return inner;
    }
    if (code >= 48 && code <= 57) {
      NUMBER.lastIndex = start;
      const match = NUMBER.exec(this.#text)!;
      this.#pos += match[0].length;
      const value = Number(match[0]);
      const span = this.span(start, this.#pos);
      return Number.isFinite(value) ? { kind: "literal", value, span } : { kind: "other", span };
    }
    const name = this.identifier();
    if (name === undefined) this.fail();
    if (name === "true" || name === "false") {
      return { kind: "literal", value: name === "true", span: this.span(start, this.#pos) };
    }
    if (name === "null") return { kind: "literal", value: null, span: this.span(start, this.#pos) };
    const after = this.#pos;
    this.space();
    if (this.peek() === 40 /* ( */) return this.call(name, start);
    this.#pos = after;
    return { kind: "reference", path: [name], span: this.span(start, after) };
  }

  call(name: string, start: number): Expr {
    this.#pos++; // (
    const args: Expr[] = [];
    for (;;) {
      this.space();
      if (this.peek() === 41 /* ) */) break;
      args.push(this.expression());
      this.space();
      if (this.startsWith("...")) {
        this.#pos += 3;
        this.space();
        break;
      }
      if (this.peek() === 44 /* , */) this.#pos++;
      else break;
    }
    this.expect(")");
    return { kind: "call", name, args, span: this.span(start, this.#pos) };
  }

  tuple(start: number): Expr {
    this.#pos++; // [
    this.space();
    if (this.keyword("for")) return this.forExpression(start, "]");
    const items: Expr[] = [];
    for (;;) {
      this.space();
      if (this.peek() === 93 /* ] */) break;
      items.push(this.expression());
      this.space();
      if (this.peek() === 44 /* , */) this.#pos++;
      else break;
    }
    this.expect("]");
    return { kind: "tuple", items, span: this.span(start, this.#pos) };
  }

  object(start: number): Expr {
    this.#pos++; // {
    this.space();
    if (this.keyword("for")) return this.forExpression(start, "}");
    const entries: ObjectEntry[] = [];
    for (;;) {
      this.space();
      if (this.peek() === 125 /* } */) break;
      const entryStart = this.#pos;
      const keyExpr = this.expression();
      this.space();
      const separator = this.peek();
      if (!(separator === 58 /* : */ || (separator === 61 /* = */ && !this.startsWith("=>")))) this.fail();
      this.#pos++;
      const value = this.expression();
      let key: string | undefined;
      if (keyExpr.kind === "reference" && keyExpr.path.length === 1) key = keyExpr.path[0];
      else if (keyExpr.kind === "literal" && typeof keyExpr.value === "string") key = keyExpr.value;
      entries.push({ key, value, span: this.span(entryStart, this.#pos) });
      this.space();
      if (this.peek() === 44 /* , */) this.#pos++;
    }
    this.#pos++; // }
    return { kind: "object", entries, span: this.span(start, this.#pos) };
  }

  /** `[for x in xs : x if c]` or `{for k, v in m : k => v... if c}`, after `for`: never evaluated. */
  forExpression(start: number, close: "]" | "}"): Expr {
    this.forIntro();
    this.expression();
    if (close === "}") {
      this.expect("=>");
      this.expression();
      this.space();
      if (this.startsWith("...")) this.#pos += 3;
    }
    this.space();
    if (this.keyword("if")) this.expression();
    this.expect(close);
    return { kind: "other", span: this.span(start, this.#pos) };
  }

  /** `for k, v in collection :` (`for` already read). */
  forIntro(): void {
    this.forVariables();
    this.expect(":");
  }

  /** `k, v in collection` or `v in collection`, in a for expression or a `%{ for }` directive. */
  forVariables(): void {
    this.space();
    if (this.identifier() === undefined) this.fail();
    this.space();
    if (this.peek() === 44 /* , */) {
      this.#pos++;
      this.space();
      if (this.identifier() === undefined) this.fail();
    }
    this.space();
    if (!this.keyword("in")) this.fail();
    this.expression();
  }

  // --- templates ----------------------------------------------------------------------------

  /** `"…"`: a literal when it has no interpolation, else a template; directives make it `other`. */
  quoted(start: number): Expr {
    this.#pos++; // "
    const from = this.#pos;
    const parts = this.templateBody(start, undefined, unescapeQuoted);
    const to = this.#pos;
    this.#pos++; // "
    const span = this.span(start, this.#pos);
    return parts ? simplifyTemplate(parts(from, to), false, span) : { kind: "other", span };
  }

  /** `<<EOF` or `<<-EOF`, lines, then the marker alone on its line. */
  heredoc(start: number): Expr {
    this.#pos += this.startsWith("<<-") ? 3 : 2;
    this.space();
    HEREDOC_MARKER.lastIndex = this.#pos;
    const marker = HEREDOC_MARKER.exec(this.#text)?.[0];
    if (!marker) this.fail();
    this.#pos += marker.length;
    const newline = this.#text.indexOf("\n", this.#pos);
    const from = newline === -1 ? this.#pos : newline + 1;
    const parts = this.templateBody(start, marker, unescapeHeredoc);
    const to = this.#pos; // start of the closing marker's line
    this.#pos = this.#text.indexOf(marker, to) + marker.length;
    const span = this.span(start, this.#pos);
    return parts ? simplifyTemplate(parts(from, Math.max(from, to)), true, span) : { kind: "other", span };
  }

  /**
   * Reads the content of the template opened at `opening` up to its end (the closing quote, or the line holding the heredoc
   * marker), leaving the cursor there. Returns a function that cuts the literal pieces between
   * `from` and `to` around the interpolations, or undefined when the template has a directive.
   */
  templateBody(
    opening: number,
    marker: string | undefined,
    decode: (raw: string) => string,
  ): ((from: number, to: number) => (string | Expr)[]) | undefined {
    const text = this.#text;
    const heredoc = marker !== undefined;
    const interpolations: { start: number; end: number; expr: Expr }[] = [];
    let directives = false;
    const open: string[] = []; // `for` and `if` directives waiting for their end
    let lineStart = heredoc ? text.indexOf("\n", this.#pos) + 1 : -1;
    if (heredoc && lineStart === 0) this.fail(opening);
    for (;;) {
      if (heredoc && this.#pos === lineStart) {
        if (this.closesHeredoc(marker!)) break;
        const next = text.indexOf("\n", this.#pos);
        lineStart = next === -1 ? text.length + 1 : next + 1;
      }
      const pos = this.#pos;
      if (pos >= text.length) this.fail(opening); // never closed: point at where it opened
      const code = text.charCodeAt(pos);
      if (!heredoc && code === 34 /* " */) break;
      if (!heredoc && code === 92 /* \ */) {
        this.escape();
        continue;
      }
      if ((code === 36 /* $ */ || code === 37) /* % */ && text.charCodeAt(pos + 1) === code) {
        this.#pos += text.charCodeAt(pos + 2) === 123 ? 3 : 2; // `$${` and `%%{` are literal
        continue;
      }
      if ((code === 36 || code === 37) && text.charCodeAt(pos + 1) === 123 /* { */) {
        this.#pos += 2;
        this.space();
        if (this.peek() === 126 /* ~ */) this.#pos++;
        if (code === 36) {
          this.space();
          const expr: Expr =
            this.peek() === 125 || this.peek() === 126
              ? { kind: "other", span: this.span(pos, pos) }
              : this.expression();
          this.space();
          if (this.peek() === 126) this.#pos++;
          this.expect("}");
          if (expr.span.start === expr.span.end) expr.span = this.span(pos, this.#pos);
          interpolations.push({ start: pos, end: this.#pos, expr });
        } else {
          directives = true;
          this.directive(open);
        }
        if (heredoc && lineStart <= this.#pos) {
          // an interpolation may span lines: the next line to check starts after its end
          const next = text.indexOf("\n", this.#pos);
          lineStart = next === -1 ? text.length + 1 : next + 1;
        }
        continue;
      }
      this.#pos++;
    }
    if (open.length > 0) this.fail();
    if (directives) return undefined;
    return (from, to) => {
      const parts: (string | Expr)[] = [];
      let cursor = from;
      for (const { start, end, expr } of interpolations) {
        if (start > cursor) parts.push(decode(text.slice(cursor, start)));
        parts.push(expr);
        cursor = end;
      }
      if (to > cursor) parts.push(decode(text.slice(cursor, to)));
      return parts;
    };
  }

  /** At a line start in a heredoc: is this line the closing marker (spaces around it)? */
  closesHeredoc(marker: string): boolean {
    const text = this.#text;
    let pos = this.#pos;
    while (pos < text.length && (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9)) pos++;
    if (!text.startsWith(marker, pos)) return false;
    pos += marker.length;
    while (pos < text.length && text.charCodeAt(pos) !== 10) {
      if (!WHITESPACE.test(text[pos]!)) return false;
      pos++;
    }
    return true;
  }

  /** A backslash escape in a quoted template: the ones HCL defines, nothing else. */
  escape(): void {
    const text = this.#text;
    const next = text[this.#pos + 1];
    if (next === "u" || next === "U") {
      const digits = next === "u" ? 4 : 8;
      if (
        !/^[0-9a-fA-F]+$/.test(text.slice(this.#pos + 2, this.#pos + 2 + digits)) ||
        this.#pos + 2 + digits > text.length
      )
        this.fail();
      this.#pos += 2 + digits;
      return;
    }
    if (next === undefined || !'"nrt\\'.includes(next)) this.fail();
    this.#pos += 2;
  }

  /** `%{ for x in xs }`, `%{ if c }`, `%{ else }`, `%{ endif }`, `%{ endfor }` (after `%{~?`). */
  directive(open: string[]): void {
    this.space();
    if (this.keyword("for")) {
      this.forVariables();
      open.push("for");
    } else if (this.keyword("if")) {
      this.expression();
      open.push("if");
    } else if (this.keyword("else")) {
      if (open.at(-1) !== "if") this.fail();
    } else if (this.keyword("endif") || this.keyword("endfor")) {
      const word = this.#text.slice(this.#pos - 5, this.#pos) === "endif" ? "if" : "for";
      if (open.pop() !== word) this.fail();
    } else {
      this.fail();
    }
    this.space();
    if (this.peek() === 126 /* ~ */) this.#pos++;
    this.expect("}");
  }
}

function simplifyTemplate(parts: (string | Expr)[], heredoc: boolean, span: TfSpan): Expr {
  if (parts.every((part) => typeof part === "string"))
    return { kind: "literal", value: parts.join(""), span };
  return { kind: "template", parts, heredoc, span };
}
