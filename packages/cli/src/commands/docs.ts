// `rampart docs <outdir> [--readme README.md]`: write the rule docs generated from the catalogue
// (and the rule counts in the README's marked section); `--check` only compares, for CI, so that
// hand edits and forgotten regenerations are caught.
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Analyzer } from "@rampart/engine/analyzer";
import { GENERATED_BANNER, generateRuleDocs, updateReadmeRuleCounts } from "@rampart/engine/output/docs";
import { parse } from "../args.ts";
import { EXIT_FINDINGS, EXIT_OK, type Io, UsageError } from "../io.ts";
import { loadAllAnalyzers, loadRegistry } from "../registry-source.ts";

export async function docsCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { check: { type: "boolean" }, readme: { type: "string" } });
  if (positionals.length !== 1)
    throw new UsageError("docs takes one output folder, e.g. rampart docs docs/rules");
  const outdir = resolve(io.cwd, positionals[0]!);
  const analyzers = await loadAllAnalyzers(await loadRegistry(io));
  const files = generateRuleDocs(analyzers);
  const readme =
    values.readme === undefined ? undefined : readmeUpdate(resolve(io.cwd, values.readme), outdir, analyzers);
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
    if (readme && readme.text !== readme.current) problems.push(values.readme!);
    if (problems.length === 0) return EXIT_OK;
    const readmeOption = values.readme === undefined ? "" : ` --readme ${values.readme}`;
    io.stderr.write(
      `rampart: rule docs are out of date (${problems.join(", ")}); run: rampart docs ${positionals[0]}${readmeOption}\n`,
    );
    return EXIT_FINDINGS;
  }
  mkdirSync(outdir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(outdir, name), text);
  // Pages of analyzers that no longer exist would document rules that no longer run.
  for (const name of stale) unlinkSync(join(outdir, name));
  if (readme) writeFileSync(readme.path, readme.text);
  io.stderr.write(`rampart: wrote ${files.size} pages to ${positionals[0]}\n`);
  return EXIT_OK;
}

/** The README's current text and the text with its rule counts brought up to date. */
function readmeUpdate(
  path: string,
  outdir: string,
  analyzers: readonly Analyzer[],
): { path: string; current: string; text: string } {
  if (!existsSync(path)) throw new UsageError(`--readme: ${path} does not exist`);
  const current = readFileSync(path, "utf8");
  const docsDir = relative(dirname(path), outdir).split("\\").join("/") || ".";
  const updated = updateReadmeRuleCounts(current, analyzers, docsDir);
  if (!updated.ok) throw new UsageError(`--readme: ${updated.error}`);
  return { path, current, text: updated.text };
}
