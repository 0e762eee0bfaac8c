// Paths inside a scanned tree (POSIX separators), for the parsers and the format table alike.

export function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** `relative` resolved against the directory of `fromFile`; undefined when it leaves the scan root. */
export function resolveSibling(fromFile: string, relative: string): string | undefined {
  const normalized = relative.replace(/\\/g, "/");
  if (normalized.startsWith("/") || /^[a-zA-Z]:/.test(normalized)) return undefined;
  const parts = dirname(fromFile.replace(/\\/g, "/")).split("/").filter(Boolean);
  for (const part of normalized.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}
