// A file as the engine sees it: its path relative to the scan root and its text, with the
// position arithmetic (1-based lines and columns, UTF-8 byte offsets for fixes) every analyzer needs.

/** 1-based line; 1-based column counted in UTF-16 code units (what JavaScript strings index). */
export interface Position {
  line: number;
  column: number;
}

/** A region of one file. `endLine`/`endColumn` are inclusive of the last character's line, exclusive column. */
export interface Span {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/**
 * Reads another file of the same scan by its path relative to the scan root (forward slashes);
 * undefined when it does not exist, is not text, is too large, or resolves outside the root.
 */
export type SiblingReader = (path: string) => string | undefined;

const NO_SIBLINGS: SiblingReader = () => undefined;

/**
 * Lists the file names (not folders) of a folder of the same scan, by its path relative to the
 * scan root ("" for the root); undefined when it does not exist or resolves outside the root.
 */
export type FolderLister = (folder: string) => readonly string[] | undefined;

export class SourceFile {
  /** Path relative to the scan root, always with forward slashes. */
  readonly path: string;
  readonly text: string;
  /**
   * For formats whose meaning depends on a neighbour (a lockfile's package.json, a pom's parent,
   * a requirements `-r` include). The scan sets a reader bounded to its root (`process-files.ts`);
   * a file built without one (tests, git history) reads nothing. Parse with it sparingly: what it
   * reads is not part of the file's fingerprint or suppressions.
   */
  readonly readSibling: SiblingReader;
  /**
   * A format the user declared for this file (`rampart scan --lockfile <type>:<path>`): the
   * analyzer that reads that format takes it whatever the file's name.
   */
  readonly declaredFormat: string | undefined;
  /**
   * For analyzers whose unit is a folder (a Go package): the names of the files beside this one.
   * Undefined when the file was built without one (tests, git history).
   */
  readonly listFolder: FolderLister | undefined;
  #lineStarts: number[] | undefined;
  /** Whether the text is all ASCII (byte offsets equal indexes); undefined until a fix asks. */
  #ascii: boolean | undefined;
  /** UTF-8 byte offset of each line start, filled on demand up to the furthest line asked for. */
  #lineByteStarts: number[] | undefined;

  constructor(
    path: string,
    text: string,
    options: {
      readSibling?: SiblingReader;
      listFolder?: FolderLister | undefined;
      declaredFormat?: string | undefined;
    } = {},
  ) {
    this.path = path;
    this.text = text;
    this.readSibling = options.readSibling ?? NO_SIBLINGS;
    this.listFolder = options.listFolder;
    this.declaredFormat = options.declaredFormat;
  }

  /** Index (UTF-16) at which each line begins; computed once, on first use. */
  lineStarts(): readonly number[] {
    if (this.#lineStarts === undefined) {
      const starts = [0];
      const text = this.text;
      for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
        starts.push(index + 1);
      }
      this.#lineStarts = starts;
    }
    return this.#lineStarts;
  }

  get lineCount(): number {
    return this.lineStarts().length;
  }

  /** The text of a 1-based line without its line ending; "" outside the file. */
  lineText(line: number): string {
    const starts = this.lineStarts();
    const start = starts[line - 1];
    if (start === undefined) return "";
    const next = starts[line];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end -= 1; // strip \r of CRLF
    return this.text.slice(start, end);
  }

  /** Position of a UTF-16 index. Indexes past the end clamp to the end of the file. */
  positionAt(index: number): Position {
    const starts = this.lineStarts();
    const clamped = Math.max(0, Math.min(index, this.text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= clamped) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: clamped - starts[low]! + 1 };
  }

  /** UTF-16 index of a position; clamps to the file. */
  indexAt(position: Position): number {
    const starts = this.lineStarts();
    const lineIndex = Math.max(0, Math.min(position.line - 1, starts.length - 1));
    const index = starts[lineIndex]! + Math.max(0, position.column - 1);
    return Math.min(index, this.text.length);
  }

  /**
   * UTF-8 byte offset of a UTF-16 index: fixes are expressed in bytes so they apply to the file on disk.
   * Every fixable finding asks for two, so the cost is per line, not per file: an ASCII file's offsets
   * are its indexes, and otherwise each line's byte start is counted once and the line's prefix added.
   */
  byteOffsetOfIndex(index: number): number {
    const clamped = Math.max(0, Math.min(index, this.text.length));
    if (this.#ascii === undefined) this.#ascii = !/[\u0080-\uffff]/.test(this.text);
    if (this.#ascii) return clamped;
    const line = this.positionAt(clamped).line;
    const lineStart = this.lineStarts()[line - 1]!;
    return this.#lineByteStart(line) + Buffer.byteLength(this.text.slice(lineStart, clamped), "utf8");
  }

  /** Byte offset of the start of a 1-based line, counted once for every line up to it. */
  #lineByteStart(line: number): number {
    const starts = this.lineStarts();
    if (this.#lineByteStarts === undefined) this.#lineByteStarts = [0];
    const known = this.#lineByteStarts;
    while (known.length < line) {
      const next = known.length; // 0-based index of the line whose start we compute
      known.push(
        known[next - 1]! + Buffer.byteLength(this.text.slice(starts[next - 1], starts[next]), "utf8"),
      );
    }
    return known[line - 1]!;
  }

  byteOffsetAt(position: Position): number {
    return this.byteOffsetOfIndex(this.indexAt(position));
  }
}

/** The folder of a forward-slash path: "" at the root, no trailing slash (`a/b.go` → `a`). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Turns an OS path into the forward-slash form findings carry. */
export function toPosixPath(path: string): string {
  return path.split("\\").join("/");
}
