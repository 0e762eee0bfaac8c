// Autofix: applies the byte-offset edits of findings' fixes to file contents, keeping each fix
// whole (all its edits or none) and refusing overlaps, and renders the change as a unified diff.
// Pure functions over bytes and text; reading and writing files is the caller's business.
import type { Finding, TextEdit } from "./finding.ts";

function overlaps(a: TextEdit, b: TextEdit): boolean {
  if (a.start === b.start) return true; // two edits at one point: their order would be a guess
  return a.start < b.end && b.start < a.end;
}

function sameEdit(a: TextEdit, b: TextEdit): boolean {
  return a.start === b.start && a.end === b.end && a.text === b.text;
}

export type EditResult = { ok: true; bytes: Buffer } | { ok: false; error: string };

/** Applies non-overlapping edits (UTF-8 byte offsets into `bytes`). */
export function applyEdits(bytes: Buffer, edits: readonly TextEdit[]): EditResult {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const edit of sorted) {
    if (
      !(Number.isInteger(edit.start) && Number.isInteger(edit.end)) ||
      edit.start < 0 ||
      edit.end < edit.start
    ) {
      return { ok: false, error: `invalid edit range ${edit.start}-${edit.end}` };
    }
    if (edit.end > bytes.length)
      return { ok: false, error: `edit ${edit.start}-${edit.end} is past the end of the file` };
  }
  for (let index = 1; index < sorted.length; index++) {
    if (overlaps(sorted[index - 1]!, sorted[index]!)) {
      return { ok: false, error: `edits overlap at byte ${sorted[index]!.start}` };
    }
  }
  const parts: Buffer[] = [];
  let cursor = 0;
  for (const edit of sorted) {
    parts.push(bytes.subarray(cursor, edit.start), Buffer.from(edit.text, "utf8"));
    cursor = edit.end;
  }
  parts.push(bytes.subarray(cursor));
  return { ok: true, bytes: Buffer.concat(parts) };
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The bytes the scan's text (and so the fixes' UTF-8 offsets) stands for, after a UTF-8 BOM, which
 * the decoder drops; undefined when the file is not exactly UTF-8 (UTF-16, or a stray invalid byte
 * the decoder replaced), where those offsets would land on the wrong bytes.
 */
function utf8Body(bytes: Buffer): Buffer | undefined {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  return Buffer.from(body.toString("utf8"), "utf8").equals(body) ? body : undefined;
}

const NOT_UTF8 = "the file is not UTF-8 text, so its fix cannot be placed";

/**
 * Applies a fix's edits (UTF-8 offsets into the text the scan read) to a file's bytes: after its
 * byte-order mark if it has one, and never to a file that is not exactly UTF-8.
 */
export function applyFileEdits(bytes: Buffer, edits: readonly TextEdit[]): EditResult {
  const body = utf8Body(bytes);
  if (!body) return { ok: false, error: NOT_UTF8 };
  const result = applyEdits(body, edits);
  if (!result.ok) return result;
  return { ok: true, bytes: Buffer.concat([bytes.subarray(0, bytes.length - body.length), result.bytes]) };
}

/** What planning needs of a finding: its fix, and whether it is suppressed. */
export type Fixable = Pick<Finding, "fix" | "suppression">;

export interface FilePatch<F extends Fixable = Finding> {
  path: string;
  before: Buffer;
  after: Buffer;
  /** Findings whose fix is part of this patch. */
  applied: F[];
  /** Findings whose fix was left out, with the reason. */
  skipped: { finding: F; reason: string }[];
}

/**
 * Plans the fixes of `findings` per file: suppressed findings are left alone; fixes are taken in
 * file order and a fix that overlaps one already taken is skipped (the next run can apply it).
 * `read` returns a file's current bytes, or undefined when it cannot be read.
 */
export function planFixes<F extends Fixable>(
  findings: readonly F[],
  read: (path: string) => Buffer | undefined,
): FilePatch<F>[] {
  const byPath = new Map<string, F[]>();
  for (const finding of findings) {
    if (!finding.fix || finding.suppression) continue;
    const list = byPath.get(finding.fix.path) ?? [];
    list.push(finding);
    byPath.set(finding.fix.path, list);
  }
  const patches: FilePatch<F>[] = [];
  for (const [path, candidates] of [...byPath].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const before = read(path);
    const patch: FilePatch<F> = {
      path,
      before: before ?? Buffer.alloc(0),
      after: before ?? Buffer.alloc(0),
      applied: [],
      skipped: [],
    };
    if (!before) {
      for (const finding of candidates) patch.skipped.push({ finding, reason: "file cannot be read" });
      patches.push(patch);
      continue;
    }
    if (!utf8Body(before)) {
      for (const finding of candidates) patch.skipped.push({ finding, reason: NOT_UTF8 });
      patches.push(patch);
      continue;
    }
    const ordered = [...candidates].sort(
      (a, b) => Math.min(...a.fix!.edits.map((e) => e.start)) - Math.min(...b.fix!.edits.map((e) => e.start)),
    );
    const taken: TextEdit[] = [];
    for (const finding of ordered) {
      const edits = finding.fix!.edits;
      const alone = applyFileEdits(before, edits);
      if (!alone.ok) {
        patch.skipped.push({ finding, reason: alone.error });
        continue;
      }
      // Two fixes adding the same import make the same edit: it is made once and serves both.
      const fresh = edits.filter((edit) => !taken.some((other) => sameEdit(edit, other)));
      if (fresh.some((edit) => taken.some((other) => overlaps(edit, other)))) {
        patch.skipped.push({ finding, reason: "overlaps another fix in this run" });
        continue;
      }
      taken.push(...fresh);
      patch.applied.push(finding);
    }
    const result = applyFileEdits(before, taken);
    if (result.ok) patch.after = result.bytes;
    patches.push(patch);
  }
  return patches;
}

// ---- unified diff ----

type Operation = { kind: " " | "-" | "+"; line: string };

/** Line diff by Myers' O(ND) algorithm after trimming the common head and tail. */
function diffLines(a: readonly string[], b: readonly string[]): Operation[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const middle = myers(midA, midB);
  return [
    ...a.slice(0, head).map((line) => ({ kind: " " as const, line })),
    ...middle,
    ...a.slice(a.length - tail).map((line) => ({ kind: " " as const, line })),
  ];
}

/** Past this many differing lines a fix is not "mechanical"; show it as one replacement. */
const MAX_EDIT_DISTANCE = 2000;

function myers(a: readonly string[], b: readonly string[]): Operation[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  if (max === 0) return [];
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= Math.min(max, MAX_EDIT_DISTANCE) && !found; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)) x = v[offset + k + 1]!;
      else x = v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
    v = next;
  }
  if (!found) {
    return [
      ...a.map((line) => ({ kind: "-" as const, line })),
      ...b.map((line) => ({ kind: "+" as const, line })),
    ];
  }
  // Walk the trace back from (n, m) to (0, 0).
  const operations: Operation[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const previous = trace[d]!;
    const k = x - y;
    let previousK: number;
    if (k === -d || (k !== d && previous[offset + k - 1]! < previous[offset + k + 1]!)) previousK = k + 1;
    else previousK = k - 1;
    const previousX = d === 0 ? 0 : previous[offset + previousK]!;
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      operations.push({ kind: " ", line: a[x - 1]! });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === previousX) operations.push({ kind: "+", line: b[y - 1]! });
      else operations.push({ kind: "-", line: a[x - 1]! });
    }
    x = previousX;
    y = previousY;
  }
  return operations.reverse();
}

/**
 * Splits text into lines. A last line without a newline carries a trailing NUL, so that "x" and
 * "x\n" differ as lines (as they do for `diff`) and the output can mark it.
 */
function splitLines(text: string): string[] {
  if (text === "") return [];
  if (text.endsWith("\n")) return text.slice(0, -1).split("\n");
  const lines = text.split("\n");
  lines[lines.length - 1] += "\0";
  return lines;
}

const NO_NEWLINE = "\\ No newline at end of file";

/** A unified diff (`diff -u` style, 3 lines of context) of one file; "" when nothing changed. */
export function unifiedDiff(path: string, before: string, after: string, context = 3): string {
  if (before === after) return "";
  const operations = diffLines(splitLines(before), splitLines(after));
  // Line numbers (1-based) of each operation in the old and new file.
  const positions: { oldLine: number; newLine: number }[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const operation of operations) {
    positions.push({ oldLine, newLine });
    if (operation.kind !== "+") oldLine++;
    if (operation.kind !== "-") newLine++;
  }
  const changed = operations
    .map((operation, index) => (operation.kind === " " ? -1 : index))
    .filter((i) => i >= 0);
  const output = [`--- a/${path}`, `+++ b/${path}`];
  let index = 0;
  while (index < changed.length) {
    const start = Math.max(0, changed[index]! - context);
    let end = Math.min(operations.length - 1, changed[index]! + context);
    index++;
    while (index < changed.length && changed[index]! - context <= end + 1) {
      end = Math.min(operations.length - 1, changed[index]! + context);
      index++;
    }
    const slice = operations.slice(start, end + 1);
    const oldCount = slice.filter((operation) => operation.kind !== "+").length;
    const newCount = slice.filter((operation) => operation.kind !== "-").length;
    // An empty side names the line before the hunk, as diff does.
    const oldStart = oldCount === 0 ? positions[start]!.oldLine - 1 : positions[start]!.oldLine;
    const newStart = newCount === 0 ? positions[start]!.newLine - 1 : positions[start]!.newLine;
    output.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`);
    for (const operation of slice) {
      if (operation.line.endsWith("\0"))
        output.push(`${operation.kind}${operation.line.slice(0, -1)}`, NO_NEWLINE);
      else output.push(`${operation.kind}${operation.line}`);
    }
  }
  return `${output.join("\n")}\n`;
}
