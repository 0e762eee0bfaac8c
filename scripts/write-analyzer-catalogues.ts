// Writes each analyzer's `catalogue.json` (analyzer-outline.ts) from the analyzer's code: run after
// adding or changing a rule's id, title, severity, confidence, lifecycle, CWE, controls, fix or
// options (`npm run catalogue`). `--check` writes nothing and exits 1 when one is out of date;
// registry.test.ts fails the same way.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { outlineOf } from "../packages/engine/src/analyzer-outline.ts";
import { analyzerEntries } from "../packages/engine/src/registry.ts";

const check = process.argv.includes("--check");
const stale: string[] = [];
for (const entry of analyzerEntries) {
  const path = fileURLToPath(
    new URL(`../packages/engine/src/analyzers/${entry.id}/catalogue.json`, import.meta.url),
  );
  const outline = outlineOf(await entry.load());
  let current: unknown;
  try {
    current = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    current = undefined; // a new analyzer's catalogue: written below
  }
  if (isDeepStrictEqual(current, outline)) continue;
  stale.push(path);
  if (!check) writeFileSync(path, `${JSON.stringify(outline, null, 2)}\n`);
}
if (check && stale.length > 0) {
  process.stderr.write(`out of date (run npm run catalogue): ${stale.join(", ")}\n`);
  process.exitCode = 1;
} else if (!check && stale.length > 0) {
  // In the repository's JSON style, so that `biome check` passes on what was written.
  execFileSync("npx", ["biome", "format", "--write", ...stale], { stdio: "inherit" });
  process.stdout.write(`${stale.length} catalogue(s) written\n`);
}
