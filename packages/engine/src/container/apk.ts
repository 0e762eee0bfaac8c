// apk's database (`lib/apk/db/installed`): one block per package, one `X:value` line per field,
// blocks separated by a blank line. P name, V version, A arch, L licence, o origin (the aports
// package that built it, which Alpine's secdb and OSV name).

export interface ApkEntry {
  name: string;
  version: string;
  architecture?: string;
  license?: string;
  origin: string;
  /** 1-based line of the block's `P:` field. */
  line: number;
}

export function parseApkInstalled(text: string): ApkEntry[] {
  const entries: ApkEntry[] = [];
  let fields = new Map<string, string>();
  let line = 0;
  const flush = () => {
    const name = fields.get("P");
    const version = fields.get("V");
    if (name && version) {
      const entry: ApkEntry = { name, version, origin: fields.get("o") || name, line };
      const architecture = fields.get("A");
      if (architecture) entry.architecture = architecture;
      const license = fields.get("L");
      if (license) entry.license = license;
      entries.push(entry);
    }
    fields = new Map();
  };
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!;
    if (text === "") {
      flush();
      continue;
    }
    if (text.length < 2 || text[1] !== ":") continue;
    const key = text[0]!;
    if (key === "P") line = index + 1;
    // Only the first of a repeated key: file lists (F:, R:) repeat, package fields do not.
    if (!fields.has(key)) fields.set(key, text.slice(2));
  }
  flush();
  return entries;
}
