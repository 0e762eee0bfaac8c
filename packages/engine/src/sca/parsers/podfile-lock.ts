// CocoaPods Podfile.lock (YAML, read line by line: every entry sits on a line of its own).
// `PODS:` lists each installed pod `Name (version)` (subspecs `Firebase/Core` are the pod
// `Firebase`), `DEPENDENCIES:` the Podfile's own (direct), `EXTERNAL SOURCES:` the pods taken
// from a path or git (no registry version, skipped: path ones silently, git ones with a warning).
import { failure, type ManifestParser, PackageCollector, splitLines } from "./common.ts";

/** `  - Name (1.2.3)` or `  - "Name/Sub (1.2.3)":` (quoted when it has children). */
const POD = /^ {2}- "?([^\s"(]+) \(([^)]+)\)"?:?\s*$/;
/** `  - Name` or `  - Name (~> 1.0)` or `  - Name (from `../x`)`, quoted or not. */
const DEPENDENCY = /^ {2}- "?([^\s"(]+)/;
/** `  Name:` under EXTERNAL SOURCES, then `    :path: …` or `    :git: …`. */
const EXTERNAL = /^ {2}"?([^\s":]+)"?:\s*$/;
const EXTERNAL_KIND = /^ {4}:(path|git|podspec|http):/;

function podName(name: string): string {
  return name.split("/")[0]!;
}

export const parsePodfileLock: ManifestParser = (path, text) => {
  const lines = splitLines(text);
  if (!lines.some((line) => /^PODS:\s*$/.test(line)))
    return failure(path, "not a Podfile.lock: no PODS section");
  const direct = new Set<string>();
  const external = new Map<string, string>();
  let section = "";
  let externalPod: string | undefined;
  for (const line of lines) {
    if (/^\S/.test(line)) {
      section = line.trim();
      continue;
    }
    if (section === "DEPENDENCIES:") {
      const match = DEPENDENCY.exec(line);
      if (match) direct.add(podName(match[1]!));
    } else if (section === "EXTERNAL SOURCES:") {
      const pod = EXTERNAL.exec(line);
      if (pod) externalPod = podName(pod[1]!);
      const kind = EXTERNAL_KIND.exec(line);
      if (kind && externalPod !== undefined && !external.has(externalPod))
        external.set(externalPod, kind[1]!);
    }
  }
  const collector = new PackageCollector("CocoaPods", path);
  section = "";
  lines.forEach((line, index) => {
    if (/^\S/.test(line)) {
      section = line.trim();
      return;
    }
    if (section !== "PODS:") return;
    const match = POD.exec(line);
    if (!match) return;
    const name = podName(match[1]!);
    const source = external.get(name);
    if (source === "path") return;
    if (source !== undefined) {
      collector.warn(`${name}: ${source} source, skipped (no registry version)`);
      return;
    }
    collector.add({ name, version: match[2]!, direct: direct.has(name), dev: false, line: index + 1 });
  });
  return collector.finish();
};
