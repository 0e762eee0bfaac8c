// Writes a report as `JSON.stringify(document, null, 2)` would, without ever holding that text
// whole: the document's one large array (a report's findings, a SARIF run's results) is written
// item by item, the rest in one piece. A 100,000-file scan's JSON report is about 600 MB of text,
// which was built as one string and then copied into a buffer to be written (bench/RESULTS.md).

/** Characters gathered before they are handed to `write`: few calls, small buffers. */
const CHUNK_CHARACTERS = 256 * 1024;
/** Stands for the array in the document's text; a string no path or message can hold unescaped. */
const MARKER = "\u0000items\u0000";

/**
 * Writes `document` indented by two spaces, with `items` in place of `placeholder` (an array of
 * the document, compared by identity, that must be the document's last value: its last key's,
 * at every depth). Items are stringified one at a time as `items` yields them, so they may be
 * made on the fly. The text ends with a newline, like the CLI's reports always did.
 */
export function writeJsonDocument(
  document: unknown,
  placeholder: readonly unknown[],
  items: Iterable<unknown>,
  write: (text: string) => void,
): void {
  const skeleton = JSON.stringify(document, (_key, value) => (value === placeholder ? MARKER : value), 2);
  // The last occurrence is the array's, since nothing follows it but closing brackets.
  const escapedMarker = JSON.stringify(MARKER);
  const at = skeleton.lastIndexOf(escapedMarker);
  if (at < 0) throw new Error("writeJsonDocument: the placeholder array is not in the document");
  const lineStart = skeleton.lastIndexOf("\n", at) + 1;
  const indent = /^ */.exec(skeleton.slice(lineStart))![0];
  const itemIndent = `${indent}  `;

  let buffered = skeleton.slice(0, at);
  let count = 0;
  for (const item of items) {
    buffered += `${count === 0 ? "[\n" : ",\n"}${itemIndent}${JSON.stringify(item, null, 2).replaceAll("\n", `\n${itemIndent}`)}`;
    count++;
    if (buffered.length >= CHUNK_CHARACTERS) {
      write(buffered);
      buffered = "";
    }
  }
  buffered += count === 0 ? "[]" : `\n${indent}]`;
  write(`${buffered}${skeleton.slice(at + escapedMarker.length)}\n`);
}
