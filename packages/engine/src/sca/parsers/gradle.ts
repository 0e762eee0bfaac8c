// Gradle dependency lockfiles: gradle.lockfile / buildscript-gradle.lockfile
// (`group:artifact:version=conf1,conf2`) and the older per-configuration
// gradle/dependency-locks/*.lockfile (`group:artifact:version`). A package only on test
// configurations is dev. The lockfile does not say which dependencies are direct. A line that is
// not a coordinate (a merge conflict marker, a hand edit) is skipped with a warning, as Gradle
// itself would stop there but the other lines still say what was locked; a file with no
// coordinate at all and unreadable lines is not a Gradle lockfile.
import { type ManifestParser, PackageCollector, splitLines } from "./common.ts";

export const parseGradleLockfile: ManifestParser = (path, text) => {
  const collector = new PackageCollector("Maven", path);
  const perConfiguration = /dependency-locks\/([^/]+)\.lockfile$/.exec(path)?.[1];
  let bad = 0;
  let coordinates = 0;
  splitLines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("empty=")) return;
    const match = /^([^:=\s]+):([^:=\s]+):([^:=\s]+)(?:=(.*))?$/.exec(line);
    if (!match) {
      bad++;
      return;
    }
    const configurations = match[4]?.split(",") ?? (perConfiguration === undefined ? [] : [perConfiguration]);
    coordinates++;
    const dev = configurations.length > 0 && configurations.every((name) => /test/i.test(name));
    collector.add({
      name: `${match[1]}:${match[2]}`,
      version: match[3]!,
      direct: false,
      dev,
      line: index + 1,
    });
  });
  if (bad > 0 && coordinates === 0)
    return { ok: false, reason: `${path}: not a Gradle lockfile: ${bad} unreadable line(s), no coordinate` };
  if (bad > 0) collector.warn(`${bad} unreadable line(s) skipped`);
  return collector.finish();
};
