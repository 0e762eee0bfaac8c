// Applies a stored unified diff (as the engine's unifiedDiff writes it: `--- a/<path>`,
// `+++ b/<path>`, hunks, "\ No newline at end of file") to the file it was computed from. Strict:
// every context and removed line must match where the hunk says, so a fix computed for another
// version of the file is refused instead of being applied somewhere it does not belong.

export interface FilePatch {
  path: string;
  hunks: Hunk[];
}

interface Hunk {
  oldStart: number;
  lines: { kind: " " | "-" | "+"; text: string; noNewline: boolean }[];
}

export type ApplyResult = { ok: true; content: string } | { ok: false; reason: string };

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The files of a unified diff with their hunks; throws on text that is not one. */
export function parseUnifiedDiff(diff: string): FilePatch[] {
  const lines = diff.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const files: FilePatch[] = [];
  let current: FilePatch | undefined;
  let hunk: Hunk | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
      const target = lines[i + 1]!.slice(4).replace(/^b\//, "");
      current = { path: target, hunks: [] };
      files.push(current);
      hunk = undefined;
      i++;
      continue;
    }
    const header = HUNK_HEADER.exec(line);
    if (header) {
      if (!current) throw new Error("hunk before a file header");
      hunk = { oldStart: Number(header[1]), lines: [] };
      current.hunks.push(hunk);
      continue;
    }
    if (line.startsWith("\\")) {
      const last = hunk?.lines.at(-1);
      if (last) last.noNewline = true;
      continue;
    }
    const kind = line[0];
    if (!hunk || (kind !== " " && kind !== "-" && kind !== "+")) {
      throw new Error(`unexpected line ${i + 1} in the patch`);
    }
    hunk.lines.push({ kind, text: line.slice(1), noNewline: false });
  }
  if (files.length === 0) throw new Error("the patch names no file");
  return files;
}

/** Splits into lines, remembering whether the last one ended with a newline. */
function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  if (text === "") return { lines: [], finalNewline: true };
  const finalNewline = text.endsWith("\n");
  const lines = (finalNewline ? text.slice(0, -1) : text).split("\n");
  return { lines, finalNewline };
}

export function applyFilePatch(before: string, patch: FilePatch): ApplyResult {
  const { lines, finalNewline } = splitLines(before);
  const output: string[] = [];
  let cursor = 0; // next unread line of `before`, 0-based
  let lastWritten: Hunk["lines"][number] | undefined;
  for (const hunk of patch.hunks) {
    // A hunk that only adds names the line before it (0 for the file's start).
    const start = hunk.lines.some((line) => line.kind !== "+") ? hunk.oldStart - 1 : hunk.oldStart;
    if (start < cursor || start > lines.length) {
      return { ok: false, reason: `hunk at line ${hunk.oldStart} of ${patch.path} is out of range` };
    }
    output.push(...lines.slice(cursor, start));
    cursor = start;
    for (const line of hunk.lines) {
      if (line.kind !== "+") {
        if (lines[cursor] !== line.text) {
          return { ok: false, reason: `${patch.path} line ${cursor + 1} differs from the patch` };
        }
        cursor++;
      }
      if (line.kind !== "-") {
        output.push(line.text);
        lastWritten = line;
      }
    }
  }
  const tail = lines.slice(cursor);
  output.push(...tail);
  if (output.length === 0) return { ok: true, content: "" };
  // The new file's last line is either the old file's (kept as it was) or a hunk's, marked.
  const endsWithNewline = tail.length > 0 ? finalNewline : !lastWritten?.noNewline;
  return { ok: true, content: `${output.join("\n")}${endsWithNewline ? "\n" : ""}` };
}
