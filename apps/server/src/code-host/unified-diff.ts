// Reads unified diffs: a code host's per-file patch of a pull request (which new-side lines it
// adds, and which it shows) and a finding's fix patch (as a suggested replacement of lines). Pure.

export interface DiffLine {
  kind: " " | "+" | "-";
  /** The line's number in the old file; absent for added lines. */
  oldLine?: number;
  /** The line's number in the new file; absent for removed lines. */
  newLine?: number;
  text: string;
}

export type Hunk = DiffLine[];

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The hunks of a patch; file headers (`---`, `+++`, `diff --git`) and "\ No newline" lines are skipped. */
export function parseHunks(patch: string): Hunk[] {
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  let oldLine = 0;
  let newLine = 0;
  for (const line of patch.split("\n")) {
    const header = HUNK_HEADER.exec(line);
    if (header) {
      current = [];
      hunks.push(current);
      oldLine = Number(header[1]);
      newLine = Number(header[3]);
      continue;
    }
    if (!current || line.startsWith("\\")) continue;
    const kind = line[0];
    if (kind === "+" && !line.startsWith("+++ ")) {
      current.push({ kind: "+", newLine: newLine++, text: line.slice(1) });
    } else if (kind === "-" && !line.startsWith("--- ")) {
      current.push({ kind: "-", oldLine: oldLine++, text: line.slice(1) });
    } else if (kind === " ") {
      current.push({ kind: " ", oldLine: oldLine++, newLine: newLine++, text: line.slice(1) });
    }
  }
  return hunks;
}

/** New-side lines a patch adds, and all new-side lines it shows (added and context). */
export function newSideLines(patch: string): { added: Set<number>; shown: Set<number> } {
  const added = new Set<number>();
  const shown = new Set<number>();
  for (const line of parseHunks(patch).flat()) {
    if (line.newLine === undefined) continue;
    shown.add(line.newLine);
    if (line.kind === "+") added.add(line.newLine);
  }
  return { added, shown };
}

export interface LineReplacement {
  /** Old-side lines replaced, inclusive. */
  startLine: number;
  endLine: number;
  /** The new text of those lines, without a final newline. */
  replacement: string;
}

/**
 * A one-hunk patch as "replace old lines start..end with this text": the span from its first to
 * its last change. A pure insertion keeps the line before it (or after it, at the top of a file) as
 * its anchor, since a replacement needs a line to stand on. Undefined for several hunks.
 */
export function asLineReplacement(patch: string): LineReplacement | undefined {
  const hunks = parseHunks(patch);
  if (hunks.length !== 1) return undefined;
  const hunk = hunks[0]!;
  const changed = hunk.map((line, index) => (line.kind === " " ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return undefined;
  let first = changed[0]!;
  let last = changed.at(-1)!;
  if (!hunk.slice(first, last + 1).some((line) => line.kind === "-")) {
    // Only additions: widen to a neighbouring context line.
    if (first > 0 && hunk[first - 1]!.kind === " ") first -= 1;
    else if (last < hunk.length - 1 && hunk[last + 1]!.kind === " ") last += 1;
    else return undefined;
  }
  const span = hunk.slice(first, last + 1);
  const oldLines = span.filter((line) => line.oldLine !== undefined).map((line) => line.oldLine!);
  return {
    startLine: Math.min(...oldLines),
    endLine: Math.max(...oldLines),
    replacement: span
      .filter((line) => line.kind !== "-")
      .map((line) => line.text)
      .join("\n"),
  };
}
