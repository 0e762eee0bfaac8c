// pylock.toml (PEP 751, `lock-version = "1.0"`; also `pylock.<name>.toml`): `[[packages]]` with
// `name` and `version`. Packages from a VCS, a directory or an archive URL may have no version
// and are skipped with a warning. The file does not say which packages are direct; the
// pyproject.toml beside it does (dependencies prod, dependency groups dev), when present.

import { normalizePythonName } from "../package.ts";
import {
  asRecord,
  asString,
  describeError,
  failure,
  type ManifestParser,
  PackageCollector,
  splitLines,
} from "./common.ts";
import { declaredInPyproject, readTomlSibling } from "./python-project.ts";
import { parseToml } from "./toml.ts";

/** The line of each `[[packages]]` table's `name = ` key, in file order. */
function packageNameLines(text: string): number[] {
  const lines: number[] = [];
  let inPackage = false;
  splitLines(text).forEach((line, index) => {
    if (line.startsWith("[")) inPackage = line.trim() === "[[packages]]";
    else if (inPackage && /^name\s*=/.test(line)) {
      lines.push(index + 1);
      inPackage = false;
    }
  });
  return lines;
}

export const parsePylock: ManifestParser = (path, text, readSibling) => {
  let lock: Record<string, unknown>;
  try {
    lock = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    return failure(path, `invalid TOML: ${describeError(error)}`);
  }
  const lockVersion = asString(lock["lock-version"]);
  if (lockVersion === undefined) return failure(path, 'not a pylock.toml: no "lock-version"');
  if (!/^1\.\d+$/.test(lockVersion)) return failure(path, `unsupported lock-version ${lockVersion}`);
  const pyproject = readTomlSibling(readSibling, path, "pyproject.toml");
  const declared = pyproject === undefined ? undefined : declaredInPyproject(pyproject);
  const lines = packageNameLines(text);
  const collector = new PackageCollector("PyPI", path);
  const packages = Array.isArray(lock.packages) ? lock.packages : [];
  packages.forEach((value, index) => {
    const entry = asRecord(value);
    const name = asString(entry.name);
    if (name === undefined) return;
    const version = asString(entry.version);
    if (version === undefined) {
      const source =
        ["vcs", "directory", "archive", "sdist"].find((key) => entry[key] !== undefined) ?? "unknown";
      collector.warn(`${name}: ${source} source without a version, skipped`);
      return;
    }
    const normalized = normalizePythonName(name);
    const prod = declared?.prod.has(normalized) === true;
    const dev = !prod && declared?.dev.has(normalized) === true;
    collector.add({ name, version, direct: prod || dev, dev, line: lines[index] ?? 1 });
  });
  return collector.finish();
};
