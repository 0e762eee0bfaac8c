// `--lockfile <type>:<path>` (repeatable) for `scan` and `sbom`: read a file as the given manifest
// format whatever its name, like osv-scanner's `-L`. `<path>` alone is read as the format its name
// or content shows.
import { readFileSync, statSync } from "node:fs";
import { basename, isAbsolute, relative, resolve, sep } from "node:path";
import {
  MANIFEST_FORMATS,
  type ManifestFormat,
  manifestFormatById,
  manifestFormatFor,
} from "@rampart/engine/sca/parsers/index";
import { type Io, UsageError } from "./io.ts";

export interface LockfileOption {
  /** As typed, for messages. */
  given: string;
  absolutePath: string;
  format: ManifestFormat;
}

function validTypes(): string {
  return MANIFEST_FORMATS.map((format) => format.id).join(", ");
}

function splitTypeAndPath(value: string): { type: string | undefined; path: string } {
  const colon = value.indexOf(":");
  if (colon <= 0) return { type: undefined, path: value };
  const type = value.slice(0, colon);
  // A Windows drive (`C:\x`) is a path, not a type.
  if (/^[a-zA-Z]$/.test(type) && /^[\\/]/.test(value.slice(colon + 1)))
    return { type: undefined, path: value };
  return { type, path: value.slice(colon + 1) };
}

export function parseLockfileOptions(io: Io, values: readonly string[]): LockfileOption[] {
  return values.map((given) => {
    const { type, path } = splitTypeAndPath(given);
    let format = type === undefined ? undefined : manifestFormatById(type);
    if (type !== undefined && format === undefined)
      throw new UsageError(`--lockfile: unknown type "${type}"; valid types: ${validTypes()}`);
    if (path === "") throw new UsageError(`--lockfile ${given}: no path after the type`);
    const absolutePath = resolve(io.cwd, path);
    const stat = statSync(absolutePath, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`--lockfile ${given}: no such file: ${path}`);
    if (!stat.isFile()) throw new UsageError(`--lockfile ${given}: not a file: ${path}`);
    if (format === undefined) {
      format = manifestFormatFor(absolutePath, readFileSync(absolutePath, "utf8"));
      if (format === undefined)
        throw new UsageError(
          `--lockfile ${given}: not a format we recognise; say which with <type>:<path>, one of: ${validTypes()}`,
        );
    }
    return { given, absolutePath, format };
  });
}

/** `--lockfile` files as the scan takes them (`ScanOptions.lockfiles`): relative to its root, inside it. */
export function scanLockfiles(
  root: string,
  lockfiles: readonly LockfileOption[],
): { path: string; format: string }[] {
  const rootIsFile = statSync(root).isFile();
  return lockfiles.map(({ given, absolutePath, format }) => {
    let path: string;
    if (rootIsFile) path = absolutePath === root ? basename(root) : "";
    else path = relative(root, absolutePath).split(sep).join("/");
    if (path === "" || path === ".." || path.startsWith("../") || isAbsolute(path))
      throw new UsageError(`--lockfile ${given}: not inside the scanned path ${root}`);
    return { path, format: format.id };
  });
}
