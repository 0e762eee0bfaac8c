// Gradle dependency lockfiles: gradle.lockfile / buildscript-gradle.lockfile
// (`group:artifact:version=conf1,conf2`) and the older per-configuration
// gradle/dependency-locks/*.lockfile (`group:artifact:version`). A package only on test
// configurations is dev. The lockfile does not say which dependencies are direct.
import { type ManifestParser, PackageCollector, splitLines } from "./common.ts";

export const parseGradleLockfile: ManifestParser = (path, text) => {
  const collector = new PackageCollector("Maven", path);
  const perConfiguration = /dependency-locks\/([^/]+)\.lockfile$/.exec(path)?.[1];
  let bad = 0;
  splitLines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("empty=")) return;
    const match = /^([^:=\s]+):([^:=\s]+):([^:=\s]+)(?:=(.*))?$/.exec(line);
    if (!match) {
      bad++;
      return;
    }
    const configurations = match[4]?.split(",") ?? (perConfiguration === undefined ? [] : [perConfiguration]);
    const dev = configurations.length > 0 && configurations.every((name) => /test/i.test(name));
    collector.add({
      name: `${match[1]}:${match[2]}`,
      version: match[3]!,
      direct: false,
      dev,
      line: index + 1,
    });
  });
  if (bad > 0) return { ok: false, reason: `${path}: invalid Gradle lockfile: ${bad} unreadable line(s)` };
  return collector.finish();
};
