// Go: a package is a folder of files. What one file needs from its neighbours (a constant they
// declare, a function they define) is read through the scan's bounded sibling reader, once per file.
import { folderOf } from "../../source.ts";
import type { SastModel } from "./model.ts";

/** Bound on hostile input: sibling files read per file. */
const MAX_SIBLINGS = 24;

/** The text of this file and of the other non-test `.go` files of its folder (one package). */
export function packageTexts(model: SastModel): string[] {
  const cached = model.cache.get("go-package-texts") as string[] | undefined;
  if (cached) return cached;
  const path = model.file.path;
  const folder = folderOf(path);
  const self = path.slice(folder === "" ? 0 : folder.length + 1);
  const siblings = (model.file.listFolder?.(folder) ?? []).filter(
    (name) => name.endsWith(".go") && !name.endsWith("_test.go") && name !== self,
  );
  const names = siblings.slice(0, MAX_SIBLINGS);
  const texts = [model.file.text];
  for (const name of names) {
    const text = model.file.readSibling(folder === "" ? name : `${folder}/${name}`);
    if (text !== undefined) texts.push(text);
  }
  model.cache.set("go-package-texts", texts);
  // without a folder lister (a file analyzed alone) the package's other files are unknown
  model.cache.set(
    "go-package-complete",
    model.file.listFolder !== undefined && texts.length === siblings.length + 1,
  );
  return texts;
}

/** Whether `packageTexts` holds every file of the package (none left unread by the bound). */
function packageComplete(model: SastModel): boolean {
  packageTexts(model);
  return model.cache.get("go-package-complete") === true;
}

/**
 * The literal a package-level `const name = "…"` (or a line of a `const (…)` block) of another
 * file of the package gives the name; undefined when none does. Constants cannot be reassigned.
 */
export function siblingConstant(model: SastModel, name: string): string | undefined {
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
  const single = new RegExp(`^const\\s+${name}(?:\\s+[\\w.]+)?\\s*=\\s*(.+)$`, "m");
  const line = new RegExp(`^\\s*${name}(?:\\s+[\\w.]+)?\\s*=\\s*(.+)$`, "m");
  for (const text of packageTexts(model).slice(1)) {
    const found = single.exec(text)?.[1];
    if (found) return found.trim();
    for (const block of text.matchAll(/^const\s*\(([^)]*)\)/gm)) {
      const inBlock = line.exec(block[1]!)?.[1];
      if (inBlock) return inBlock.trim();
    }
  }
  return undefined;
}

/** A plain function's header: its name and parameter list (methods and literals are not matched). */
const FUNCTION_HEADER = /^func\s+([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?\(([^()]*)\)/;

/** Bound on hostile input: call sites of one function read across the package. */
const MAX_CALL_SITES = 64;

/**
 * The literal strings every call in the package passes for `name`, a parameter of the plain
 * function declared at `functionStart` (`func RunCmd(command string)` called only as
 * `RunCmd("sleep")`: `["\"sleep\""]`). Undefined when the function could be called from elsewhere
 * (exported outside package main), is used as a value, has no call, or a call passes anything else.
 */
export function parameterLiterals(
  model: SastModel,
  name: string,
  functionStart: number,
): readonly string[] | undefined {
  const header = FUNCTION_HEADER.exec(model.file.text.slice(functionStart, functionStart + 400));
  if (!header) return undefined;
  const [, functionName = "", parameterList = ""] = header;
  const position = parameterPosition(parameterList, name);
  if (position === undefined) return undefined;
  if (/^[A-Z]/.test(functionName) && !/^package\s+main\b/m.test(model.file.text)) return undefined;
  // a call in a file of the package left unread could pass anything
  if (!packageComplete(model)) return undefined;
  const key = `parameter-literals:${functionName}:${position}`;
  if (model.cache.has(key)) return model.cache.get(key) as readonly string[] | undefined;
  const literals: string[] = [];
  let literalOnly = true;
  const mention = new RegExp(`(?<![\\w.])${functionName}\\b`, "g");
  search: for (const text of packageTexts(model)) {
    for (const found of text.matchAll(mention)) {
      const at = found.index;
      if (/func\s+$/.test(text.slice(Math.max(0, at - 12), at)) || inLineComment(text, at)) continue;
      const open = /^\s*\(/.exec(text.slice(at + functionName.length));
      const args = open ? callArguments(text, at + functionName.length + open[0].length) : undefined;
      // a value (`go RunCmd`, `handlers["x"] = RunCmd`) may be called with anything
      const arg = args?.[position];
      if (
        !args ||
        literals.length >= MAX_CALL_SITES ||
        args.some((a) => a.endsWith("...")) ||
        !isLiteral(arg)
      ) {
        literalOnly = false;
        break search;
      }
      literals.push(arg!);
    }
  }
  const result = literalOnly && literals.length > 0 ? literals : undefined;
  model.cache.set(key, result);
  return result;
}

/** Whether `at` follows `//` on its line, outside a string literal (quotes before it paired). */
function inLineComment(text: string, at: number): boolean {
  const line = text.slice(text.lastIndexOf("\n", at) + 1, at);
  const comment = line.indexOf("//");
  return comment !== -1 && (line.slice(0, comment).match(/"/g)?.length ?? 0) % 2 === 0;
}

function isLiteral(arg: string | undefined): boolean {
  return arg !== undefined && /^(?:"(?:[^"\\\n]|\\.)*"|`[^`]*`)$/.test(arg);
}

/** Where `name` sits in a Go parameter list (`a, c string`, `ctx context.Context, cmd string`). */
function parameterPosition(parameterList: string, name: string): number | undefined {
  const names = parameterList.split(",").map((part) => part.trim().split(/\s+/)[0] ?? "");
  if (parameterList.includes("...")) return undefined;
  const position = names.indexOf(name);
  return position === -1 ? undefined : position;
}

/** The top-level arguments of a call whose `(` ends just before `from`, or undefined if unbalanced. */
export function callArguments(text: string, from: number): string[] | undefined {
  const args: string[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < text.length && i < from + 2000; i++) {
    const char = text[i];
    if (char === '"' || char === "'" || char === "`") {
      const close = char === "`" ? text.indexOf("`", i + 1) : skipQuoted(text, i, char);
      if (close === -1) return undefined;
      i = close;
    } else if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") {
      if (depth === 0) {
        const last = text.slice(start, i).trim();
        if (last !== "" || args.length > 0) args.push(last);
        return args;
      }
      depth--;
    } else if (char === "," && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return undefined;
}

/** The index of the quote that closes the one at `open`. */
function skipQuoted(text: string, open: number, quote: string): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === quote) return i;
    else if (text[i] === "\n") return -1;
  }
  return -1;
}

/** `func Name(params) Result {` of a plain function, with its parameter list. */
function headerPattern(name: string): RegExp {
  return new RegExp(`^func\\s+${name}\\s*\\(([^()]*)\\)[^{\\n]*\\{`, "m");
}

/** Bound on constructors followed inside one another. */
const MAX_CONSTRUCTOR_DEPTH = 3;

/**
 * Whether the package's plain function `name` is a constructor whose result holds only what it is
 * given: its body is `return &T{field: value, …}` (or `T{…}`) and each value is a parameter, a
 * literal, or such a constructor's call on parameters and literals. Then a call of it on fixed
 * values builds a fixed value (`svc := NewSvc(cfg)` after `cfg := Cfg{Host: "localhost"}`).
 */
export function isPureConstructor(model: SastModel, name: string, depth = 0): boolean {
  if (!/^[A-Za-z_]\w*$/.test(name) || depth > MAX_CONSTRUCTOR_DEPTH) return false;
  const key = `pure-constructor:${name}`;
  const cached = model.cache.get(key) as boolean | undefined;
  if (cached !== undefined) return cached;
  model.cache.set(key, false); // a constructor calling itself is not followed
  let pure = false;
  for (const text of packageTexts(model)) {
    const header = headerPattern(name).exec(text);
    if (!header) continue;
    const parameters = new Set(
      (header[1] ?? "")
        .split(",")
        .map((part) => part.trim().split(/\s+/)[0] ?? "")
        .filter((part) => part !== ""),
    );
    const after = header.index + header[0].length;
    const literal = /^\s*return\s+&?[A-Za-z_][\w.]*\s*\{/.exec(text.slice(after, after + 200));
    const fields = literal ? callArguments(text, after + literal[0].length) : undefined;
    const close = fields ? text.slice(after).search(/^\}/m) : -1;
    // the return is the function's only statement: what follows the literal is the closing brace
    const body = close === -1 ? "" : text.slice(after, after + close);
    if (
      !fields ||
      !/^\s*return\s[\s\S]*\}\s*$/.test(body) ||
      body.split("\n").filter((l) => l.trim()).length > fields.length + 2
    )
      break;
    pure = fields.every((field) => {
      const value = field.replace(/^\w+\s*:\s*/, "").trim();
      if (value === "" || parameters.has(value) || FIXED_LITERAL.test(value)) return true;
      const call = /^([A-Za-z_]\w*)\(([^()]*)\)$/.exec(value);
      return (
        call !== null &&
        (call[2] ?? "")
          .split(",")
          .every(
            (arg) => arg.trim() === "" || parameters.has(arg.trim()) || FIXED_LITERAL.test(arg.trim()),
          ) &&
        isPureConstructor(model, call[1]!, depth + 1)
      );
    });
    break;
  }
  model.cache.set(key, pure);
  return pure;
}

const FIXED_LITERAL = /^(?:"(?:[^"\\\n]|\\.)*"|`[^`]*`|-?\d+(?:\.\d+)?|true|false|nil)$/;

/** A struct literal whose fields are all literals: `Cfg{Host: "localhost", Port: 5432}`. */
export function isFixedStructLiteral(value: string): boolean {
  const literal = /^&?[A-Za-z_][\w.]*\s*\{([^{}]*)\}$/.exec(value.trim());
  if (!literal) return false;
  return (literal[1] ?? "")
    .split(",")
    .map((field) => field.trim())
    .filter((field) => field !== "")
    .every((field) => FIXED_LITERAL.test(field.replace(/^\w+\s*:\s*/, "").trim()));
}
