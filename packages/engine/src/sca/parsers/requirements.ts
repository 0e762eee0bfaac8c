// pip requirements files (requirements*.txt and requirements/*.txt). Hand-rolled: the npm
// parsers for this format fail on `--hash`. Follows `-r` includes (their packages are located in
// the included file) and `-c` constraints (which pin, but do not add, packages); skips `-e`.
import { normalizePythonName } from "../package.ts";
import {
  basename,
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
  resolveSibling,
  splitLines,
} from "./common.ts";

interface Requirement {
  name: string;
  version: string | null;
  versionRange?: string;
  line: number;
}

const MAX_INCLUDE_DEPTH = 10;

/** requirements-dev.txt, test-requirements.txt, requirements/lint.txt: by convention dev-only. */
export function isDevRequirementsFile(path: string): boolean {
  return /(^|[-_./])(dev|develop|development|test|tests|testing|lint|docs|ci)([-_.]|$)/i.test(basename(path));
}

/** Physical lines joined at trailing backslashes, comments removed, with the first line's number. */
function logicalLines(text: string): Array<{ text: string; line: number }> {
  const result: Array<{ text: string; line: number }> = [];
  let pending: { text: string; line: number } | undefined;
  splitLines(text).forEach((raw, index) => {
    const uncommented = raw.replace(/(^|\s)#.*$/, "");
    const continued = /\\$/.test(uncommented);
    const part = continued ? uncommented.slice(0, -1) : uncommented;
    pending = pending
      ? { text: `${pending.text} ${part}`, line: pending.line }
      : { text: part, line: index + 1 };
    if (!continued) {
      if (pending.text.trim() !== "") result.push({ text: pending.text.trim(), line: pending.line });
      pending = undefined;
    }
  });
  if (pending && pending.text.trim() !== "") result.push({ text: pending.text.trim(), line: pending.line });
  return result;
}

/** One requirement specifier (PEP 508 or a URL), or a reason it gives no package. */
export function parseRequirement(text: string, line: number): Requirement | { skip: string } {
  const withoutOptions = text.replace(/\s--?[a-z][\w-]*(?:[= ]\S+)?/gi, "").trim();
  if (/^(https?|git\+\w+|file|hg\+\w+|svn\+\w+|bzr\+\w+):/i.test(withoutOptions)) {
    const egg = /[#&]egg=([A-Za-z0-9][\w.-]*)/.exec(withoutOptions)?.[1];
    const wheel = /\/([A-Za-z0-9][\w.]*)-(\d[\w.!+]*)-[^/]*\.whl$/.exec(withoutOptions);
    if (wheel) return { name: wheel[1]!, version: wheel[2]!, line };
    if (egg) return { name: egg, version: null, versionRange: withoutOptions, line };
    return { skip: `${withoutOptions}: a URL without a package name` };
  }
  const match = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$/.exec(withoutOptions);
  if (!match) return { skip: `unreadable requirement "${text}"` };
  const name = match[1]!;
  const rest = match[3]!.split(";")[0]!.trim();
  if (rest.startsWith("@")) {
    const url = rest.slice(1).trim();
    const wheel = /\/[A-Za-z0-9][\w.]*-(\d[\w.!+]*)-[^/]*\.whl$/.exec(url);
    return wheel ? { name, version: wheel[1]!, line } : { name, version: null, versionRange: url, line };
  }
  const spec = rest.replace(/[()\s]/g, "");
  if (spec === "") return { name, version: null, versionRange: "*", line };
  const clauses = spec.split(",");
  const exact = clauses.length === 1 ? /^===?([^=<>!~*]+)$/.exec(clauses[0]!) : null;
  return exact ? { name, version: exact[1]!, line } : { name, version: null, versionRange: spec, line };
}

export const parseRequirements: ManifestParser = (path, text, readSibling) => {
  const collector = new PackageCollector("PyPI", path);
  const constraints = new Map<string, string>();
  const visited = new Set<string>();
  const found: Array<Requirement & { path: string; dev: boolean }> = [];

  const readFile = (filePath: string, fileText: string, depth: number, asConstraints: boolean): void => {
    visited.add(filePath);
    for (const { text: entry, line } of logicalLines(fileText)) {
      const include = /^(-r|--requirement|-c|--constraint)(?:\s*=\s*|\s+|(?<=^-[rc]))(\S+)$/.exec(entry);
      if (include) {
        const target = resolveSibling(filePath, include[2]!);
        const constraint = include[1] === "-c" || include[1] === "--constraint";
        followInclude(filePath, line, include[2]!, target, depth, asConstraints || constraint);
        continue;
      }
      if (/^(-e|--editable)\b/.test(entry)) continue;
      if (entry.startsWith("-")) continue; // --index-url, --hash-only lines, --pre, -f …
      const requirement = parseRequirement(entry, line);
      if ("skip" in requirement) {
        collector.warn(`${filePath}:${line}: ${requirement.skip}`);
        continue;
      }
      if (asConstraints) {
        if (requirement.version !== null)
          constraints.set(normalizePythonName(requirement.name), requirement.version);
      } else found.push({ ...requirement, path: filePath, dev: isDevRequirementsFile(filePath) });
    }
  };

  const followInclude = (
    from: string,
    line: number,
    written: string,
    target: string | undefined,
    depth: number,
    asConstraints: boolean,
  ): void => {
    if (target === undefined || /^[a-z]+:\/\//i.test(written)) {
      collector.warn(`${from}:${line}: include ${written} is outside the repository, not followed`);
      return;
    }
    if (visited.has(target)) return;
    const includedText =
      depth < MAX_INCLUDE_DEPTH ? (readSibling as ReadSibling | undefined)?.(target) : undefined;
    if (includedText === undefined) {
      collector.warn(`${from}:${line}: include ${written} not found`);
      return;
    }
    readFile(target, includedText, depth + 1, asConstraints);
  };

  readFile(path, text, 0, false);
  for (const requirement of found) {
    const pinned = requirement.version ?? constraints.get(normalizePythonName(requirement.name)) ?? null;
    collector.add({
      name: requirement.name,
      version: pinned,
      ...(requirement.versionRange === undefined ? {} : { versionRange: requirement.versionRange }),
      direct: true,
      dev: requirement.dev,
      line: requirement.line,
      ...(requirement.path === path ? {} : { path: requirement.path }),
    });
    if (pinned === null)
      collector.warn(`${normalizePythonName(requirement.name)}: not pinned (${requirement.versionRange})`);
  }
  return collector.finish();
};
