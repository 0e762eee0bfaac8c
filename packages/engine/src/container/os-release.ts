// The distribution of an image from its os-release file, and the OSV ecosystem (with release)
// its packages' advisories are filed under: `Debian:12`, `Alpine:v3.19`, `Ubuntu:22.04`.

export interface OperatingSystem {
  /** os-release `ID`, e.g. `debian`, `alpine`, `ubuntu`. */
  id: string;
  /** os-release `VERSION_ID`, e.g. `12`, `3.19.1`; absent for rolling releases (Debian sid). */
  versionId?: string;
  prettyName?: string;
  /** The OSV ecosystem with release, when we know how that distribution names its releases. */
  ecosystem?: string;
}

/** `KEY=value` lines; values may be quoted with `"` or `'`, and `\` escapes in double quotes. */
export function parseOsRelease(text: string): OperatingSystem | undefined {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    let value = match[2]!.trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    } else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
      value = value.slice(1, -1);
    }
    fields.set(match[1]!, value);
  }
  const id = fields.get("ID")?.toLowerCase();
  if (!id) return undefined;
  const os: OperatingSystem = { id };
  const versionId = fields.get("VERSION_ID");
  if (versionId) os.versionId = versionId;
  const prettyName = fields.get("PRETTY_NAME");
  if (prettyName) os.prettyName = prettyName;
  const ecosystem = osvEcosystem(id, versionId);
  if (ecosystem) os.ecosystem = ecosystem;
  return os;
}

/** OSV names releases as Debian `Debian:12` (major), Alpine `Alpine:v3.19` (major.minor). */
export function osvEcosystem(id: string, versionId: string | undefined): string | undefined {
  switch (id) {
    case "debian":
      return versionId ? `Debian:${versionId.split(".")[0]}` : "Debian";
    case "alpine": {
      if (!versionId) return "Alpine";
      const [major, minor] = versionId.split(".");
      return minor === undefined ? `Alpine:v${major}` : `Alpine:v${major}.${minor}`;
    }
    case "ubuntu":
      return versionId ? `Ubuntu:${versionId}` : "Ubuntu";
    default:
      return undefined;
  }
}
