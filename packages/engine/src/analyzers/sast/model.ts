// The SAST model: one ast-grep tree per file (parsed once), plus flat, position-sorted indexes of
// the nodes the taint engine needs (calls, assignments, functions, identifiers), built lazily so a
// file with no untrusted input costs one parse and one source query.
import type { SgNode, SgRoot } from "@ast-grep/napi";
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import { noteParsedText } from "../../native-memory.ts";
import type { SourceFile, Span } from "../../source.ts";
import { dynamicGrammars, parseTree, registerDynamicLanguage } from "./ast-grep.ts";
import { type LanguageName, languageOf } from "./language-of.ts";
import { goSpec } from "./languages/go.ts";
import { javaSpec } from "./languages/java.ts";
import { javascriptSpec, tsxSpec, typescriptSpec } from "./languages/javascript.ts";
import { pythonSpec } from "./languages/python.ts";
import { templateSpec } from "./languages/templates.ts";
import type { LanguageSpec } from "./languages/types.ts";

export { type LanguageName, languageOf, TEMPLATE_EXTENSION } from "./language-of.ts";

export const LANGUAGES: Readonly<Record<LanguageName, LanguageSpec>> = {
  javascript: javascriptSpec,
  typescript: typescriptSpec,
  tsx: tsxSpec,
  python: pythonSpec,
  go: goSpec,
  java: javaSpec,
  template: templateSpec,
};

let registered = false;

/** Loads the Python, Go and Java grammars into ast-grep; JS/TS/TSX are built in. Once per worker. */
export async function registerLanguages(): Promise<void> {
  if (registered) return;
  registerDynamicLanguage(dynamicGrammars() as unknown as Parameters<typeof registerDynamicLanguage>[0]);
  registered = true;
}

/** A node reduced to what the engine needs; indexes are UTF-16 offsets into the file text. */
export interface Range {
  start: number;
  end: number;
  line: number;
  column: number;
}

export interface CallSite extends Range {
  callee: string;
  node: SgNode;
  args: Range[];
}

export interface Assignment extends Range {
  /** Names bound by the left side (destructuring binds several). */
  names: string[];
  /** The left side's text (a property target like `el.innerHTML`). */
  target: string;
  targetRange: Range;
  value: Range | undefined;
  augmented: boolean;
}

export interface Identifier extends Range {
  name: string;
}

export interface SastModel {
  language: LanguageName;
  spec: LanguageSpec;
  file: SourceFile;
  root: SgNode;
  /** Lazily built by `indexOf` (taint.ts). */
  cache: Map<string, unknown>;
}

export function rangeOf(node: SgNode): Range {
  const range = node.range();
  return {
    start: range.start.index,
    end: range.end.index,
    line: range.start.line + 1,
    column: range.start.column + 1,
  };
}

/** A node's position as a finding reports it (1-based lines and columns, end included). */
export function spanOf(node: SgNode): Required<Span> {
  const range = node.range();
  return {
    line: range.start.line + 1,
    column: range.start.column + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.column + 1,
  };
}

/** Parses with the grammar of the file's extension; a tree with a syntax error is skipped. */
export function parseSource(file: SourceFile): ParseResult<SastModel> {
  const language = languageOf(file.path, undefined);
  if (!language) return skipped("not a JavaScript, TypeScript, Python, Go, Java or template file");
  if (!registered && (language === "python" || language === "go" || language === "java"))
    return skipped(`${language} grammar not loaded (prepare was not called)`);
  let tree: SgRoot;
  try {
    tree = parseTree(LANGUAGES[language].grammar, file.text);
    noteParsedText(file.text.length);
  } catch (error) {
    return skipped(`${language} parser failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = tree.root();
  // A template's tags are text to the HTML grammar, and half-open elements across `{% if %}`
  // branches are normal: its rules read the text, so a tree with errors is still a model.
  if (language === "template")
    return parsed({ language, spec: LANGUAGES[language], file, root, cache: new Map() });
  // Tree-sitter recovers from errors with ERROR nodes and zero-width MISSING tokens (the only
  // nodes with empty text once the file is not empty). A MISSING token can sit mid-file (Python's
  // `def f(:` gets a MISSING identifier), so both are looked for, though the regex reads every
  // node's text and costs as much as the ERROR walk itself (bench/RESULTS.md).
  const error =
    file.text.trim() === "" ? null : root.find({ rule: { any: [{ kind: "ERROR" }, { regex: "^$" }] } });
  if (error) {
    const at = rangeOf(error);
    return skipped(`${language} syntax error at line ${at.line}, column ${at.column}`);
  }
  return parsed({ language, spec: LANGUAGES[language], file, root, cache: new Map() });
}
