// `rampart fix <path>`: scan, then apply (or with --dry-run, print as a unified diff) the fixes
// rules attach to findings. Suppressed findings are not fixed; overlapping fixes wait a run.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { planFixes, unifiedDiff } from "@rampart/engine/fix";
import { scan } from "@rampart/engine/scan";
import { parse } from "../args.ts";
import { EXIT_OK, type Io, UsageError } from "../io.ts";
import { prepareScan } from "../prepare-scan.ts";
import { loadRegistry } from "../registry-source.ts";

export async function fixCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, {
    "dry-run": { type: "boolean" },
    config: { type: "string" },
  });
  if (positionals.length > 1) throw new UsageError("fix takes one path");
  const { root, options } = await prepareScan(io, await loadRegistry(io), positionals[0], values);
  const result = await scan(root, options);
  // Fix paths are relative to the scan root; a scanned single file is its own root.
  const absolute = (path: string) => (statSync(root).isFile() ? root : join(root, path));
  const read = (path: string) => {
    try {
      return readFileSync(absolute(path));
    } catch {
      return undefined;
    }
  };
  const patches = planFixes(result.findings, read);
  let applied = 0;
  let files = 0;
  for (const patch of patches) {
    for (const { finding, reason } of patch.skipped) {
      io.stderr.write(
        `rampart: not fixed ${finding.location.path}:${finding.location.line} ${finding.ruleId}: ${reason}\n`,
      );
    }
    if (patch.applied.length === 0) continue;
    applied += patch.applied.length;
    files++;
    if (values["dry-run"]) {
      io.stdout.write(unifiedDiff(patch.path, patch.before.toString("utf8"), patch.after.toString("utf8")));
    } else {
      writeFileSync(absolute(patch.path), patch.after);
    }
  }
  const verb = values["dry-run"] ? "would fix" : "fixed";
  io.stderr.write(
    `rampart: ${verb} ${applied} finding${applied === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}\n`,
  );
  return EXIT_OK;
}
