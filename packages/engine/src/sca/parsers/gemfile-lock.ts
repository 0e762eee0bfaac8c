// Gemfile.lock: gems under the GEM and GIT sections' `specs:` (four-space entries), direct ones
// from DEPENDENCIES. PATH gems are the project's own. Platform suffixes (`-x86_64-linux`) are
// dropped from versions. The lockfile does not record Gemfile groups, so `dev` is always false.
import { type ManifestParser, PackageCollector, splitLines } from "./common.ts";

export const parseGemfileLock: ManifestParser = (path, text) => {
  const lines = splitLines(text);
  const direct = new Set<string>();
  let section = "";
  for (const line of lines) {
    if (/^[A-Z]/.test(line)) section = line.trim();
    else if (section === "DEPENDENCIES") {
      const match = /^ {2}([^\s!(]+)/.exec(line);
      if (match) direct.add(match[1]!);
    }
  }
  if (!lines.some((line) => line === "GEM" || line === "DEPENDENCIES")) {
    return { ok: false, reason: `${path}: not a Gemfile.lock (no GEM or DEPENDENCIES section)` };
  }
  const collector = new PackageCollector("RubyGems", path);
  section = "";
  lines.forEach((line, index) => {
    if (/^[A-Z]/.test(line)) {
      section = line.trim();
      return;
    }
    const match = /^ {4}([^\s(]+) \(([^)]+)\)$/.exec(line);
    if (!match || (section !== "GEM" && section !== "GIT" && section !== "PATH")) return;
    const [, name, rawVersion] = match as unknown as [string, string, string];
    if (section === "PATH") return;
    collector.add({
      name,
      version: rawVersion.replace(/-[a-z].*$/i, ""),
      direct: direct.has(name),
      dev: false,
      line: index + 1,
    });
  });
  return collector.finish();
};
