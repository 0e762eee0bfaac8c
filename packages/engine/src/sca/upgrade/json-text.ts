// Re-serialising JSON files the way npm writes them: the indentation, line ending, trailing
// newline and byte-order mark of the original file are kept, so a file npm wrote changes only
// where its values change.

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

/** True when re-serialising the unchanged value gives the file back byte for byte. */
export function keepsLayout(file: JsonFile): boolean {
  return serializeLike(file.text, file.value) === file.text;
}
