// Writes an audit package as a zip stream with yazl, deterministically: entries sorted by path,
// one fixed timestamp and mode, so the same package is byte-for-byte the same archive. Large files
// are read only when the archive reaches them, one at a time.
import { Readable } from "node:stream";
import { ZipFile } from "yazl";

/** 1980-01-01 00:00 local time: the earliest DOS timestamp, the same in every time zone's archive. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);
const ENTRY = { mtime: FIXED_MTIME, mode: 0o100644, forceDosTimestamp: true } as const;

export interface LazyEntry {
  readonly path: string;
  readonly size: number;
  /** The bytes, read when the archive gets to this entry; must throw rather than return other bytes. */
  read(): Promise<Buffer>;
}

export function packageZip(inHand: ReadonlyMap<string, Uint8Array>, lazy: readonly LazyEntry[]): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say less); a failed read is reported on the ZipFile
  // and must end the download rather than leave it hanging.
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  const entries = [
    ...[...inHand].map(([path, bytes]) => ({ path, bytes })),
    ...lazy.map((entry) => ({ path: entry.path, entry })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const item of entries) {
    if ("bytes" in item) {
      zip.addBuffer(Buffer.from(item.bytes), item.path, ENTRY);
      continue;
    }
    const { entry } = item;
    zip.addReadStreamLazy(entry.path, { ...ENTRY, size: entry.size }, (callback) => {
      entry.read().then(
        (bytes) => callback(null, Readable.from([bytes])),
        (error: Error) => callback(error, undefined as never),
      );
    });
  }
  zip.end();
  return output;
}
