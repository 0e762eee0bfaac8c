// The typed model of the example analyzer: `key = value` settings files (`*.conf`), each entry
// with the positions rules need. Rules query this, never the raw text.
import { type ParseResult, parsed, skipped } from "../../src/analyzer.ts";
import type { SourceFile } from "../../src/source.ts";

export interface Setting {
  key: string;
  value: string;
  /** 1-based line of the entry. */
  line: number;
  keyColumn: number;
  valueColumn: number;
  /** Whether the value was written in double quotes. */
  quoted: boolean;
}

export interface SettingsModel {
  settings: Setting[];
}

const ENTRY = /^(\s*)([A-Za-z_][\w.-]*)(\s*=\s*)(.*?)\s*$/;

export function parseSettings(file: SourceFile): ParseResult<SettingsModel> {
  if (!file.path.endsWith(".conf")) return skipped("not a .conf file");
  const settings: Setting[] = [];
  for (let line = 1; line <= file.lineCount; line++) {
    const text = file.lineText(line);
    if (text.trim() === "" || /^\s*[#;]/.test(text)) continue;
    const match = ENTRY.exec(text);
    if (!match) return skipped(`line ${line}: expected "key = value"`);
    const [, indent, key, separator, raw] = match as unknown as [string, string, string, string, string];
    const quoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"');
    settings.push({
      key,
      value: quoted ? raw.slice(1, -1) : raw,
      line,
      keyColumn: indent.length + 1,
      valueColumn: indent.length + key.length + separator.length + 1,
      quoted,
    });
  }
  return parsed({ settings });
}
