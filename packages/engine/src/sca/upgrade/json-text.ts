// Writing edited JSON files back: re-serialised the way npm writes them (the original's indent,
// line ending, final newline and byte-order mark), so a file npm wrote changes only where its
// values change; a hand-formatted file is edited in place where that expresses the change.
import { escapeRegExp } from "./plan.ts";

export interface JsonFile {
  path: string;
  text: string;
  value: Record<string, unknown>;
}

export type JsonRead = { ok: true; file: JsonFile } | { ok: false; reason: string };

export function readJsonFile(path: string, text: string): JsonRead {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { ok: false, reason: `${path}: invalid JSON: ${message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, reason: `${path}: not a JSON object` };
  return { ok: true, file: { path, text, value: value as Record<string, unknown> } };
}

/** The indentation of the first indented line (npm detects it the same way); two spaces if none. */
function indentOf(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
}

export function serializeLike(original: string, value: unknown): string {
  const eol = original.includes("\r\n") ? "\r\n" : "\n";
  const bom = original.startsWith("\uFEFF") ? "\uFEFF" : "";
  const body = JSON.stringify(value, null, indentOf(original)).replace(/\n/g, eol);
  const finalNewline = /\r?\n$/.test(original) ? eol : "";
  return `${bom}${body}${finalNewline}`;
}

export interface StringEdit {
  key: string;
  from: string;
  to: string;
}

/**
 * A file npm did not format (a hand-written package.json) edited in place: each `"key": "from"`
 * pair becomes `"key": "to"`. Returns the text only when it parses to exactly `expected`, so a
 * pair that also appears elsewhere (say, in `resolutions`) cannot slip through; otherwise undefined.
 */
export function editJsonStrings(
  text: string,
  edits: readonly StringEdit[],
  expected: unknown,
): string | undefined {
  let result = text;
  for (const edit of edits) {
    const key = escapeRegExp(JSON.stringify(edit.key));
    const from = escapeRegExp(JSON.stringify(edit.from));
    result = result.replace(
      new RegExp(`(${key}\\s*:\\s*)${from}`, "g"),
      (_, head: string) => `${head}${JSON.stringify(edit.to)}`,
    );
  }
  try {
    return JSON.stringify(JSON.parse(result.replace(/^\uFEFF/, ""))) === JSON.stringify(expected)
      ? result
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The new text of an edited JSON file: npm's layout for a file npm wrote (re-serialising gives it
 * back byte for byte), else in-place string edits, else npm's layout with a note.
 */
export function editedJsonText(file: JsonFile, edits: readonly StringEdit[], notes: string[]): string {
  const original: unknown = JSON.parse(file.text.replace(/^\uFEFF/, ""));
  if (serializeLike(file.text, original) === file.text) return serializeLike(file.text, file.value);
  const edited = editJsonStrings(file.text, edits, file.value);
  if (edited !== undefined) return edited;
  notes.push(`${file.path} was rewritten in npm's JSON layout, so lines other than the upgrade may differ.`);
  return serializeLike(file.text, file.value);
}

/** True when the parsed value differs from the file's text (the file was edited). */
export function isEdited(file: JsonFile): boolean {
  return JSON.stringify(JSON.parse(file.text.replace(/^\uFEFF/, ""))) !== JSON.stringify(file.value);
}
