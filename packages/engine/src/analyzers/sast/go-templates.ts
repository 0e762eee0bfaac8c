// Go: whether every text/template execution of a file is given data that is already escaped for
// HTML, so that the template's lack of escaping adds nothing: `tmpl.Execute(w, safe)` after
// `safe := html.EscapeString(name)`, or `nil`, or a literal; and every template text it parses is
// a literal (text chosen at run time is markup chosen at run time).
import { callArguments } from "./go-package.ts";
import type { SastModel } from "./model.ts";

/** An execution and where its data sits among the arguments. */
const EXECUTION = /\.(Execute|ExecuteTemplate)\s*\(/g;

/** A template parsed from text: `.Parse(text)`. */
const PARSE = /\.Parse\s*\(/g;

const LITERAL = /^(?:"(?:[^"\\\n]|\\.)*"|`[^`]*`)$/;

/** Data the template cannot turn into markup: escaped, nothing, or fixed text. */
const ESCAPED =
  /^(?:nil|"(?:[^"\\\n]|\\.)*"|`[^`]*`|-?\d+|(?:html\.EscapeString|template\.HTMLEscapeString)\([^\n]*\))$/;

/** Bound on hostile input: executions judged per file. */
const MAX_EXECUTIONS = 64;

export function templateDataEscaped(model: SastModel): boolean {
  const cached = model.cache.get("go-template-data-escaped") as boolean | undefined;
  if (cached !== undefined) return cached;
  const text = model.file.text;
  let executions = 0;
  let escaped = true;
  for (const found of text.matchAll(EXECUTION)) {
    const args = callArguments(text, found.index + found[0].length);
    const data = args?.[found[1] === "Execute" ? 1 : 2];
    if (++executions > MAX_EXECUTIONS || data === undefined || !escapedData(text, data)) {
      escaped = false;
      break;
    }
  }
  for (const found of escaped ? text.matchAll(PARSE) : []) {
    const templateText = callArguments(text, found.index + found[0].length)?.[0];
    if (templateText === undefined || !LITERAL.test(templateText)) {
      escaped = false;
      break;
    }
  }
  const result = escaped && executions > 0;
  model.cache.set("go-template-data-escaped", result);
  return result;
}

/** The data is escaped, or a name every assignment in the file gives escaped data. */
function escapedData(text: string, data: string): boolean {
  if (ESCAPED.test(data)) return true;
  if (!/^[A-Za-z_]\w*$/.test(data)) return false;
  const assignments = [
    ...text.matchAll(new RegExp(`^\\s*(?:var\\s+)?${data}(?:\\s+\\w+)?\\s*:?=(?!=)\\s*(.+)$`, "gm")),
  ];
  return assignments.length > 0 && assignments.every((assignment) => ESCAPED.test(assignment[1]!.trim()));
}
