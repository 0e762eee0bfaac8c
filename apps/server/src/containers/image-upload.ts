// Receiving an image upload: the request body is streamed to a file (never held in memory) with a
// size cap, then checked to be a `docker save` or OCI image archive by listing its outer tar
// (layers are skipped, not decompressed; a compressed outer tar is decompressed within the
// expansion limits, so a gzip bomb is refused in a moment) before a scan is queued for it.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { normalizeEntryPath } from "@rampart/engine/container/layer";
import {
  ChunkReader,
  DEFAULT_EXPANSION_LIMITS,
  decompress,
  ExpansionBudget,
  ExpansionLimitExceeded,
  type ExpansionLimits,
  looksLikeTar,
  sniffCompression,
  tarEntries,
} from "@rampart/engine/container/stream";
import { AppError } from "../errors.ts";

export class UploadTooLarge extends Error {}

/** Streams `body` to `target`; throws UploadTooLarge (and removes the file) past `maxBytes`. */
export async function saveUpload(
  body: NodeJS.ReadableStream,
  target: string,
  maxBytes: number,
): Promise<number> {
  await mkdir(path.dirname(target), { recursive: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new UploadTooLarge(`the image is larger than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
  const file = createWriteStream(target);
  try {
    await pipeline(body, counter, file);
  } catch (error) {
    // The file may still be opening when the pipeline fails; removing it earlier would let that
    // open create it again after the rm.
    if (!file.closed) await new Promise<void>((resolve) => file.once("close", () => resolve()));
    await rm(target, { force: true });
    throw error;
  }
  return bytes;
}

const NOT_AN_IMAGE =
  "The upload is not a container image: send the tarball of `docker save` or an OCI image layout (optionally gzip-compressed)";

/**
 * Throws a 400 AppError unless the file is a tar (plain or gzip/zstd) whose root holds
 * `manifest.json` (docker save) or `index.json` (OCI layout). Reads the archive once, skipping
 * the layer blobs' contents.
 */
export async function assertImageArchive(file: string, limits: Partial<ExpansionLimits> = {}): Promise<void> {
  const budget = new ExpansionBudget({ ...DEFAULT_EXPANSION_LIMITS, ...limits });
  const outerReader = new ChunkReader(
    createReadStream(file, { highWaterMark: 1024 * 1024 })[Symbol.asyncIterator](),
  );
  let found = false;
  try {
    const outer = decompress(outerReader, sniffCompression(await outerReader.peek(4)), budget, "The upload");
    const head = new ChunkReader(outer[Symbol.asyncIterator]());
    if (!looksLikeTar(await head.peek(512))) throw new AppError("bad_request", NOT_AN_IMAGE);
    for await (const { header } of tarEntries(head.chunks())) {
      budget.entry("The upload");
      const member = normalizeEntryPath(header.name);
      if (member === "manifest.json" || member === "index.json") found = true;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ExpansionLimitExceeded)
      throw new AppError("bad_request", `${error.message}: refused`);
    throw new AppError(
      "bad_request",
      `${NOT_AN_IMAGE} (${error instanceof Error ? error.message : String(error)})`,
    );
  } finally {
    await outerReader.drain().catch(() => {});
  }
  if (!found)
    throw new AppError("bad_request", `${NOT_AN_IMAGE} (no manifest.json or index.json in the archive)`);
}
