// Masks secret values in the lines findings quote. A rule that reports a secret marks its span
// (`Analyzer.redactSnippet`, or `Report.redact`); every snippet of the file that overlaps such a
// span — whichever rule's finding it belongs to — is masked before it leaves the worker, so
// outputs, fingerprints and the server's database only ever hold the masked line.
import type { Span } from "./source.ts";

/** What replaces the hidden part of a secret. */
export const MASK = "…";

/**
 * A secret's visible part: at most its first four characters, fewer for short values (where four
 * would be a large share), then `…`. `ghp_0123…` (40 chars) → `ghp_…`; `hunter22` → `hu…`.
 */
export function maskValue(value: string): string {
  const shown = Math.min(4, Math.floor(value.length / 4));
  return `${value.slice(0, shown)}${MASK}`;
}

/** A span to hide; `endLine` defaults to `line`, `endColumn` to the end of its line. */
export type RedactionSpan = Pick<Span, "line" | "column"> & Partial<Pick<Span, "endLine" | "endColumn">>;

/**
 * `text` (the content of line `line`) with every part covered by `spans` masked. The first line of
 * a span keeps its first characters (see maskValue); continuation lines of a multi-line secret (a
 * PEM body) are masked entirely. Overlapping spans merge.
 */
export function redactLine(text: string, line: number, spans: readonly RedactionSpan[]): string {
  const ranges: { start: number; end: number; keep: boolean }[] = [];
  for (const span of spans) {
    const endLine = span.endLine ?? span.line;
    if (line < span.line || line > endLine) continue;
    const start = line === span.line ? Math.max(0, span.column - 1) : 0;
    const end =
      line === endLine && span.endColumn !== undefined
        ? Math.min(text.length, Math.max(start, span.endColumn - 1))
        : text.length;
    if (end > start) ranges.push({ start, end, keep: line === span.line });
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: typeof ranges = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  let result = "";
  let cursor = 0;
  for (const range of merged) {
    const hidden = text.slice(range.start, range.end);
    result += text.slice(cursor, range.start) + (range.keep ? maskValue(hidden) : MASK);
    cursor = range.end;
  }
  return result + text.slice(cursor);
}

/** Spans by line, for masking many snippets of one file. */
export class Redactions {
  private readonly byLine = new Map<number, RedactionSpan[]>();

  constructor(spans: Iterable<RedactionSpan> = []) {
    for (const span of spans) this.add(span);
  }

  add(span: RedactionSpan): void {
    const endLine = Math.max(span.line, span.endLine ?? span.line);
    // A multi-line secret is keyed on every line it covers; PEM bodies are tens of lines at most.
    for (let line = span.line; line <= endLine && line < span.line + 10_000; line++) {
      const list = this.byLine.get(line) ?? [];
      list.push(span);
      this.byLine.set(line, list);
    }
  }

  get size(): number {
    return this.byLine.size;
  }

  /** Plain data for crossing a thread boundary (de-duplicated). */
  spans(): RedactionSpan[] {
    return [...new Set([...this.byLine.values()].flat())];
  }

  apply(line: number, text: string): string {
    const spans = this.byLine.get(line);
    return spans ? redactLine(text, line, spans) : text;
  }
}

/** Shorter values are too likely to be ordinary words elsewhere in a message to be masked there. */
const MIN_SECRET_TEXT = 8;

/**
 * The secret values a file's spans cover, as written, longest first: what must not appear in a
 * finding's message or fix either (a URL with a token in a message, a command rewritten by a fix).
 */
export function secretTexts(
  file: { lineText(line: number): string },
  spans: readonly RedactionSpan[],
): string[] {
  const texts = new Set<string>();
  for (const span of spans) {
    const endLine = Math.max(span.line, span.endLine ?? span.line);
    for (let line = span.line; line <= endLine && line < span.line + 10_000; line++) {
      const text = file.lineText(line);
      const start = line === span.line ? Math.max(0, span.column - 1) : 0;
      const end = line === endLine && span.endColumn !== undefined ? span.endColumn - 1 : text.length;
      const value = text.slice(start, end).trim();
      if (value.length >= MIN_SECRET_TEXT) texts.add(value);
    }
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

/** `text` with every occurrence of the secrets masked as a snippet would be (see maskValue). */
export function maskSecretTexts(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets)
    if (masked.includes(secret)) masked = masked.replaceAll(secret, maskValue(secret));
  return masked;
}

/**
 * For rules outside the secrets analyzer that report a literal credential at its key
 * (`ENV TOKEN=…`, `password: …`): the span of `value` on the report's line, for `Report.redact`.
 * When the value is not found there (a multi-line scalar), the rest of the line from the key on.
 */
export function literalValueSpan(
  file: { lineText(line: number): string },
  at: Pick<Span, "line" | "column">,
  value: string,
): Span {
  const text = file.lineText(at.line);
  const index = value === "" ? -1 : text.indexOf(value, Math.max(0, at.column - 1));
  if (index === -1) return { line: at.line, column: at.column };
  return { line: at.line, column: index + 1, endLine: at.line, endColumn: index + 1 + value.length };
}
