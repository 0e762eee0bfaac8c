// `rampart docs <outdir>`: write the rule docs generated from the catalogue; `--check` only
// compares, for CI, so that hand edits and forgotten regenerations are caught.
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { GENERATED_BANNER, generateRuleDocs } from "@rampart/engine/output/docs";
import { parse } from "../args.ts";
import { EXIT_FINDINGS, EXIT_OK, type Io, UsageError } from "../io.ts";
import { loadRegistry } from "../registry-source.ts";

export async function docsCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { check: { type: "boolean" } });
  if (positionals.length !== 1)
    throw new UsageError("docs takes one output folder, e.g. rampart docs docs/rules");
  const outdir = resolve(io.cwd, positionals[0]!);
  const files = generateRuleDocs((await loadRegistry(io)).analyzers);
  const existing = existsSync(outdir) ? readdirSync(outdir).filter((name) => name.endsWith(".md")) : [];
  // Only pages we generated (they carry the banner) count as stale; other files are left alone.
  const stale = existing.filter(
    (name) => !files.has(name) && readFileSync(join(outdir, name), "utf8").startsWith(GENERATED_BANNER),
  );

  if (values.check) {
    const differing = [...files].filter(([name, text]) => {
      const path = join(outdir, name);
      return !existsSync(path) || readFileSync(path, "utf8") !== text;
    });
    const problems = [...differing.map(([name]) => name), ...stale];
    if (problems.length === 0) return EXIT_OK;
    io.stderr.write(
      `rampart: rule docs are out of date (${problems.join(", ")}); run: rampart docs ${positionals[0]}\n`,
    );
    return EXIT_FINDINGS;
  }
  mkdirSync(outdir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(outdir, name), text);
  // Pages of analyzers that no longer exist would document rules that no longer run.
  for (const name of stale) unlinkSync(join(outdir, name));
  io.stderr.write(`rampart: wrote ${files.size} pages to ${positionals[0]}\n`);
  return EXIT_OK;
}
