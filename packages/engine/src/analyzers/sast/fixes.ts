// Mechanical fixes for taint findings, only where the rewrite keeps the program's meaning: a SQL
// query built inline by concatenation, a template literal, an f-string or `%` formatting becomes a
// constant query with placeholders plus the values as bind parameters.
import type { SgNode } from "@ast-grep/napi";
import type { Report } from "../../rule.ts";
import { commandFix } from "./command-fixes.ts";
import type { SastModel } from "./model.ts";
import { placeholderFor } from "./sql-dialect.ts";
import type { TaintFlow } from "./taint.ts";

export type Piece = { literal: string } | { expression: string };

const CONCAT_KINDS = new Set(["binary_expression", "binary_operator"]);
const STRING_KINDS = new Set([
  "string",
  "interpreted_string_literal",
  "raw_string_literal",
  "string_literal",
]);

/** The content of a plain string literal, or undefined (f-strings, templates with holes, escapes we do not rewrite). */
export function literalContent(node: SgNode): string | undefined {
  if (!STRING_KINDS.has(node.kind() as string)) return undefined;
  const text = node.text();
  const match = /^(["'`])((?:(?!\1)[^\\$]|\\[^\\]|\$(?!\{))*)\1$/.exec(text);
  return match ? match[2] : undefined;
}

/** `"a" + x + "b"` as pieces; undefined when an operand is not a literal or a simple expression. */
export function concatPieces(node: SgNode, text: string): Piece[] | undefined {
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
export function interpolatedPieces(node: SgNode): Piece[] | undefined {
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

/**
 * Every placeholder must stand where SQL takes a value: outside string literals, right after a
 * comparison (`=`, `<>`, `LIKE` …) or inside a `VALUES (…)` list, and followed by a separator.
 * Elsewhere the concatenated text was SQL syntax (a column in `ORDER BY`, a list in `IN (…)`, a
 * `LIMIT` that a string parameter would break), which a bind parameter does not replace.
 */
function placeholdersInValuePositions(sql: string, count: number): boolean {
  const outside = sql.replace(/'(?:[^']|'')*'/g, "''");
  if (outside.includes("'")) return false;
  const placeholders = [...outside.matchAll(/\?|\$\d+|%s/g)];
  if (placeholders.length !== count) return false;
  return placeholders.every((match) => {
    const before = outside.slice(0, match.index).trimEnd();
    const after = outside.slice(match.index + match[0].length);
    if (!/^(?:\s|\)|,|;|$)/.test(after)) return false;
    if (/(?:[=<>]|\b(?:I?LIKE)|\bNOT\s+LIKE)$/i.test(before)) return true;
    return /[(,]$/.test(before) && /\bVALUES\s*\((?:[^()']|'')*$/i.test(before);
  });
}

export function fixFor(model: SastModel, flow: TaintFlow): Report["fix"] | undefined {
  if (flow.hazard === "command-injection") return commandFix(model, flow);
  if (flow.hazard !== "sql-injection" || !flow.call) return undefined;
  const argument = (flow.argument as { node?: SgNode }).node;
  return argument ? sqlFix(model, flow.callee, flow.call.args.length, argument) : undefined;
}

/**
 * The fix of a `dynamic-sql-query` match (query text built from values not known to be untrusted):
 * the same rewrite, when the built text is the only argument of a call the language's spec names
 * as a SQL sink. The fix is about the sink, whatever the values' source.
 */
export function sqlQueryFix(model: SastModel, node: SgNode): Report["fix"] | undefined {
  const list = node.parent();
  const call = list?.parent();
  if (!list || !call || !model.spec.kinds.calls.includes(call.kind() as string)) return undefined;
  const args = list.children().filter((child) => child.isNamed() && (child.kind() as string) !== "comment");
  if (args.length !== 1 || args[0]!.id() !== node.id()) return undefined;
  const callee = call.field("function")?.text() ?? "";
  const callText = call.text();
  const sink = model.spec.sinks.some(
    (spec) =>
      spec.hazard === "sql-injection" &&
      spec.callee.test(callee) &&
      (spec.args === "all" || spec.args.includes(0)) &&
      (!spec.onlyCall || spec.onlyCall.test(callText)) &&
      !spec.unlessCall?.test(callText) &&
      (!spec.onlyFile || spec.onlyFile.test(model.file.text)),
  );
  return sink ? sqlFix(model, callee, 1, node) : undefined;
}

/** Bind parameters for the query text `argument` of a call of `callee` with `argumentCount` arguments. */
function sqlFix(
  model: SastModel,
  callee: string,
  argumentCount: number,
  argument: SgNode,
): Report["fix"] | undefined {
  if (argumentCount !== 1) return undefined; // already has bind parameters, or a form we do not know
  const placeholder = placeholderFor(model, callee);
  if (!placeholder) return undefined;
  const text = model.file.text;
  const language = model.language;
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
      if ((sql.match(/%s/g) ?? []).length !== values.length || /["\\?]|%%/.test(sql)) return undefined;
      const query = placeholder === "?" ? sql.replace(/%s/g, "?") : sql;
      if (!placeholdersInValuePositions(query, values.length)) return undefined;
      return edit(model, argument, `"${query}", (${values.join(", ")}${values.length === 1 ? "," : ""})`);
    }
  }
  const pieces = interpolatedPieces(argument) ?? concatPieces(argument, text);
  if (!pieces || pieces.length < 2) return undefined;
  // A literal `?`, `%` or `$1` already in the text would be read as a placeholder too.
  if (pieces.some((piece) => "literal" in piece && /[?%]|\$\d/.test(piece.literal))) return undefined;
  const query = toQuery(pieces, (n) => (placeholder === "$n" ? `$${n}` : placeholder));
  if (!query || !placeholdersInValuePositions(query.sql, query.values.length)) return undefined;
  if (language === "python") {
    const tuple = `(${query.values.join(", ")}${query.values.length === 1 ? "," : ""})`;
    return edit(model, argument, `"${query.sql}", ${tuple}`);
  }
  if (language === "go") return edit(model, argument, `"${query.sql}", ${query.values.join(", ")}`);
  return edit(model, argument, `"${query.sql}", [${query.values.join(", ")}]`);
}

function edit(model: SastModel, node: SgNode, replacement: string): Report["fix"] {
  const range = node.range();
  return {
    description: "pass the values as bind parameters instead of building the query text",
    edits: [
      {
        start: model.file.byteOffsetOfIndex(range.start.index),
        end: model.file.byteOffsetOfIndex(range.end.index),
        text: replacement,
      },
    ],
  };
}
