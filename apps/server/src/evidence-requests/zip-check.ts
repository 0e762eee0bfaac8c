// Checks a zip upload (a plain zip or an Office Open XML document) without extracting it: its
// central directory is read and every entry must be a plain file or folder inside the archive,
// not an executable, and the whole must not expand past a bound (a zip bomb is refused unopened).
import { constants, inflateRawSync } from "node:zlib";
import { AppError } from "../errors.ts";
import { executableKind } from "./upload-types.ts";

export const ZIP_LIMITS = {
  maxEntries: 10_000,
  /** Uncompressed bytes per uploaded byte. */
  maxExpansionRatio: 20,
  maxUncompressedBytes: 500 * 1024 * 1024,
} as const;

/** Names of programs and scripts that a zip of evidence has no reason to carry. */
const EXECUTABLE_EXTENSIONS = new Set([
  "exe",
  "dll",
  "com",
  "scr",
  "msi",
  "bat",
  "cmd",
  "ps1",
  "vbs",
  "sh",
  "jar",
  "dylib",
  "so",
  "elf",
  "app",
  "apk",
]);

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
  readonly symlink: boolean;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const UNIX_HOST = 3;
const SYMLINK_MODE = 0o120000;
const FILE_TYPE_MASK = 0o170000;
const U32_MAX = 0xffffffff;

const damaged = (why: string) => new AppError("unprocessable", `The zip archive is damaged: ${why}`);
const refused = (why: string) => new AppError("unprocessable", `The zip archive is refused: ${why}`);

function readU64(data: Buffer, offset: number): number {
  const value = data.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged("a size or offset is out of range");
  return Number(value);
}

function findEndOfDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let offset = data.length - 22; offset >= lowest; offset--) {
    if (data.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  }
  throw damaged("its central directory is missing");
}

function directoryBounds(data: Buffer): { count: number; offset: number; size: number } {
  const end = findEndOfDirectory(data);
  let count = data.readUInt16LE(end + 10);
  let size = data.readUInt32LE(end + 12);
  let offset = data.readUInt32LE(end + 16);
  const zip64 = count === 0xffff || size === U32_MAX || offset === U32_MAX;
  if (zip64) {
    const locator = end - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== ZIP64_LOCATOR)
      throw damaged("its zip64 locator is missing");
    const record = readU64(data, locator + 8);
    if (record + 56 > data.length || data.readUInt32LE(record) !== ZIP64_END)
      throw damaged("its zip64 directory record is missing");
    count = readU64(data, record + 32);
    size = readU64(data, record + 40);
    offset = readU64(data, record + 48);
  }
  if (offset + size > data.length) throw damaged("its central directory lies outside the file");
  return { count, offset, size };
}

/** Sizes and offset past 4 GiB live in the zip64 extra field, in this order, only when marked. */
function zip64Values(
  extra: Buffer,
  wanted: { uncompressed: boolean; compressed: boolean; offset: boolean },
): { uncompressed?: number; compressed?: number; offset?: number } {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      const values: { uncompressed?: number; compressed?: number; offset?: number } = {};
      let field = at + 4;
      for (const name of ["uncompressed", "compressed", "offset"] as const) {
        if (!wanted[name]) continue;
        if (field + 8 > at + 4 + length) throw damaged("a zip64 field is cut short");
        values[name] = readU64(extra, field);
        field += 8;
      }
      return values;
    }
    at += 4 + length;
  }
  throw damaged("a zip64 field is missing");
}

/** The entries of the central directory; throws a 422 on a damaged archive or too many entries. */
export function zipEntries(data: Buffer): ZipEntry[] {
  if (data.length < 22) throw damaged("it is too short");
  const { count, offset, size } = directoryBounds(data);
  if (count > ZIP_LIMITS.maxEntries)
    throw refused(`it holds ${count} entries, more than ${ZIP_LIMITS.maxEntries}`);
  const entries: ZipEntry[] = [];
  let at = offset;
  const end = offset + size;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged("an entry is cut short");
    const madeBy = data.readUInt16LE(at + 4);
    const method = data.readUInt16LE(at + 10);
    let compressedSize = data.readUInt32LE(at + 20);
    let uncompressedSize = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const externalAttributes = data.readUInt32LE(at + 38);
    let localHeaderOffset = data.readUInt32LE(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw damaged("an entry is cut short");
    const name = data.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const wanted = {
      uncompressed: uncompressedSize === U32_MAX,
      compressed: compressedSize === U32_MAX,
      offset: localHeaderOffset === U32_MAX,
    };
    if (wanted.uncompressed || wanted.compressed || wanted.offset) {
      const values = zip64Values(
        data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength),
        wanted,
      );
      uncompressedSize = values.uncompressed ?? uncompressedSize;
      compressedSize = values.compressed ?? compressedSize;
      localHeaderOffset = values.offset ?? localHeaderOffset;
    }
    const symlink =
      madeBy >> 8 === UNIX_HOST && ((externalAttributes >>> 16) & FILE_TYPE_MASK) === SYMLINK_MODE;
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset, symlink });
    at = next;
  }
  return entries;
}

/** Why an entry's name is refused, if it is: it must stay inside the archive's own folder. */
export function unsafeEntryName(name: string): string | undefined {
  if (name.length === 0) return "an entry has no name";
  if (name.includes("\u0000")) return "an entry's name holds a NUL character";
  if (name.includes("\\")) return `the entry ${JSON.stringify(name)} uses backslashes`;
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name))
    return `the entry ${JSON.stringify(name)} is an absolute path`;
  if (name.split("/").includes("..")) return `the entry ${JSON.stringify(name)} leaves the archive's folder`;
  return undefined;
}

/** The first bytes of an entry's content (stored or deflated), to tell an executable by its magic. */
function entryHead(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_HEADER)
    throw damaged("an entry's header is missing");
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const compressed = data.subarray(start, Math.min(start + entry.compressedSize, data.length));
  if (entry.method === 0) return compressed.subarray(0, 8);
  if (entry.method !== 8) return Buffer.alloc(0);
  try {
    // A prefix of the stream is enough for the magic; the sync flush stops where the input does.
    return inflateRawSync(compressed.subarray(0, 1024), { finishFlush: constants.Z_SYNC_FLUSH }).subarray(
      0,
      8,
    );
  } catch {
    throw damaged(`the entry ${JSON.stringify(entry.name)} cannot be read`);
  }
}

/** Throws a 422 unless every entry of the zip is safe to hand to someone who will open it. */
export function checkZip(data: Buffer): void {
  const entries = zipEntries(data);
  const budget = Math.min(ZIP_LIMITS.maxUncompressedBytes, data.length * ZIP_LIMITS.maxExpansionRatio);
  let total = 0;
  for (const entry of entries) {
    const unsafe = unsafeEntryName(entry.name);
    if (unsafe) throw refused(unsafe);
    if (entry.symlink) throw refused(`the entry ${JSON.stringify(entry.name)} is a symbolic link`);
    total += entry.uncompressedSize;
    if (total > budget) throw refused("it expands to more than its size allows (a zip bomb?)");
    if (entry.name.endsWith("/")) continue;
    const extension = entry.name.slice(entry.name.lastIndexOf(".") + 1).toLowerCase();
    if (entry.name.includes(".") && EXECUTABLE_EXTENSIONS.has(extension))
      throw refused(`the entry ${JSON.stringify(entry.name)} is a program or script`);
    const executable = executableKind(entryHead(data, entry));
    if (executable) throw refused(`the entry ${JSON.stringify(entry.name)} is ${executable}`);
  }
}
