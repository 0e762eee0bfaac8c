// Go modules: the `require` line of go.mod (direct or `// indirect`) moves to the fixed version,
// and go.sum loses the old version's code hash. New hashes need the module's zip and go.mod, so
// offline they cannot be written: `go mod tidy` adds them (the go command refuses to build
// without them, so the gap cannot go unnoticed).
import { readGoMod } from "../parsers/go.ts";
import {
  changeOf,
  escapeRegExp,
  type FileChange,
  fileNameOf,
  folderOf,
  type ReadFile,
  refuse,
  type UpgradePlan,
  type UpgradeRequest,
} from "./plan.ts";

/** OSV writes Go versions without the `v` (`0.17.0`); go.mod and go.sum need it. */
function withV(version: string): string {
  return version.startsWith("v") ? version : `v${version}`;
}

/** The major version a module path allows: `/v3` → 3, `gopkg.in/yaml.v3` → 3, none → 0 or 1. */
function pathMajor(module: string): number | undefined {
  const suffix = /\/v(\d+)$/.exec(module) ?? /^gopkg\.in\/.+\.v(\d+)$/.exec(module);
  return suffix ? Number(suffix[1]) : undefined;
}

/**
 * The fixed version as go.mod must write it, or a reason it cannot be required under this module
 * path (v2+ of a module with a `/vN` path is another module; Go's import paths would change).
 */
function goVersionFor(module: string, fixedVersion: string): { version: string } | { problem: string } {
  const version = withV(fixedVersion);
  const major = Number(/^v(\d+)/.exec(version)?.[1] ?? Number.NaN);
  const allowed = pathMajor(module);
  if (allowed !== undefined) {
    return major === allowed || (allowed === 1 && major === 0)
      ? { version }
      : { problem: `${version} is not a version of ${module} (its path fixes major version ${allowed})` };
  }
  if (major >= 2 && !version.endsWith("+incompatible")) {
    // A v2+ release of a module without a /vN path is only usable as +incompatible.
    return { version: `${version}+incompatible` };
  }
  return { version };
}

export function planGoUpgrade(request: UpgradeRequest, readFile: ReadFile): UpgradePlan {
  const fileName = fileNameOf(request.filePath);
  if (fileName !== "go.mod" && fileName !== "go.sum")
    return refuse(`${request.filePath}: Go upgrades are planned on go.mod and go.sum only`);
  const folder = folderOf(request.filePath);
  const goModPath = `${folder}go.mod`;
  const goSumPath = `${folder}go.sum`;
  const goMod = readFile(goModPath);
  if (goMod === null) return refuse(`${goModPath} not found`);
  const mod = readGoMod(goMod);
  if (mod.errors.length > 0) return refuse(`${goModPath}: invalid go.mod: ${mod.errors[0]}`);

  const module = request.name;
  const installed = withV(request.installedVersion);
  const target = goVersionFor(module, request.fixedVersion);
  if ("problem" in target) return refuse(target.problem);
  const fixed = target.version;

  const lines = goMod.split("\n");
  const edited = new Set<number>();
  const notes: string[] = [];
  let indirect: boolean | undefined;

  // A replace that pins the module to the vulnerable version (`X => X v1.2.3`, or a fork's version
  // replacing another module) is what the build uses: that is the line to move.
  for (const replacement of mod.replaces) {
    if (replacement.target !== module || replacement.targetVersion !== installed) continue;
    const pattern = new RegExp(`(=>\\s*"?${escapeRegExp(module)}"?\\s+)${escapeRegExp(installed)}(?=\\s|$)`);
    const index = replacement.line - 1;
    if (!pattern.test(lines[index]!)) return refuse(`${goModPath}:${replacement.line}: unreadable replace`);
    lines[index] = lines[index]!.replace(pattern, `$1${fixed}`);
    edited.add(index);
    notes.push(
      `${goModPath}:${replacement.line}: the replace directive pinning ${module} now names ${fixed}.`,
    );
  }

  for (const requirement of mod.requires) {
    if (requirement.module !== module) continue;
    const replacement =
      mod.replaces.find((r) => r.module === module && r.version === requirement.version) ??
      mod.replaces.find((r) => r.module === module && r.version === undefined);
    if (replacement !== undefined) {
      // The build uses the replacement, not this require: editing it would change nothing.
      if (replacement.target === module) continue; // a self-pin, handled above when it is the vulnerable one
      if (requirement.version === installed)
        return refuse(
          `${goModPath}:${replacement.line}: ${module} is replaced by ${replacement.target}${
            replacement.targetVersion === undefined ? " (a local directory)" : ` ${replacement.targetVersion}`
          }; upgrade or remove the replace directive by hand`,
        );
      continue;
    }
    if (requirement.version !== installed) continue;
    const index = requirement.line - 1;
    const pattern = new RegExp(
      `^(\\s*(?:require\\s+)?"?${escapeRegExp(module)}"?\\s+)${escapeRegExp(installed)}(?=\\s|$)`,
    );
    if (!pattern.test(lines[index]!)) return refuse(`${goModPath}:${requirement.line}: unreadable require`);
    lines[index] = lines[index]!.replace(pattern, `$1${fixed}`);
    edited.add(index);
    indirect = requirement.indirect;
  }
  if (edited.size === 0) return refuse(`${goModPath} does not require ${module} ${installed}`);

  const changes: FileChange[] = changeOf(goModPath, goMod, lines.join("\n"));
  const goSum = readFile(goSumPath);
  if (goSum === null) {
    notes.push(`There is no ${goSumPath}: \`go mod tidy\` creates it.`);
  } else {
    // The old version's code hash goes: that code is no longer built. Its `/go.mod` hash stays,
    // because other modules may still require the old version and the module graph reads its go.mod.
    const kept = goSum
      .split("\n")
      .filter((line) => {
        const [name, version] = line.trim().split(/\s+/);
        return !(name === module && version === installed);
      })
      .join("\n");
    changes.push(...changeOf(goSumPath, goSum, kept));
    const hasNewHashes = goSum.split("\n").some((line) => {
      const [name, version] = line.trim().split(/\s+/);
      return name === module && version === fixed;
    });
    if (!hasNewHashes)
      notes.push(
        `${goSumPath} has no hashes for ${module} ${fixed} yet (they need the module's files): run \`go mod tidy\` before building, which adds them and drops entries no longer needed.`,
      );
  }
  notes.push(
    `The new version's own requirements were not read (offline): \`go mod tidy\` raises any module that ${module} ${fixed} needs newer.`,
  );
  const kind = indirect === undefined ? "replaced" : indirect ? "indirect" : "direct";
  return {
    ok: true,
    changes,
    summary: `Upgrade ${module} from ${installed} to ${fixed} (${kind} dependency) in ${changes.map((c) => c.path).join(" and ")}`,
    notes,
  };
}
