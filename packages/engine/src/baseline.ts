// A baseline is the set of findings a team has accepted for now: with one, only findings whose
// fingerprint is not in it fail a build. It is a JSON file of fingerprints (with rule and path
// alongside, so a reviewer can read what was accepted).
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { describeError } from "./analyze.ts";
import type { Finding } from "./finding.ts";

export const BASELINE_VERSION = 1;

const BaselineFile = z.object({
  version: z.literal(BASELINE_VERSION),
  findings: z.array(
    z.object({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/), ruleId: z.string(), path: z.string() }),
  ),
});
export type BaselineFile = z.infer<typeof BaselineFile>;

export type BaselineResult = { ok: true; fingerprints: Set<string> } | { ok: false; error: string };

export function parseBaseline(text: string, path: string): BaselineResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `baseline ${path}: invalid JSON: ${describeError(error)}` };
  }
  const parsed = BaselineFile.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      error: `baseline ${path}: ${issue.path.join(".") || "(top level)"}: ${issue.message}`,
    };
  }
  return { ok: true, fingerprints: new Set(parsed.data.findings.map((item) => item.fingerprint)) };
}

export function readBaseline(path: string): BaselineResult {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return { ok: false, error: `cannot read baseline ${path}: ${describeError(error)}` };
  }
  return parseBaseline(text, path);
}

/** The baseline of a run: every finding that is not suppressed (suppressed ones need no baseline). */
export function baselineOf(findings: readonly Finding[]): BaselineFile {
  const entries = findings
    .filter((finding) => !finding.suppression)
    .map((finding) => ({
      fingerprint: finding.fingerprint,
      ruleId: finding.ruleId,
      path: finding.location.path,
    }));
  entries.sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : a.fingerprint < b.fingerprint ? -1 : 1,
  );
  return { version: BASELINE_VERSION, findings: entries };
}

export function writeBaseline(path: string, findings: readonly Finding[]): void {
  writeFileSync(path, `${JSON.stringify(baselineOf(findings), null, 2)}\n`);
}
