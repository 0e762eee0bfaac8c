// opam lock files (OCaml), `<name>.opam.locked` as `opam lock` writes them: an opam file whose
// `depends:` pins every package of the solution, `"name" {= "version" & with-test}`. Packages
// behind `with-test`, `with-doc` or `with-dev-setup` are dev. `pin-depends` packages come from a
// URL, not the opam repository, and are skipped with a warning. Direct dependencies are those the
// `<name>.opam` beside the lock declares; without it, unknown (false). Read with a small scanner
// of opam's syntax (strings, `{…}` filters, `#` and `(* *)` comments), never evaluated.
import { failure, LineIndex, type ManifestParser, PackageCollector, resolveSibling } from "./common.ts";

interface Dependency {
  name: string;
  /** The filter after the name, `= "1.2.3" & with-test`, if any. */
  filter: string;
  offset: number;
}

/** The end of the string that opens at `start` (the index after its closing quote). */
function skipString(text: string, start: number): number {
  const triple = text.startsWith('"""', start);
  const quote = triple ? '"""' : '"';
  let index = start + quote.length;
  while (index < text.length) {
    if (text[index] === "\\") index += 2;
    else if (text.startsWith(quote, index)) return index + quote.length;
    else index++;
  }
  return text.length;
}

function skipComment(text: string, index: number): number {
  if (text[index] === "#") {
    const end = text.indexOf("\n", index);
    return end === -1 ? text.length : end;
  }
  const end = text.indexOf("*)", index + 2);
  return end === -1 ? text.length : end + 2;
}

/** The package names (with their filters) of the list field `field:` at the top of the file. */
export function readOpamDependencies(text: string, field: string): Dependency[] | undefined {
  const start = new RegExp(`^${field}\\s*:\\s*\\[`, "m").exec(text);
  if (start === null) return undefined;
  const found: Dependency[] = [];
  let depth = 1;
  let index = start.index + start[0].length;
  while (index < text.length && depth > 0) {
    const char = text[index]!;
    if (char === '"') {
      const end = skipString(text, index);
      found.push({ name: text.slice(index + 1, end - 1), filter: "", offset: index });
      index = end;
    } else if (char === "{") {
      // A filter: to its closing brace, strings inside included.
      const filterStart = index + 1;
      while (index < text.length && text[index] !== "}") {
        index = text[index] === '"' ? skipString(text, index) : index + 1;
      }
      // Unclosed: the list ends here too (going on would rescan the rest once per brace).
      if (index >= text.length) break;
      const last = found[found.length - 1];
      if (last !== undefined && last.filter === "") last.filter = text.slice(filterStart, index);
      index++;
    } else if (char === "#" || text.startsWith("(*", index)) index = skipComment(text, index);
    else {
      if (char === "[") depth++;
      else if (char === "]") depth--;
      index++;
    }
  }
  return found;
}

const DEV_FILTER = /\bwith-(?:test|doc|dev-setup)\b/;
// `= "1.2.3"`, not `>=`, `<=` or `!=`.
const PINNED_VERSION = /(?:^|[^<>!])=\s*"([^"\n]+)"/;

export const parseOpamLock: ManifestParser = (path, text, readSibling) => {
  if (!/^opam-version\s*:/m.test(text)) return failure(path, "not an opam file: no opam-version field");
  const dependencies = readOpamDependencies(text, "depends");
  if (dependencies === undefined) return failure(path, "no depends field");
  const pinned = new Set(
    (readOpamDependencies(text, "pin-depends") ?? [])
      .map((item) => item.name)
      .filter((name) => !/^[a-z+]+:/.test(name))
      .map((name) => name.split(".")[0]!),
  );
  const manifestPath = resolveSibling(path, path.replace(/^.*\//, "").replace(/\.locked$/, ""));
  const manifest = manifestPath === undefined ? undefined : readSibling?.(manifestPath);
  const declared =
    manifest === undefined || manifest === text
      ? undefined
      : new Set((readOpamDependencies(manifest, "depends") ?? []).map((item) => item.name));

  const lines = new LineIndex(text);
  const collector = new PackageCollector("opam", path);
  for (const { name, filter, offset } of dependencies) {
    if (pinned.has(name)) {
      collector.warn(`${name}: pinned to a URL (pin-depends), skipped`);
      continue;
    }
    const version = PINNED_VERSION.exec(filter)?.[1];
    if (version === undefined) {
      collector.warn(`${name}: no exact version (${filter.trim() || "no constraint"}), skipped`);
      continue;
    }
    collector.add({
      name,
      version,
      direct: declared?.has(name) === true,
      dev: DEV_FILTER.test(filter),
      line: lines.lineAt(offset),
    });
  }
  return collector.finish();
};
