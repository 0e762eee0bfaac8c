// rebar.lock (Erlang, rebar3): an Erlang term, `{"1.2.0", [Locks]}.` (format 1.1.0 and later,
// followed by the `pkg_hash` list) or a bare `[Locks].` (rebar3 before 3.5). Each lock is
// `{<<"app">>, Source, Level}`: level 0 is a dependency of the project itself, deeper levels are
// transitive. `{pkg, <<"name">>, <<"version">>}` is a Hex package (its Hex name may differ from the
// app name); `git`, `hg` and other sources have no registry version and are skipped with a warning.
// Read with a scan of the lock entries, never evaluated.
import { failure, LineIndex, type ManifestParser, PackageCollector } from "./common.ts";

const LOCK_FORMAT = /^\s*(?:%[^\n]*\n\s*)*\{\s*"(\d+\.\d+\.\d+)"\s*,\s*\[/;
const LEGACY_START = /^\s*(?:%[^\n]*\n\s*)*\[\s*(?:\{|\]\s*\.)/;
const SUPPORTED_MAJOR = "1";

// The start of one lock: `{<<"app">>,{source,`; the Hex package follows for `pkg`.
const LOCK_START = /\{\s*<<"([^"\n]{1,214})">>\s*,\s*\{\s*([a-z_]{1,20})\s*,/g;
const PKG_REST = /\s*<<"([^"\n]{1,214})">>\s*,\s*<<"([^"\n]{1,100})">>/y;

export const parseRebarLock: ManifestParser = (path, text) => {
  const versioned = LOCK_FORMAT.exec(text);
  if (versioned === null && !LEGACY_START.test(text))
    return failure(path, 'not a rebar.lock: it starts with neither {"<version>", [ nor [');
  if (versioned !== null && versioned[1]!.split(".")[0] !== SUPPORTED_MAJOR)
    return failure(path, `unsupported rebar.lock format ${versioned[1]}`);
  // Only the lock list: the pkg_hash section after it names the same apps with hashes.
  const end = text.search(/\{\s*pkg_hash\s*,/);
  const locks = end === -1 ? text : text.slice(0, end);
  const lines = new LineIndex(text);
  const collector = new PackageCollector("Hex", path);
  for (const start of locks.matchAll(LOCK_START)) {
    const app = start[1]!;
    const source = start[2]!;
    const after = start.index + start[0].length;
    // The level closes the lock: `}, 0}` after the source tuple.
    const level = /\}\s*,\s*(\d+)\s*\}/.exec(locks.slice(after, after + 400))?.[1];
    const line = lines.lineAt(start.index);
    if (source !== "pkg") {
      collector.warn(`${app}: ${source} dependency, skipped (no registry version)`);
      continue;
    }
    PKG_REST.lastIndex = after;
    const pkg = PKG_REST.exec(locks);
    if (pkg === null) {
      collector.warn(`${app}: unreadable pkg lock (line ${line}), skipped`);
      continue;
    }
    collector.add({ name: pkg[1]!, version: pkg[2]!, direct: level === "0", dev: false, line });
  }
  return collector.finish();
};
