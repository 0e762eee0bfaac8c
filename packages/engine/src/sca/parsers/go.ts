// go.mod (require, `// indirect`, replace, exclude) and go.sum (every module version whose code,
// not only its go.mod, was hashed). Versions keep their `v` prefix, as Go and purls write them.
import {
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
  resolveSibling,
  splitLines,
} from "./common.ts";

interface Requirement {
  module: string;
  version: string;
  indirect: boolean;
  line: number;
}

interface Replacement {
  module: string;
  version?: string;
  target: string;
  targetVersion?: string;
  line: number;
}

interface GoMod {
  requires: Requirement[];
  replaces: Replacement[];
  excludes: Set<string>;
  errors: string[];
}

const unquote = (token: string): string => token.replace(/^"(.*)"$|^`(.*)`$/, "$1$2");

export function readGoMod(text: string): GoMod {
  const mod: GoMod = { requires: [], replaces: [], excludes: new Set(), errors: [] };
  let block: string | undefined;
  splitLines(text).forEach((raw, index) => {
    const line = index + 1;
    const comment = raw.indexOf("//");
    const indirect = comment !== -1 && /^\/\/\s*indirect\b/.test(raw.slice(comment));
    const code = (comment === -1 ? raw : raw.slice(0, comment)).trim();
    if (code === "") return;
    if (block !== undefined && code === ")") {
      block = undefined;
      return;
    }
    let directive: string;
    let rest: string;
    if (block !== undefined) {
      directive = block;
      rest = code;
    } else {
      const match = /^(\w+)\s*(.*)$/.exec(code);
      if (!match) {
        mod.errors.push(`line ${line}: unreadable "${code.slice(0, 40)}"`);
        return;
      }
      directive = match[1]!;
      rest = match[2]!;
      if (rest === "(") {
        block = directive;
        return;
      }
    }
    const tokens = rest.split(/\s+/).map(unquote);
    if (directive === "require") {
      if (tokens.length < 2) mod.errors.push(`line ${line}: require without a version`);
      else mod.requires.push({ module: tokens[0]!, version: tokens[1]!, indirect, line });
    } else if (directive === "exclude" && tokens.length >= 2) {
      mod.excludes.add(`${tokens[0]}@${tokens[1]}`);
    } else if (directive === "replace") {
      const arrow = tokens.indexOf("=>");
      if (arrow < 1 || arrow >= tokens.length - 1) {
        mod.errors.push(`line ${line}: unreadable replace`);
        return;
      }
      mod.replaces.push({
        module: tokens[0]!,
        ...(arrow === 2 ? { version: tokens[1]! } : {}),
        target: tokens[arrow + 1]!,
        ...(tokens[arrow + 2] === undefined ? {} : { targetVersion: tokens[arrow + 2]! }),
        line,
      });
    }
  });
  if (block !== undefined) mod.errors.push(`unterminated ${block} block`);
  return mod;
}

export const parseGoMod: ManifestParser = (path, text) => {
  const mod = readGoMod(text);
  if (mod.errors.length > 0) return { ok: false, reason: `${path}: invalid go.mod: ${mod.errors[0]}` };
  const collector = new PackageCollector("Go", path);
  // The go command refuses a go.mod without `module`, but its requirements still say what a
  // build would fetch (a fragment, a file cut down for an issue): read them, and say so.
  if (!/^\s*module\s+\S/m.test(text)) collector.warn("no module directive");
  for (const requirement of mod.requires) {
    if (mod.excludes.has(`${requirement.module}@${requirement.version}`)) continue;
    // A versioned replace wins over an unversioned one, as in the go command.
    const replacement =
      mod.replaces.find((r) => r.module === requirement.module && r.version === requirement.version) ??
      mod.replaces.find((r) => r.module === requirement.module && r.version === undefined);
    let module = requirement.module;
    let version = requirement.version;
    if (replacement) {
      if (replacement.targetVersion === undefined) {
        collector.warn(
          `${module}: replaced by the local directory ${replacement.target} (line ${replacement.line}), skipped`,
        );
        continue;
      }
      module = replacement.target;
      version = replacement.targetVersion;
    }
    collector.add({
      name: module,
      version,
      direct: !requirement.indirect,
      dev: false,
      line: requirement.line,
    });
  }
  return collector.finish();
};

export const parseGoSum: ManifestParser = (path, text, readSibling?: ReadSibling) => {
  const collector = new PackageCollector("Go", path);
  const goModPath = resolveSibling(path, "go.mod");
  const goModText = goModPath === undefined ? undefined : readSibling?.(goModPath);
  const direct = new Set(
    goModText === undefined
      ? []
      : readGoMod(goModText)
          .requires.filter((r) => !r.indirect)
          .map((r) => r.module),
  );
  let bad = 0;
  let good = 0;
  splitLines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") return;
    const tokens = line.split(/\s+/);
    if (tokens.length !== 3 || !tokens[2]!.startsWith("h1:")) {
      bad++;
      return;
    }
    const [module, version] = tokens as [string, string];
    good++;
    if (version.endsWith("/go.mod")) return;
    collector.add({ name: module, version, direct: direct.has(module), dev: false, line: index + 1 });
  });
  if (bad > 0 && good === 0) {
    return { ok: false, reason: `${path}: invalid go.sum: no "module version h1:hash" lines` };
  }
  if (bad > 0) collector.warn(`${bad} unreadable line(s)`);
  return collector.finish();
};

/**
 * go.work: the workspace's own modules are local directories (`use`), so its packages are the
 * versioned `replace` targets, which override every member's go.mod. go.work.sum is not read: it
 * holds checksums of module versions the go command verified for the workspace, many of which
 * no member builds, so reporting them would flag code that is not in the build.
 */
export const parseGoWork: ManifestParser = (path, text) => {
  const work = readGoMod(text);
  if (work.errors.length > 0) return { ok: false, reason: `${path}: invalid go.work: ${work.errors[0]}` };
  if (!/^\s*(?:go\s+\d|use\b)/m.test(text))
    return { ok: false, reason: `${path}: invalid go.work: no go or use directive` };
  const collector = new PackageCollector("Go", path);
  for (const replacement of work.replaces) {
    if (replacement.targetVersion === undefined) continue; // a local directory: the project's own code
    collector.add({
      name: replacement.target,
      version: replacement.targetVersion,
      direct: false,
      dev: false,
      line: replacement.line,
    });
  }
  return collector.finish();
};
