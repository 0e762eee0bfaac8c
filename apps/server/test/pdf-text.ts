// Reads back the text a PDF shows, for tests: the layout draws each line with one `<hex> Tj`
// operator, so the lines come out in drawing order from the pages' (Flate) content streams.
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

export async function pdfText(bytes: Uint8Array): Promise<{ pageCount: number; lines: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        // WinAnsi and Latin-1 agree outside 0x80-0x9F, which the tests do not look for.
        lines.push(Buffer.from(match[1]!, "hex").toString("latin1"));
      }
    }
  }
  return { pageCount: doc.getPageCount(), lines };
}
