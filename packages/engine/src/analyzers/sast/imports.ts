// Where a fix adds an import: after the file's last top-level import that precedes the code being
// fixed, so the name exists before it runs. Offsets are UTF-16 indexes into the file text; the
// caller turns them into byte offsets. Undefined when no safe place exists.
import type { SgNode } from "@ast-grep/napi";
import type { SastModel } from "./model.ts";

export interface Insertion {
  index: number;
  text: string;
}

/** The index just after the end of `node`'s line (or the end of the file). */
function afterLine(text: string, end: number): { index: number; prefix: string } {
  const newline = text.indexOf("\n", end);
  return newline === -1 ? { index: text.length, prefix: "\n" } : { index: newline + 1, prefix: "" };
}

function topLevel(model: SastModel, kinds: ReadonlySet<string>): SgNode[] {
  return model.root.children().filter((child) => kinds.has(child.kind() as string));
}

/** Inserts `line` after the last of `imports` that ends before `before`, or at `fallback`. */
function insertAfter(
  text: string,
  imports: readonly SgNode[],
  before: number,
  line: string,
  fallback: number | undefined,
): Insertion | undefined {
  const preceding = imports.filter((node) => node.range().end.index <= before);
  if (preceding.length < imports.length && preceding.length === 0) return undefined; // imports only after the code
  const last = preceding.at(-1);
  if (last) {
    const at = afterLine(text, last.range().end.index);
    if (at.index > before) return undefined; // the import shares the fixed code's line
    return { index: at.index, text: `${at.prefix}${line}\n` };
  }
  if (fallback === undefined || fallback > before) return undefined;
  return { index: fallback, text: `${line}\n` };
}

const PYTHON_IMPORTS = new Set(["import_statement", "import_from_statement", "future_import_statement"]);

/** Python: `import <module>` unless the file already imports it. */
export function pythonImport(model: SastModel, module: string, before: number): Insertion | null | undefined {
  const text = model.file.text;
  if (new RegExp(`^import[ \\t]+${module}[ \\t]*(?:#.*)?$`, "m").test(text)) return null;
  const imports = topLevel(model, PYTHON_IMPORTS);
  // No import yet: after a module docstring, else before the first statement (comments such as a
  // shebang or coding line stay above it).
  const first = model.root.children().find((child) => (child.kind() as string) !== "comment");
  let fallback = first?.range().start.index;
  if (first && (first.kind() as string) === "expression_statement" && /^[rRuU]?["']/.test(first.text())) {
    const at = afterLine(text, first.range().end.index);
    fallback = at.prefix === "" ? at.index : undefined;
  }
  return insertAfter(text, imports, before, `import ${module}`, fallback);
}

/** Java: `import <qualified>;` unless the file imports it or its package with `*`. */
export function javaImport(
  model: SastModel,
  qualified: string,
  before: number,
): Insertion | null | undefined {
  const text = model.file.text;
  const pkg = qualified.slice(0, qualified.lastIndexOf("."));
  const quoteDots = (value: string) => value.replace(/\./g, "\\.");
  if (new RegExp(`^\\s*import\\s+(?:${quoteDots(qualified)}|${quoteDots(pkg)}\\.\\*)\\s*;`, "m").test(text))
    return null;
  const imports = topLevel(model, new Set(["import_declaration"]));
  const pkgDecl = topLevel(model, new Set(["package_declaration"]))[0];
  if (imports.length === 0 && pkgDecl) {
    const at = afterLine(text, pkgDecl.range().end.index);
    if (at.prefix !== "" || at.index > before) return undefined;
    return { index: at.index, text: `\nimport ${qualified};\n` };
  }
  const first = model.root.children().find((child) => !/comment/.test(child.kind() as string));
  return insertAfter(text, imports, before, `import ${qualified};`, first?.range().start.index);
}

/**
 * JS/TS: the style of the file's own module imports, from its statements: `esm` when it uses
 * `import … from`, `cjs` when it uses `require(…)`, undefined when both or neither.
 */
export function moduleStyle(model: SastModel): "esm" | "cjs" | undefined {
  const text = model.file.text;
  const esm = topLevel(model, new Set(["import_statement"])).length > 0;
  const cjs = /\brequire\(\s*["'][^"']+["']\s*\)/.test(text);
  if (esm === cjs) return undefined;
  return esm ? "esm" : "cjs";
}

/** JS/TS: adds `line` after the last top-level import (ESM) or `require` declaration (CJS). */
export function javascriptImport(
  model: SastModel,
  style: "esm" | "cjs",
  line: string,
  before: number,
): Insertion | undefined {
  const declarations =
    style === "esm"
      ? topLevel(model, new Set(["import_statement"]))
      : topLevel(model, new Set(["lexical_declaration", "variable_declaration"])).filter((node) =>
          /^(?:const|let|var)\s+[\s\S]*=\s*require\(\s*["'][^"']+["']\s*\)\s*;?$/.test(node.text()),
        );
  const text = model.file.text;
  // no import to follow: at the top, below a shebang and a "use strict" directive
  const head = /^(?:#![^\n]*\n)?(?:\s*["']use strict["'];?[ \t]*\n)?/.exec(text)?.[0].length ?? 0;
  return insertAfter(text, declarations, before, line, head);
}
