// A small top-to-bottom layout on pdf-lib for the server's reports: a title, headings, wrapped
// paragraphs, label/value rows and simple tables, new pages when a page is full, and a footer
// with page numbers. A4, the standard PDF fonts (Helvetica, Courier), no images.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 50, right: 50, top: 56, bottom: 60 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const LINE_SPACING = 1.3;
const CELL_PADDING = 3;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.8, 0.8, 0.83);
const HEADER_FILL = rgb(0.93, 0.93, 0.95);

export type FontName = "regular" | "bold" | "mono";

export interface TextStyle {
  readonly font?: FontName;
  readonly size?: number;
  readonly muted?: boolean;
}

export interface TableColumn {
  readonly header: string;
  /** Share of the content width; the shares of a table should add up to 1. */
  readonly width: number;
  readonly font?: FontName;
}

/** Signs the engine's messages use that WinAnsi lacks, written the ASCII way. */
const ASCII_FORMS: Readonly<Record<string, string>> = { "→": "->", "←": "<-", "≥": ">=", "≤": "<=" };

/**
 * The standard fonts only carry WinAnsi (Latin-1 plus a few signs); pdf-lib throws on anything
 * else. File paths and messages can hold any Unicode, so every other character becomes '?', and
 * control characters other than newlines (which end a line) become spaces.
 */
export function toWinAnsi(text: string, supported: ReadonlySet<number>): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === "\n") out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += " ";
    else out += supported.has(code) ? char : (ASCII_FORMS[char] ?? "?");
  }
  return out;
}

/** Splits `text` into lines no wider than `width`; words wider than a line are cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      for (const piece of cutWord(word, fits)) {
        const candidate = line === "" ? piece : `${line} ${piece}`;
        if (line !== "" && !fits(candidate)) {
          lines.push(line);
          line = piece;
        } else {
          line = candidate;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

function cutWord(word: string, fits: (text: string) => boolean): string[] {
  if (fits(word)) return [word];
  const pieces: string[] = [];
  let piece = "";
  for (const char of word) {
    if (piece !== "" && !fits(piece + char)) {
      pieces.push(piece);
      piece = "";
    }
    piece += char;
  }
  return [...pieces, piece];
}

export async function createPdfLayout(options: { title: string; footer: string }) {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setProducer("Rampart");
  doc.setCreator("Rampart");
  const fonts: Record<FontName, PDFFont> = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  // All three standard fonts encode the same WinAnsi set.
  const supported = new Set(fonts.regular.getCharacterSet());
  const clean = (text: string) => toWinAnsi(text, supported);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;

  function newPage() {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN.top;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  function ensure(height: number) {
    if (y - height < MARGIN.bottom) newPage();
  }

  function lineHeight(size: number) {
    return size * LINE_SPACING;
  }

  function drawLine(text: string, x: number, style: Required<TextStyle>) {
    page.drawText(text, {
      x,
      y: y - style.size,
      size: style.size,
      font: fonts[style.font],
      color: style.muted ? MUTED : INK,
    });
  }

  function styleOf(style: TextStyle = {}): Required<TextStyle> {
    return { font: style.font ?? "regular", size: style.size ?? 9.5, muted: style.muted ?? false };
  }

  /** The height the wrapped lines of one table cell take. */
  function cellLines(text: string, column: TableColumn, size: number) {
    const width = column.width * CONTENT_WIDTH - 2 * CELL_PADDING;
    return wrapText(clean(text), fonts[column.font ?? "regular"], size, width);
  }

  function drawRow(
    columns: readonly TableColumn[],
    cells: readonly string[],
    size: number,
    header: boolean,
  ): void {
    const wrapped = columns.map((column, i) => cellLines(cells[i] ?? "", column, size));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight(size) + 2 * CELL_PADDING;
    ensure(height);
    if (header) {
      page.drawRectangle({
        x: MARGIN.left,
        y: y - height,
        width: CONTENT_WIDTH,
        height,
        color: HEADER_FILL,
      });
    }
    let x = MARGIN.left;
    const top = y;
    columns.forEach((column, i) => {
      y = top - CELL_PADDING;
      for (const line of wrapped[i]!) {
        drawLine(line, x + CELL_PADDING, {
          font: header ? "bold" : (column.font ?? "regular"),
          size,
          muted: false,
        });
        y -= lineHeight(size);
      }
      x += column.width * CONTENT_WIDTH;
    });
    y = top - height;
    page.drawLine({
      start: { x: MARGIN.left, y },
      end: { x: MARGIN.left + CONTENT_WIDTH, y },
      thickness: 0.5,
      color: RULE,
    });
  }

  function space(points: number) {
    y -= points;
  }

  function paragraph(text: string, style?: TextStyle) {
    const resolved = styleOf(style);
    for (const line of wrapText(clean(text), fonts[resolved.font], resolved.size, CONTENT_WIDTH)) {
      ensure(lineHeight(resolved.size));
      drawLine(line, MARGIN.left, resolved);
      y -= lineHeight(resolved.size);
    }
  }

  return {
    paragraph,
    space,

    title(text: string, subtitle?: string) {
      paragraph(text, { font: "bold", size: 18 });
      if (subtitle) paragraph(subtitle, { muted: true, size: 10 });
      space(8);
    },

    heading(text: string) {
      // Keep a heading with at least a few lines of what follows it.
      ensure(lineHeight(13) + 8 + 4 * lineHeight(9.5));
      space(6);
      paragraph(text, { font: "bold", size: 13 });
      space(2);
    },

    /** Label/value rows, the labels in a narrow bold column. */
    keyValues(rows: readonly (readonly [string, string])[], valueFont: FontName = "regular") {
      const columns: TableColumn[] = [
        { header: "", width: 0.26, font: "bold" },
        { header: "", width: 0.74, font: valueFont },
      ];
      for (const [label, value] of rows) drawRow(columns, [label, value], 9, false);
      space(4);
    },

    /** A table whose header row repeats on every page it runs onto. */
    table(columns: readonly TableColumn[], rows: readonly (readonly string[])[]) {
      const size = 8.5;
      const headerCells = columns.map((column) => column.header);
      drawRow(columns, headerCells, size, true);
      for (const row of rows) {
        const before = page;
        const height =
          Math.max(...columns.map((column, i) => cellLines(row[i] ?? "", column, size).length)) *
            lineHeight(size) +
          2 * CELL_PADDING;
        ensure(height);
        if (page !== before) drawRow(columns, headerCells, size, true);
        drawRow(columns, row, size, false);
      }
      space(4);
    },

    /** Draws the footers (now that the page count is known) and returns the file. */
    async save(): Promise<Uint8Array> {
      const pages = doc.getPages();
      const size = 8;
      pages.forEach((each, i) => {
        const numbering = `Page ${i + 1} of ${pages.length}`;
        each.drawText(clean(options.footer), {
          x: MARGIN.left,
          y: MARGIN.bottom / 2,
          size,
          font: fonts.regular,
          color: MUTED,
        });
        each.drawText(numbering, {
          x: PAGE.width - MARGIN.right - fonts.regular.widthOfTextAtSize(numbering, size),
          y: MARGIN.bottom / 2,
          size,
          font: fonts.regular,
          color: MUTED,
        });
      });
      return doc.save();
    },
  };
}

export type PdfLayout = Awaited<ReturnType<typeof createPdfLayout>>;
