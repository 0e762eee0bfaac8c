// Test support: a fixture folder as an in-memory repository (paths relative to the folder), the
// repository after a plan's changes, and the packages our own parsers read from a file of it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseManifest } from "../parsers/index.ts";
import type { ReadFile, UpgradePlan } from "./plan.ts";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

export type Files = ReadonlyMap<string, string>;

export function fixtureFiles(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string): void => {
    for (const name of readdirSync(`${FIXTURES}${folder}/${relative}`)) {
      const path = relative === "" ? name : `${relative}/${name}`;
      const full = `${FIXTURES}${folder}/${path}`;
      if (statSync(full).isDirectory()) walk(path);
      else files.set(path, readFileSync(full, "utf8"));
    }
  };
  walk("");
  return files;
}

export function reader(files: Files): ReadFile {
  return (path) => files.get(path) ?? null;
}

/** The files after the plan's changes; each change's `before` must be the file as it was. */
export function applyPlan(files: Files, plan: UpgradePlan): Map<string, string> {
  if (!plan.ok) throw new Error(`expected a plan, got: ${plan.reason}`);
  const after = new Map(files);
  for (const change of plan.changes) {
    if (files.get(change.path) !== change.before) throw new Error(`${change.path}: stale before`);
    after.set(change.path, change.after);
  }
  return after;
}

/** `name@version` of every package the project's parser reads from `path`, sorted. */
export function parsedVersions(files: Files, path: string): string[] {
  const outcome = parseManifest(path, files.get(path)!, (sibling) => files.get(sibling));
  if (!outcome?.ok) throw new Error(`${path} does not parse: ${outcome?.reason ?? "no parser"}`);
  return outcome.packages.map((pkg) => `${pkg.name}@${pkg.version ?? pkg.versionRange}`).sort();
}
