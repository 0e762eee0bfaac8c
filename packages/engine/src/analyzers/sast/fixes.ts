// Mechanical fixes for taint findings, only where the rewrite keeps the program's meaning: a SQL
// query built inline by concatenation, a template literal, an f-string or `%` formatting becomes a
// constant query with placeholders plus the values as bind parameters.
import type { SgNode } from "@ast-grep/napi";
import type { Report } from "../../rule.ts";
import type { SastModel } from "./model.ts";
import type { TaintFlow } from "./taint.ts";

type Piece = { literal: string } | { expression: string };

const CONCAT_KINDS = new Set(["binary_expression", "binary_operator"]);
const STRING_KINDS = new Set([
  "string",
  "interpreted_string_literal",
  "raw_string_literal",
  "string_literal",
]);

/** The content of a plain string literal, or undefined (f-strings, templates with holes, escapes we do not rewrite). */
function literalContent(node: SgNode): string | undefined {
  if (!STRING_KINDS.has(node.kind() as string)) return undefined;
  const text = node.text();
  const match = /^(["'`])((?:(?!\1)[^\\$]|\\[^\\]|\$(?!\{))*)\1$/.exec(text);
  return match ? match[2] : undefined;
}

/** `"a" + x + "b"` as pieces; undefined when an operand is not a literal or a simple expression. */
function concatPieces(node: SgNode, text: string): Piece[] | undefined {
  if (CONCAT_KINDS.has(node.kind() as string)) {
    const left = node.field("left");
    const right = node.field("right");
    if (!left || !right) return undefined;
    const operator = text.slice(left.range().end.index, right.range().start.index).trim();
    if (operator !== "+") return undefined;
    const head = concatPieces(left, text);
    const tail = concatPieces(right, text);
    return head && tail ? [...head, ...tail] : undefined;
  }
  const literal = literalContent(node);
  if (literal !== undefined) return [{ literal }];
  const expression = node.text();
  return /[\n"'`]/.test(expression) ? undefined : [{ expression }];
}

/** A JS template literal or a Python f-string as pieces. */
function interpolatedPieces(node: SgNode): Piece[] | undefined {
  const text = node.text();
  const template = /^`([^`\\]*)`$/.exec(text) ?? /^[fF](["'])((?:(?!\1)[^\\])*)\1$/.exec(text);
  if (!template) return undefined;
  const body = template.length === 3 ? template[2]! : template[1]!;
  const pieces: Piece[] = [];
  const hole = text.startsWith("`") ? /\$\{([^{}]+)\}/g : /\{([^{}!:]+)\}/g;
  let last = 0;
  for (const match of body.matchAll(hole)) {
    pieces.push({ literal: body.slice(last, match.index) }, { expression: match[1]!.trim() });
    last = match.index + match[0].length;
  }
  if (pieces.length === 0 || /[{}]/.test(body.slice(last).replace(/\{\{|\}\}/g, ""))) return undefined;
  pieces.push({ literal: body.slice(last) });
  return pieces;
}

/** Joins pieces into query text with placeholders, dropping the quotes that surrounded a value. */
function toQuery(
  pieces: Piece[],
  placeholder: (n: number) => string,
): { sql: string; values: string[] } | undefined {
  let sql = "";
  const values: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if ("literal" in piece) {
      sql += piece.literal;
      continue;
    }
    values.push(piece.expression);
    const next = pieces[i + 1];
    if (sql.endsWith("'") && next && "literal" in next && next.literal.startsWith("'")) {
      sql = sql.slice(0, -1);
      pieces[i + 1] = { literal: next.literal.slice(1) };
    }
    sql += placeholder(values.length);
  }
  if (values.length === 0 || /["\\]/.test(sql)) return undefined;
  return { sql, values };
}

export function fixFor(model: SastModel, flow: TaintFlow): Report["fix"] | undefined {
  if (flow.hazard !== "sql-injection" || !flow.call) return undefined;
  const args = flow.call.args;
  if (args.length !== 1) return undefined; // already has bind parameters, or a form we do not know
  const argument = (flow.argument as { node?: SgNode }).node;
  if (!argument) return undefined;
  const text = model.file.text;
  const language = model.language;
  let pieces: Piece[] | undefined;
  if (language === "python" && (argument.kind() as string) === "binary_operator") {
    // "… %s …" % value  or  % (a, b)
    const left = argument.field("left");
    const right = argument.field("right");
    const operator =
      left && right ? text.slice(left.range().end.index, right.range().start.index).trim() : "";
    const format = left ? literalContent(left) : undefined;
    if (operator === "%" && format !== undefined && right && !/%[^s%]/.test(format)) {
      const values =
        (right.kind() as string) === "tuple"
          ? right
              .children()
              .filter((child) => child.isNamed())
              .map((child) => child.text())
          : [right.text()];
      const sql = format.replace(/'%s'/g, "%s");
      if ((sql.match(/%s/g) ?? []).length === values.length && !/["\\]/.test(sql)) {
        return edit(model, argument, `"${sql}", (${values.join(", ")}${values.length === 1 ? "," : ""})`);
      }
    }
  }
  pieces = interpolatedPieces(argument) ?? concatPieces(argument, text);
  if (!pieces || pieces.length < 2) return undefined;
  const postgres = /["'](?:pg|postgres|github\.com\/lib\/pq|github\.com\/jackc\/pgx[^"']*)["']|\$1\b/.test(
    text,
  );
  const sqlite = language === "python" && /^\s*import\s+sqlite3|^\s*from\s+sqlite3\s/m.test(text);
  if (language === "python") {
    const query = toQuery(pieces, () => (sqlite ? "?" : "%s"));
    if (!query) return undefined;
    const tuple = `(${query.values.join(", ")}${query.values.length === 1 ? "," : ""})`;
    return edit(model, argument, `"${query.sql}", ${tuple}`);
  }
  if (language === "go") {
    const query = toQuery(pieces, (n) => (postgres ? `$${n}` : "?"));
    return query ? edit(model, argument, `"${query.sql}", ${query.values.join(", ")}`) : undefined;
  }
  if (language === "javascript" || language === "typescript" || language === "tsx") {
    if (/\$queryRawUnsafe|\$executeRawUnsafe/.test(flow.callee)) return undefined;
    const query = toQuery(pieces, (n) => (postgres ? `$${n}` : "?"));
    return query ? edit(model, argument, `"${query.sql}", [${query.values.join(", ")}]`) : undefined;
  }
  return undefined;
}

function edit(model: SastModel, node: SgNode, replacement: string): Report["fix"] {
  const range = node.range();
  return {
    description: "pass the untrusted values as bind parameters instead of building the query text",
    edits: [
      {
        start: model.file.byteOffsetOfIndex(range.start.index),
        end: model.file.byteOffsetOfIndex(range.end.index),
        text: replacement,
      },
    ],
  };
}
