// Reads an audit package zip for `rampart verify` with bounds, before anything is decompressed:
// at most 10,000 entries, at most 2 GB uncompressed, and no entry name that could leave the
// folder it would be unpacked into. The files stay in memory; nothing is written to disk.
import { isSafePackagePath, MAX_PACKAGE_FILES } from "@rampart/ledger";
import { unzipSync } from "fflate";

export const MAX_UNCOMPRESSED_BYTES = 2 * 1024 ** 3;

/** Local file header or empty-archive signature: how a zip starts. */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}

export class PackageArchiveError extends Error {}

/**
 * The archive's files by path. Directory entries are dropped (a package holds files only).
 * @throws PackageArchiveError when the archive is unreadable or breaks a bound.
 */
export function readPackageZip(bytes: Uint8Array, limits = { maxUncompressedBytes: MAX_UNCOMPRESSED_BYTES }) {
  const names: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(bytes, {
      // Called from the central directory before each entry is inflated, so a bound stops the read.
      filter: (file) => {
        if (names.length + 1 > MAX_PACKAGE_FILES)
          throw new PackageArchiveError(`more than ${MAX_PACKAGE_FILES} entries`);
        const isDirectory = file.name.endsWith("/");
        const name = isDirectory ? file.name.slice(0, -1) : file.name;
        if (!isSafePackagePath(name))
          throw new PackageArchiveError(`entry ${JSON.stringify(file.name)} is not a safe relative path`);
        if (isDirectory) return false;
        if (seen.has(name)) throw new PackageArchiveError(`entry ${name} appears twice`);
        total += file.originalSize;
        if (total > limits.maxUncompressedBytes)
          throw new PackageArchiveError(`more than ${limits.maxUncompressedBytes} bytes uncompressed`);
        seen.add(name);
        names.push(name);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof PackageArchiveError) throw error;
    throw new PackageArchiveError(`not a readable zip: ${(error as Error).message}`);
  }
  const files = new Map<string, Uint8Array>();
  for (const name of names) {
    // Read as own properties only: a name like `__proto__` must not vanish into the prototype.
    const content = Object.hasOwn(unpacked, name) ? unpacked[name] : undefined;
    if (content === undefined) throw new PackageArchiveError(`entry ${name} could not be read`);
    files.set(name, content);
  }
  return files;
}
