// Mechanical fixes for shell commands built from untrusted input: a command line that is a literal
// program name followed by whitespace-separated words, each either plain literal text or exactly
// one interpolated value, becomes a direct program call with an argument list and no shell. Any
// shell syntax in the literal text (pipes, redirects, quotes, globs, `$`, `~`) means the shell did
// real work, so there is no fix.
import type { SgNode } from "@ast-grep/napi";
import type { Report } from "../../rule.ts";
import { concatPieces, interpolatedPieces, type Piece } from "./fixes.ts";
import { pythonImport } from "./imports.ts";
import type { SastModel } from "./model.ts";
import type { TaintFlow } from "./taint.ts";

type Word = { literal: string } | { expression: string };

/** Characters a literal word may contain without the shell giving them a meaning. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/;
const PROGRAM = /^[\w@+.,/-]+$/;

/** Splits a command line into words; undefined when it needs a shell or mixes text and values in one word. */
export function commandWords(pieces: readonly Piece[]): Word[] | undefined {
  const tokens: Piece[][] = [[]];
  for (const piece of pieces) {
    if ("expression" in piece) {
      tokens.at(-1)!.push(piece);
      continue;
    }
    if (/[\n\r]/.test(piece.literal)) return undefined;
    piece.literal.split(/[ \t]+/).forEach((part, index) => {
      if (index > 0) tokens.push([]);
      if (part !== "") tokens.at(-1)!.push({ literal: part });
    });
  }
  const words: Word[] = [];
  for (const token of tokens) {
    if (token.length === 0) continue;
    const [only] = token;
    if (token.length !== 1 || !only) return undefined; // `--out=${x}`: text and a value in one word
    if ("literal" in only && !PLAIN_WORD.test(only.literal)) return undefined;
    words.push(only);
  }
  const [program] = words;
  if (!program || !("literal" in program) || !PROGRAM.test(program.literal)) return undefined;
  if (words.every((word) => "literal" in word)) return undefined; // nothing untrusted to separate
  return words;
}

function asList(words: readonly Word[], from: number): string {
  return words
    .slice(from)
    .map((word) => ("literal" in word ? `"${word.literal}"` : word.expression))
    .join(", ");
}

function byteEdit(model: SastModel, start: number, end: number, text: string) {
  return {
    start: model.file.byteOffsetOfIndex(start),
    end: model.file.byteOffsetOfIndex(end),
    text,
  };
}

function piecesOf(model: SastModel, node: SgNode): Piece[] | undefined {
  return interpolatedPieces(node) ?? concatPieces(node, model.file.text);
}

const JS_EXEC = /^(?:(child_process|cp|childProcess)\.)?(exec|execSync)$/;

/** `{ exec, … }` destructured from child_process (require or import), with the index after `exec`. */
function destructuredExec(text: string, name: string): { hasFile: boolean; after: number } | undefined {
  const patterns = [
    /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*["'](?:node:)?child_process["']\s*\)/g,
    /\bimport\s*\{([^}]*)\}\s*from\s*["'](?:node:)?child_process["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const list = match[1]!;
      const names = list.split(",").map((item) => item.trim());
      if (!names.includes(name)) continue;
      const listStart = match.index + match[0].indexOf("{") + 1;
      const at = new RegExp(`(?:^|[\\s,])(${name})(?=\\s*(?:,|$))`).exec(list);
      if (!at) continue;
      return {
        hasFile: names.includes(`${name === "exec" ? "execFile" : "execFileSync"}`),
        after: listStart + at.index + at[0].length,
      };
    }
  }
  return undefined;
}

function javascriptFix(model: SastModel, call: SgNode, argument: SgNode): Report["fix"] | undefined {
  const callee = call.field("function");
  const match = callee ? JS_EXEC.exec(callee.text()) : null;
  if (!match || !callee) return undefined;
  const [, object, method] = match;
  const fileMethod = method === "exec" ? "execFile" : "execFileSync";
  const words = (() => {
    const pieces = piecesOf(model, argument);
    return pieces && pieces.length > 1 ? commandWords(pieces) : undefined;
  })();
  if (!words) return undefined;
  const text = model.file.text;
  const edits = [];
  if (!object) {
    const binding = destructuredExec(text, method!);
    if (!binding) return undefined; // `exec` from somewhere we cannot see
    if (!binding.hasFile) edits.push(byteEdit(model, binding.after, binding.after, `, ${fileMethod}`));
  }
  const start = callee.range().start.index;
  const between = text.slice(callee.range().end.index, argument.range().start.index);
  const program = words[0] as { literal: string };
  edits.push(
    byteEdit(
      model,
      start,
      argument.range().end.index,
      `${object ? `${object}.` : ""}${fileMethod}${between}"${program.literal}", [${asList(words, 1)}]`,
    ),
  );
  return {
    description: `run the program with \`${fileMethod}\` and an argument array, which starts no shell`,
    edits,
  };
}

const PY_SUBPROCESS = /^(?:subprocess\.)?(?:run|call|check_call|check_output|Popen)$/;

function pythonFix(model: SastModel, call: SgNode, argument: SgNode): Report["fix"] | undefined {
  const argList = call.field("arguments");
  const callee = call.field("function")?.text() ?? "";
  if (!argList) return undefined;
  const named = argList.children().filter((child) => child.isNamed());
  if (named[0]?.id() !== argument.id()) return undefined;
  const pieces = piecesOf(model, argument);
  const words = pieces && pieces.length > 1 ? commandWords(pieces) : undefined;
  if (!words) return undefined;
  const list = `[${asList(words, 0)}]`;
  const text = model.file.text;
  if (callee === "os.system") {
    // os.system returns the exit status; subprocess.run returns an object, so only a call whose
    // value is unused keeps its meaning.
    if (named.length !== 1 || (call.parent()?.kind() as string) !== "expression_statement") return undefined;
    const range = call.range();
    const insertion = pythonImport(model, "subprocess", range.start.index);
    if (insertion === undefined) return undefined;
    const edits = [
      byteEdit(model, range.start.index, range.end.index, `subprocess.run(${list}, check=False)`),
    ];
    if (insertion) edits.unshift(byteEdit(model, insertion.index, insertion.index, insertion.text));
    return {
      description: "run the program with subprocess.run and an argument list, which starts no shell",
      edits,
    };
  }
  if (!PY_SUBPROCESS.test(callee)) return undefined;
  if (named.some((child) => /^executable\s*=/.test(child.text()))) return undefined;
  const shell = named.findIndex((child) => /^shell\s*=\s*True$/.test(child.text()));
  if (shell < 1) return undefined;
  const previous = named[shell - 1]!;
  const replacement = `${list}${text.slice(argument.range().end.index, previous.range().end.index)}`;
  return {
    description: "pass an argument list and drop shell=True, so no shell parses the command",
    edits: [byteEdit(model, argument.range().start.index, named[shell]!.range().end.index, replacement)],
  };
}

function fixCall(model: SastModel, call: SgNode, argument: SgNode): Report["fix"] | undefined {
  if (model.language === "python") return pythonFix(model, call, argument);
  if (model.language === "javascript" || model.language === "typescript" || model.language === "tsx")
    return javascriptFix(model, call, argument);
  return undefined;
}

/** The fix of a command-injection flow: its sink call with the tainted command line. */
export function commandFix(model: SastModel, flow: TaintFlow): Report["fix"] | undefined {
  const argument = (flow.argument as { node?: SgNode }).node;
  const call = flow.call?.node;
  if (!argument || !call) return undefined;
  return fixCall(model, call, argument);
}

/**
 * The fix of a `dynamic-shell-command` match (a command line built from values that are not known
 * to be untrusted): the same rewrite, on the call's first argument. A value that held several
 * words split by the shell becomes one argument; that is the point (no word splitting, no globs).
 */
export function shellCommandFix(model: SastModel, call: SgNode): Report["fix"] | undefined {
  if ((call.kind() as string) !== "call" && (call.kind() as string) !== "call_expression") return undefined;
  const argument = call
    .field("arguments")
    ?.children()
    .find((child) => child.isNamed() && (child.kind() as string) !== "comment");
  return argument ? fixCall(model, call, argument) : undefined;
}
