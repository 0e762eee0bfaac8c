// Streaming plumbing for image archives: a chunk reader that can peek at magic bytes and be
// drained, decompression chosen by sniffing (gzip, zstd, none), and tar entries read one at a
// time from a chunk source. tar-stream v3 entries are streamx streams: they are read by async
// iteration (there is no `read(n)`/`unshift`) and every entry must be drained or extraction stalls.
import { createHash, type Hash } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { Decompress } from "fzstd";
import tar from "tar-stream";

export class ChunkReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private ended = false;
  private readonly hash: Hash | undefined;
  bytes = 0;

  constructor(
    private readonly iterator: AsyncIterator<Uint8Array>,
    { hash = false } = {},
  ) {
    this.hash = hash ? createHash("sha256") : undefined;
  }

  private async pull(): Promise<Buffer | undefined> {
    if (this.ended) return undefined;
    const next = await this.iterator.next();
    if (next.done) {
      this.ended = true;
      return undefined;
    }
    const value = next.value;
    const chunk = Buffer.isBuffer(value)
      ? value
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.bytes += chunk.length;
    this.hash?.update(chunk);
    return chunk;
  }

  /** Up to `count` bytes from the current position, without consuming them. */
  async peek(count: number): Promise<Buffer> {
    while (this.pendingBytes < count) {
      const chunk = await this.pull();
      if (chunk === undefined) break;
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
    }
    const head = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    return head.subarray(0, count);
  }

  /** The rest of the data. Stopping early leaves the source readable, so `drain()` can finish it. */
  async *chunks(): AsyncGenerator<Buffer> {
    while (this.pending.length > 0) {
      const chunk = this.pending.shift()!;
      this.pendingBytes -= chunk.length;
      yield chunk;
    }
    for (;;) {
      const chunk = await this.pull();
      if (chunk === undefined) return;
      yield chunk;
    }
  }

  async drain(): Promise<void> {
    this.pending = [];
    this.pendingBytes = 0;
    while ((await this.pull()) !== undefined) {
      // read and drop
    }
  }

  /** `sha256:<hex>` of every byte read, once drained. */
  digest(): string | undefined {
    return this.hash && this.ended ? `sha256:${this.hash.digest("hex")}` : undefined;
  }
}

export type Compression = "gzip" | "zstd" | "none";

export function sniffCompression(head: Buffer): Compression {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (head.length >= 4 && head.readUInt32LE(0) === 0xfd2fb528) return "zstd";
  return "none";
}

/** A tar stream: `ustar` at offset 257 (POSIX and GNU), or an all-zero first block (empty tar). */
export function looksLikeTar(head: Buffer): boolean {
  if (head.length >= 262 && head.toString("latin1", 257, 262) === "ustar") return true;
  return head.length >= 512 && head.subarray(0, 512).every((byte) => byte === 0);
}

export function decompress(reader: ChunkReader, compression: Compression): AsyncIterable<Buffer> {
  switch (compression) {
    case "gzip":
      return pipeline(Readable.from(reader.chunks()), createGunzip(), () => {
        // errors reach the consumer through the returned stream
      });
    case "zstd":
      return zstdChunks(reader.chunks());
    case "none":
      return reader.chunks();
  }
}

// Node 20 has no zstd in zlib; fzstd is pure JavaScript and streams.
async function* zstdChunks(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const output: Buffer[] = [];
  const decompressor = new Decompress((chunk) => {
    output.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  });
  for await (const chunk of source) {
    decompressor.push(chunk);
    yield* output.splice(0);
  }
  decompressor.push(new Uint8Array(0), true);
  yield* output.splice(0);
}

interface Emitter {
  once(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

function drainOrClose(stream: Emitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });
}

export interface TarEntry {
  header: tar.Header;
  reader: ChunkReader;
}

/**
 * The entries of a tar stream, one at a time. Whatever the consumer leaves unread of an entry is
 * drained before the next one; a corrupt or truncated archive throws from the iteration.
 */
export async function* tarEntries(
  source: AsyncIterable<Buffer>,
  { hash = false } = {},
): AsyncGenerator<TarEntry> {
  const extractor = tar.extract();
  let stopped = false;
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        if (stopped || extractor.destroyed) return;
        if (!extractor.write(chunk)) {
          await drainOrClose(extractor as unknown as Emitter);
        }
      }
      if (!stopped && !extractor.destroyed) (extractor as unknown as { end(): void }).end();
    } catch (error) {
      extractor.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  try {
    for await (const entry of extractor) {
      const reader = new ChunkReader(entry[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>, { hash });
      try {
        yield { header: entry.header, reader };
      } finally {
        await reader.drain();
      }
    }
  } finally {
    stopped = true;
    if (!extractor.destroyed) extractor.destroy();
    await feeding;
  }
}

/** Reads a whole entry up to `limit` bytes; undefined (and drained) when it is larger. */
export async function readUpTo(reader: ChunkReader, limit: number): Promise<Buffer | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of reader.chunks()) {
    size += chunk.length;
    if (size > limit) {
      await reader.drain();
      return undefined;
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** The first `limit` bytes of an entry (the rest is drained). */
export async function readHead(reader: ChunkReader, limit: number): Promise<Buffer> {
  const head = await reader.peek(limit);
  await reader.drain();
  return Buffer.from(head);
}
