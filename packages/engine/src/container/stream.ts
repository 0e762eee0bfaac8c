// Streaming plumbing for image archives: a chunk reader that can peek at magic bytes and be
// drained, decompression chosen by sniffing (gzip, zstd, none) and bounded by an expansion budget,
// and tar entries read one at a time from a chunk source. tar-stream v3 entries are streamx
// streams: they are read by async iteration (there is no `read(n)`/`unshift`) and every entry must
// be drained or extraction stalls.
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

/** How far what an image holds may expand when decompressed (a gzip bomb is ~1000:1). */
export interface ExpansionLimits {
  /** Decompressed bytes in total, over every stream that shares one budget (an image's layers). */
  maxBytes: number;
  /** Decompressed bytes per compressed byte of one stream, checked once past `RATIO_GRACE_BYTES`. */
  maxRatio: number;
  /** Tar entries in total (a layer of millions of empty files expands little but reads slowly). */
  maxEntries: number;
  /** Wall-clock time for the whole read. */
  maxMilliseconds: number;
}

const GIBIBYTE = 1024 * 1024 * 1024;

/** Real images expand 2-10 times; sparse or zero-filled files more, hence the headroom. */
export const DEFAULT_EXPANSION_LIMITS: ExpansionLimits = {
  maxBytes: 8 * GIBIBYTE,
  maxRatio: 200,
  maxEntries: 1_000_000,
  maxMilliseconds: 15 * 60 * 1000,
};

/** A small stream may compress very well (a config of zeros); the ratio is judged past this. */
export const RATIO_GRACE_BYTES = 16 * 1024 * 1024;

/** A stream that went past its limits; the message is one line, fit for the user. */
export class ExpansionLimitExceeded extends Error {}

export function formatBytes(bytes: number): string {
  if (bytes >= GIBIBYTE) return `${Math.round((bytes / GIBIBYTE) * 10) / 10} GiB`;
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
  return `${bytes} bytes`;
}

/** What one read has used of its limits; shared by the outer archive and every layer. */
export class ExpansionBudget {
  bytes = 0;
  entries = 0;
  private readonly startedAt = Date.now();

  constructor(readonly limits: ExpansionLimits = DEFAULT_EXPANSION_LIMITS) {}

  /** Counts `produced` more decompressed bytes of a stream that has read `consumed` compressed ones. */
  expand(what: string, produced: number, streamProduced: number, consumed: number): void {
    this.bytes += produced;
    if (this.bytes > this.limits.maxBytes) {
      throw new ExpansionLimitExceeded(
        `${what} expands past the limit of ${formatBytes(this.limits.maxBytes)} of decompressed data`,
      );
    }
    if (streamProduced > RATIO_GRACE_BYTES && streamProduced > consumed * this.limits.maxRatio) {
      throw new ExpansionLimitExceeded(
        `${what} expands more than ${this.limits.maxRatio} times its compressed size (a decompression bomb?)`,
      );
    }
    this.checkTime(what);
  }

  entry(what: string): void {
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) {
      throw new ExpansionLimitExceeded(`${what} holds more than ${this.limits.maxEntries} files`);
    }
    if (this.entries % 1024 === 0) this.checkTime(what);
  }

  private checkTime(what: string): void {
    if (Date.now() - this.startedAt > this.limits.maxMilliseconds) {
      throw new ExpansionLimitExceeded(
        `${what} took longer than ${Math.round(this.limits.maxMilliseconds / 1000)} s to read`,
      );
    }
  }
}

/**
 * The decompressed chunks of `reader`, counted against `budget` as they come: past a limit the
 * iteration throws ExpansionLimitExceeded, having produced at most one chunk more than allowed.
 * (Streaming zlib ignores `maxOutputLength`, so the count is ours.) `what` names the stream in
 * the error.
 */
export function decompress(
  reader: ChunkReader,
  compression: Compression,
  budget: ExpansionBudget = new ExpansionBudget(),
  what = "the archive",
): AsyncIterable<Buffer> {
  switch (compression) {
    case "gzip": {
      const gunzip = createGunzip();
      const output = pipeline(Readable.from(reader.chunks()), gunzip, () => {
        // errors reach the consumer through the returned stream
      });
      // What the inflater has taken in: the reader runs ahead of it by the streams' buffers.
      return counted(output, () => gunzip.bytesWritten, budget, what);
    }
    case "zstd":
      return zstdChunks(reader, budget, what);
    case "none":
      return reader.chunks();
  }
}

async function* counted(
  source: AsyncIterable<Buffer>,
  consumed: () => number,
  budget: ExpansionBudget,
  what: string,
): AsyncGenerator<Buffer> {
  let produced = 0;
  for await (const chunk of source) {
    produced += chunk.length;
    budget.expand(what, chunk.length, produced, consumed());
    yield chunk;
  }
}

// Node 20 has no zstd in zlib; fzstd is pure JavaScript and streams. It hands out one block
// (at most 128 KiB) per callback, and a few input bytes can make thousands of blocks, so the
// count happens in the callback: throwing there stops `push` before the output piles up.
async function* zstdChunks(
  reader: ChunkReader,
  budget: ExpansionBudget,
  what: string,
): AsyncGenerator<Buffer> {
  const output: Buffer[] = [];
  let produced = 0;
  const decompressor = new Decompress((chunk) => {
    produced += chunk.byteLength;
    budget.expand(what, chunk.byteLength, produced, reader.bytes);
    output.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  });
  for await (const chunk of reader.chunks()) {
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
