// Repository-relative paths as the drift evaluation uses them: forward slashes, no leading "./",
// "" for the repository root. A path that climbs out of the repository is undefined, never read.

/** "" for the root; undefined for a path leaving the repository (or an absolute one). */
export function normalizeFolder(path: string): string | undefined {
  if (path.startsWith("/") || path.includes("\\") || path.includes("\0")) return undefined;
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}

export function dirnameOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** `relative` (like "../modules/x") from folder `dir`; undefined when it leaves the repository. */
export function joinPath(dir: string, relative: string): string | undefined {
  if (relative.startsWith("/")) return undefined;
  return normalizeFolder(dir === "" ? relative : `${dir}/${relative}`);
}
