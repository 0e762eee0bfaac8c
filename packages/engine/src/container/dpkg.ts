// dpkg's database (`var/lib/dpkg/status`, and distroless `var/lib/dpkg/status.d/<name>`): one
// RFC 822 stanza per package. Only packages whose status is `installed` count: `deinstall ok
// config-files` leaves a stanza behind for a removed package.

export interface DpkgEntry {
  name: string;
  version: string;
  architecture?: string;
  /** The source package (advisories name it) and its version, which a binNMU makes differ. */
  source: { name: string; version: string };
  /** 1-based line of the stanza's `Package:` field. */
  line: number;
}

interface Stanza {
  fields: Map<string, string>;
  line: number;
}

/** Stanzas of a deb822 file; continuation lines (starting with space or tab) are skipped. */
export function parseStanzas(text: string): Stanza[] {
  const stanzas: Stanza[] = [];
  let current: Stanza | undefined;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === "") {
      current = undefined;
      continue;
    }
    if (line.startsWith(" ") || line.startsWith("\t")) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    if (current === undefined) {
      current = { fields: new Map(), line: index + 1 };
      stanzas.push(current);
    }
    const key = line.slice(0, colon);
    if (key === "Package") current.line = index + 1;
    current.fields.set(key, line.slice(colon + 1).trim());
  }
  return stanzas;
}

export function parseDpkgStatus(text: string, { requireStatus = true } = {}): DpkgEntry[] {
  const entries: DpkgEntry[] = [];
  for (const { fields, line } of parseStanzas(text)) {
    const name = fields.get("Package");
    const version = fields.get("Version");
    if (!name || !version) continue;
    const status = fields.get("Status");
    // distroless writes status.d files without a Status field: every file there is installed.
    if (status !== undefined ? status.split(/\s+/)[2] !== "installed" : requireStatus) continue;
    const entry: DpkgEntry = { name, version, source: sourceOf(fields.get("Source"), name, version), line };
    const architecture = fields.get("Architecture");
    if (architecture) entry.architecture = architecture;
    entries.push(entry);
  }
  return entries;
}

// `Source: openssl (3.0.11-1~deb12u2)` or `Source: openssl`, or no field (same as the binary).
function sourceOf(field: string | undefined, name: string, version: string): DpkgEntry["source"] {
  if (!field) return { name, version };
  const match = /^(\S+)(?:\s+\(([^)]+)\))?/.exec(field);
  if (!match) return { name, version };
  return { name: match[1]!, version: match[2]?.trim() || version };
}
