// paket.lock (Paket, the .NET dependency manager): per group (`GROUP <name>`; the first group is
// Main), `NUGET` sections list the resolved packages as `    Name (version)` four spaces in, with
// their own dependencies six spaces in and options after ` - `. `GITHUB`, `GIT` and `HTTP`
// sections pin source files and repositories, which have no registry version: counted in a
// warning, not reported. Direct packages are those paket.dependencies beside the lock names with
// `nuget <Name>`; without it the lock does not say, so `direct` is false. A group is a name the
// project chose (`Test`, `Build`, `Docs` …), so no package is called dev from it.
import {
  failure,
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
  resolveSibling,
  splitLines,
} from "./common.ts";

const PACKAGE = /^ {4}(\S+) \(([^)\s]+)\)(?: - .*)?\s*$/;
const SOURCE_SECTIONS = new Set(["NUGET", "GITHUB", "GIT", "HTTP"]);

function directNames(path: string, readSibling: ReadSibling | undefined): Set<string> | undefined {
  const sibling = resolveSibling(path, "paket.dependencies");
  const text = sibling === undefined ? undefined : readSibling?.(sibling);
  if (text === undefined) return undefined;
  const names = new Set<string>();
  for (const line of splitLines(text)) {
    const match = /^\s*nuget\s+([^\s~<>=!]+)/.exec(line);
    if (match) names.add(match[1]!.toLowerCase());
  }
  return names;
}

export const parsePaketLock: ManifestParser = (path, text, readSibling) => {
  const lines = splitLines(text);
  if (!lines.some((line) => SOURCE_SECTIONS.has(line.trim()) && /^\S/.test(line)))
    return failure(path, "not a paket.lock: no NUGET, GITHUB, GIT or HTTP section");
  const direct = directNames(path, readSibling);
  const collector = new PackageCollector("NuGet", path);
  let section = "";
  let pinnedSources = 0;
  lines.forEach((line, index) => {
    if (/^\S/.test(line)) {
      section = line.trim();
      return;
    }
    const match = PACKAGE.exec(line);
    if (!match) return;
    if (section !== "NUGET") {
      if (SOURCE_SECTIONS.has(section)) pinnedSources++;
      return;
    }
    const [, name, version] = match as unknown as [string, string, string];
    collector.add({
      name,
      version,
      direct: direct?.has(name.toLowerCase()) ?? false,
      dev: false,
      line: index + 1,
    });
  });
  if (pinnedSources > 0)
    collector.warn(`${pinnedSources} GITHUB/GIT/HTTP source pin(s) skipped (no registry version)`);
  return collector.finish();
};
