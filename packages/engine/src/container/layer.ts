// One layer: stream its tar and keep only what an inventory needs (package databases, os-release,
// language package metadata, Go build info) plus its whiteouts. Nothing is written to disk and
// nothing else is buffered: an entry we do not want is drained as it streams past.
import { type GoBuildInfo, GoBuildInfoScanner, looksLikeExecutable } from "./go-buildinfo.ts";
import {
  isGemSpecification,
  isNodePackageJson,
  isPythonMetadata,
  type LanguagePackageInfo,
  parseGemSpecification,
  parseNodePackageJson,
  parsePythonMetadata,
} from "./language.ts";
import { type ChunkReader, type ExpansionBudget, readHead, readUpTo, tarEntries } from "./stream.ts";

export type KeptFile =
  | { kind: "os-release"; text: string }
  | { kind: "dpkg-status"; text: string }
  | { kind: "apk-installed"; text: string }
  | { kind: "npm"; info: LanguagePackageInfo }
  | { kind: "python"; info: LanguagePackageInfo }
  | { kind: "gem"; info: LanguagePackageInfo }
  | { kind: "go"; info: GoBuildInfo };

export interface LayerContents {
  /** Kept files by path (relative, no leading `/` or `./`). */
  files: Map<string, KeptFile>;
  /** Paths a `.wh.<name>` entry deletes from the layers below. */
  whiteouts: string[];
  /** Directories a `.wh..wh..opq` entry empties of the layers below' content. */
  opaqueDirectories: string[];
  entries: number;
  warnings: string[];
}

const MEBIBYTE = 1024 * 1024;
/** Package databases: Debian's status is a few MB for a large image. */
const DATABASE_LIMIT = 64 * MEBIBYTE;
const SMALL_FILE_LIMIT = MEBIBYTE;
/** Python METADATA puts the headers first; the long description after them is not needed. */
const METADATA_HEAD = 256 * 1024;
/** Larger executables are not searched for Go build info. */
export const MAX_BINARY_BYTES = 50 * MEBIBYTE;

type TextKind = "os-release" | "dpkg-status" | "apk-installed";

export function textKindOf(path: string): TextKind | undefined {
  if (path === "etc/os-release" || path === "usr/lib/os-release") return "os-release";
  if (path === "var/lib/dpkg/status") return "dpkg-status";
  if (
    path.startsWith("var/lib/dpkg/status.d/") &&
    !path.endsWith(".md5sums") &&
    !path.slice(22).includes("/")
  ) {
    return "dpkg-status";
  }
  if (path === "lib/apk/db/installed") return "apk-installed";
  return undefined;
}

export function normalizeEntryPath(name: string): string {
  let path = name.replace(/\\/g, "/");
  while (path.startsWith("./")) path = path.slice(2);
  path = path.replace(/^\/+/, "").replace(/\/+$/, "");
  return path;
}

function splitPath(path: string): { directory: string; base: string } {
  const slash = path.lastIndexOf("/");
  return slash === -1
    ? { directory: "", base: path }
    : { directory: path.slice(0, slash), base: path.slice(slash + 1) };
}

/** `budget` (with `what` naming the layer in its errors) bounds the entry count across layers. */
export async function readLayer(
  tarChunks: AsyncIterable<Buffer>,
  { budget, what = "the layer" }: { budget?: ExpansionBudget; what?: string } = {},
): Promise<LayerContents> {
  const layer: LayerContents = {
    files: new Map(),
    whiteouts: [],
    opaqueDirectories: [],
    entries: 0,
    warnings: [],
  };
  for await (const { header, reader } of tarEntries(tarChunks)) {
    layer.entries++;
    budget?.entry(what);
    const path = normalizeEntryPath(header.name);
    const { directory, base } = splitPath(path);
    if (base === ".wh..wh..opq") {
      layer.opaqueDirectories.push(directory);
      continue;
    }
    if (base.startsWith(".wh.")) {
      layer.whiteouts.push(directory === "" ? base.slice(4) : `${directory}/${base.slice(4)}`);
      continue;
    }
    if (header.type !== "file" && header.type !== "contiguous-file") continue;
    const kept = await keep(path, header.size ?? 0, header.mode ?? 0, reader, layer.warnings);
    if (kept) layer.files.set(path, kept);
  }
  return layer;
}

async function keep(
  path: string,
  size: number,
  mode: number,
  reader: ChunkReader,
  warnings: string[],
): Promise<KeptFile | undefined> {
  const textKind = textKindOf(path);
  if (textKind !== undefined) {
    const bytes = await readUpTo(reader, DATABASE_LIMIT);
    if (bytes === undefined) {
      warnings.push(`${path}: larger than ${DATABASE_LIMIT / MEBIBYTE} MB, not read`);
      return undefined;
    }
    return { kind: textKind, text: bytes.toString("utf8") };
  }
  if (isNodePackageJson(path)) {
    const bytes = await readUpTo(reader, SMALL_FILE_LIMIT);
    const info = bytes && parseNodePackageJson(bytes.toString("utf8"));
    return info ? { kind: "npm", info } : undefined;
  }
  if (isPythonMetadata(path)) {
    const info = parsePythonMetadata((await readHead(reader, METADATA_HEAD)).toString("utf8"));
    return info ? { kind: "python", info } : undefined;
  }
  if (isGemSpecification(path)) {
    const bytes = await readUpTo(reader, SMALL_FILE_LIMIT);
    const info = bytes && parseGemSpecification(bytes.toString("utf8"));
    return info ? { kind: "gem", info } : undefined;
  }
  // Go binaries: executable regular files of a plausible size that start like an executable.
  if ((mode & 0o111) !== 0 && size >= 1024 && size <= MAX_BINARY_BYTES) {
    const head = await reader.peek(4);
    if (!looksLikeExecutable(head)) return undefined;
    const scanner = new GoBuildInfoScanner();
    for await (const chunk of reader.chunks()) {
      scanner.push(chunk);
      if (scanner.done) break;
    }
    return scanner.result ? { kind: "go", info: scanner.result } : undefined;
  }
  return undefined;
}
