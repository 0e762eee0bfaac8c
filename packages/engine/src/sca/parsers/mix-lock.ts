// mix.lock (Elixir): an Elixir map literal, one package per line:
// `"name": {:hex, :name, "1.2.3", "<hash>", [build tools], [deps], "hexpm", "<hash>"},`.
// Read line by line (the file is Elixir code, not data, so it is never evaluated). The Hex
// package is the second element (the atom), which may differ from the map key; `:git` and
// `:path` entries have no registry version and are skipped with a warning. mix.exs is not read,
// so which packages are direct is unknown (false).
import { failure, type ManifestParser, PackageCollector, splitLines } from "./common.ts";

const HEX_ENTRY = /^\s*"([^"]+)":\s*\{\s*:hex,\s*:"?([\w.-]+)"?,\s*"([^"]+)"/;
const OTHER_ENTRY = /^\s*"([^"]+)":\s*\{\s*:(git|path)\b/;

export const parseMixLock: ManifestParser = (path, text) => {
  const lines = splitLines(text);
  const first = lines.findIndex((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  if (first === -1 || !lines[first]!.trimStart().startsWith("%{"))
    return failure(path, "not a mix.lock: it does not start with a map (%{)");
  const collector = new PackageCollector("Hex", path);
  lines.forEach((line, index) => {
    const hex = HEX_ENTRY.exec(line);
    if (hex) {
      collector.add({ name: hex[2]!, version: hex[3]!, direct: false, dev: false, line: index + 1 });
      return;
    }
    const other = OTHER_ENTRY.exec(line);
    if (other) collector.warn(`${other[1]}: ${other[2]} dependency, skipped (no registry version)`);
  });
  return collector.finish();
};
