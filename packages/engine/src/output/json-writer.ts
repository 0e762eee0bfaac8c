// Writes a report as `JSON.stringify(document, null, 2)` would, without ever holding that text
// whole: the document's one large array (a report's findings, a SARIF run's results) is written
// item by item, the rest in one piece. A 100,000-file scan's JSON report is about 600 MB of text,
// which was built as one string and then copied into a buffer to be written (bench/RESULTS.md).

/** Characters gathered before they are handed to `write`: few calls, small buffers. */
const CHUNK_CHARACTERS = 256 * 1024;
/**
 * Items stringified in one call. One `JSON.stringify` per item followed by a re-indent of its
 * text (`replaceAll`) cost five times the CPU of stringifying them together (92,755 findings:
 * 1.0 s against 0.2 s, bench/RESULTS.md).
 */
const BATCH_ITEMS = 256;
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
  // The items sit one level below the array's line. A batch nested in as many one-element arrays
  // as that takes comes out of JSON.stringify indented as the document needs; the wrappers' lines
  // (one opening and one closing line per level) are cut off.
  const levels = indent.length / 2 + 1;

  let buffered = skeleton.slice(0, at);
  let count = 0;
  let batch: unknown[] = [];
  const flush = () => {
    let wrapped: unknown = batch;
    for (let level = 1; level < levels; level++) wrapped = [wrapped];
    const text = JSON.stringify(wrapped, null, 2);
    let start = 0;
    for (let level = 0; level < levels; level++) start = text.indexOf("\n", start) + 1;
    let end = text.length;
    for (let level = 0; level < levels; level++) end = text.lastIndexOf("\n", end - 1);
    buffered += `${count === 0 ? "[\n" : ",\n"}${text.slice(start, end)}`;
    count += batch.length;
    batch = [];
    if (buffered.length >= CHUNK_CHARACTERS) {
      write(buffered);
      buffered = "";
    }
  };
  for (const item of items) {
    batch.push(item);
    if (batch.length === BATCH_ITEMS) flush();
  }
  if (batch.length > 0) flush();
  buffered += count === 0 ? "[]" : `\n${indent}]`;
  write(`${buffered}${skeleton.slice(at + escapedMarker.length)}\n`);
}
