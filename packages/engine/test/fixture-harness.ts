// The fixture harness: every rule has a folder of real files whose comments say, line by line,
// where the rule must flag (`ruleid: <id>`) and where it must not (`ok: <id>`). The harness runs
// the rule the way a scan does and fails on a missed match and on an unannotated match.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { analyzeFile, analyzeProject } from "../src/analyze.ts";
import { type Analyzer, HOST_KINDS } from "../src/analyzer.ts";
import { classify } from "../src/classify.ts";
import type { RawFinding, TextEdit } from "../src/finding.ts";
import { applyEdits, planFixes } from "../src/fix.ts";
import { type AnyRule, RULE_ID_PATTERN, ruleName } from "../src/rule.ts";
import { SourceFile, toPosixPath } from "../src/source.ts";

export interface Annotation {
  kind: "ruleid" | "ok";
  ruleId: string;
  /** The 1-based line the annotation speaks about. */
  line: number;
}

/**
 * `# ruleid: a/b`, `// ok: a/b, a/c`, `/* ruleid: a/b *\/`, `<!-- ok: a/b -->`, `-- ruleid: a/b`,
 * `; ok: a/b`, alone on their line. Several ids may be listed, separated by commas.
 */
const ANNOTATION = /^\s*(?:#|\/\/|\/\*|<!--|--|;)\s*(ruleid|ok):\s*([a-z0-9/,\s-]+?)\s*(?:\*\/|-->)?\s*$/;

function parseIds(list: string): string[] {
  return list
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
}

/**
 * Annotations written in the file's own comment syntax. An annotation speaks about the next line
 * that is not itself an annotation, so several can be stacked above one line.
 */
export function parseInlineAnnotations(text: string): Annotation[] {
  const lines = text.split(/\r?\n/);
  const annotations: Annotation[] = [];
  let pending: { kind: "ruleid" | "ok"; ids: string[] }[] = [];
  lines.forEach((line, index) => {
    const match = ANNOTATION.exec(line);
    if (match) {
      pending.push({ kind: match[1] as "ruleid" | "ok", ids: parseIds(match[2]!) });
      return;
    }
    for (const item of pending) {
      for (const ruleId of item.ids) annotations.push({ kind: item.kind, ruleId, line: index + 1 });
    }
    pending = [];
  });
  return annotations;
}

/**
 * A sidecar `<file>.expect` for formats without comments (JSON): one annotation per line,
 * `<line>: ruleid: <id>` or `<line>: ok: <id>`; `#` starts a comment.
 */
export function parseExpectFile(text: string): { annotations: Annotation[]; errors: string[] } {
  const annotations: Annotation[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const match = /^(\d+)\s*:\s*(ruleid|ok)\s*:\s*(.+)$/.exec(line);
    if (!match) {
      errors.push(`line ${index + 1}: expected "<line>: ruleid|ok: <id>", got "${raw}"`);
      return;
    }
    for (const ruleId of parseIds(match[3]!)) {
      annotations.push({ kind: match[2] as "ruleid" | "ok", ruleId, line: Number(match[1]) });
    }
  });
  return { annotations, errors };
}

export interface FixtureFile {
  /** Relative to the fixture folder. */
  path: string;
  text: string;
  annotations: Annotation[];
}

/**
 * Compares one rule's findings with the annotations for that rule. Returns readable errors;
 * an empty list means the fixture passes.
 */
export function compareWithAnnotations(
  ruleId: string,
  files: readonly FixtureFile[],
  findings: readonly Pick<RawFinding, "ruleId" | "location" | "message">[],
): string[] {
  const errors: string[] = [];
  for (const file of files) {
    const mine = file.annotations.filter((annotation) => annotation.ruleId === ruleId);
    const expected = new Set(mine.filter((a) => a.kind === "ruleid").map((a) => a.line));
    const forbidden = new Set(mine.filter((a) => a.kind === "ok").map((a) => a.line));
    const flagged = new Map<number, string>();
    for (const finding of findings) {
      if (finding.ruleId === ruleId && finding.location.path === file.path) {
        flagged.set(finding.location.line, finding.message);
      }
    }
    for (const line of expected) {
      if (!flagged.has(line))
        errors.push(`${file.path}:${line}: expected ${ruleId} to flag this line; it did not`);
    }
    for (const [line, message] of flagged) {
      if (forbidden.has(line)) {
        errors.push(`${file.path}:${line}: ${ruleId} flagged a line annotated "ok" (${message})`);
      } else if (!expected.has(line)) {
        errors.push(`${file.path}:${line}: unannotated ${ruleId} finding (${message})`);
      }
    }
  }
  return errors;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}

/**
 * A fixture folder's `online-facts.json`: what an analyzer's online phase would have learnt (e.g.
 * which refs GitHub knows), given to the project rules so that fixtures need no network.
 */
export const ONLINE_FACTS_FILE = "online-facts.json";

/** Loads a fixture folder: every file except `.expect` sidecars and online facts, with its annotations. */
export function loadFixtureFolder(dir: string): { files: FixtureFile[]; errors: string[] } {
  const files: FixtureFile[] = [];
  const errors: string[] = [];
  for (const full of listFiles(dir)) {
    if (full.endsWith(".expect") || full === join(dir, ONLINE_FACTS_FILE)) continue;
    const path = toPosixPath(relative(dir, full));
    const text = readFileSync(full, "utf8");
    const annotations = parseInlineAnnotations(text);
    const sidecar = `${full}.expect`;
    if (existsSync(sidecar)) {
      const parsed = parseExpectFile(readFileSync(sidecar, "utf8"));
      annotations.push(...parsed.annotations);
      errors.push(...parsed.errors.map((error) => `${path}.expect ${error}`));
    }
    files.push({ path, text, annotations });
  }
  return { files, errors };
}

/** Where a rule's fixtures live: `<analyzer folder>/fixtures/<rule name>/`. */
export function fixtureFolder(analyzerDir: string, rule: AnyRule): string {
  return join(analyzerDir, "fixtures", ruleName(rule.id));
}

function isProjectRule(analyzer: Analyzer, rule: AnyRule): boolean {
  return analyzer.project?.rules.some((candidate) => candidate.id === rule.id) ?? false;
}

/** Runs one rule (alone) over files the way a scan does: per-file pass, then the project pass. */
export function runRuleOnFiles(
  analyzer: Analyzer,
  rule: AnyRule,
  files: readonly FixtureFile[],
  online?: unknown,
): {
  findings: RawFinding[];
  problems: string[];
} {
  const only = (id: string) => id === rule.id;
  const findings: RawFinding[] = [];
  const problems: string[] = [];
  // A fixture folder is a small project: a file reads its neighbours (cross-file summaries) as a
  // scan lets it read the scan root's files.
  const texts = new Map(files.map((file) => [file.path, file.text]));
  const readSibling = (path: string) => texts.get(path);
  const listFolder = (folder: string) =>
    files
      .map((file) => file.path)
      .filter((path) => (folder === "" ? !path.includes("/") : path.startsWith(`${folder}/`)))
      .map((path) => path.slice(folder === "" ? 0 : folder.length + 1))
      .filter((name) => !name.includes("/"));
  const sources = new Map(
    files.map((file) => [file.path, new SourceFile(file.path, file.text, { readSibling, listFolder })]),
  );
  const summaries: { path: string; summary: unknown }[] = [];
  for (const source of sources.values()) {
    // Classify as a scan would, so a fixture the classifier would not route here fails loudly.
    // An analyzer of a host kind gets no checked-out file: its fixtures are documents of that kind.
    const hostKinds = analyzer.accepts.filter((kind) => HOST_KINDS.includes(kind));
    const kinds = hostKinds.length > 0 ? hostKinds : classify(source.path, source.text);
    if (!kinds.some((kind) => analyzer.accepts.includes(kind))) {
      // A file without annotations is context the rules read beside the code (a go.mod).
      if (files.find((file) => file.path === source.path)?.annotations.length === 0) continue;
      problems.push(
        `${source.path}: classified as ${kinds.join(", ")}; ${analyzer.id} accepts ${analyzer.accepts.join(", ")}`,
      );
      continue;
    }
    const result = analyzeFile(source, kinds, [analyzer], only);
    findings.push(...result.findings);
    problems.push(...result.problems.map((problem) => `${problem.path}: ${problem.reason}`));
    for (const item of result.summaries) summaries.push({ path: source.path, summary: item.summary });
  }
  if (isProjectRule(analyzer, rule)) {
    const lineReader = (path: string, line: number) => sources.get(path)?.lineText(line) ?? "";
    const result = analyzeProject(analyzer, summaries, lineReader, only, { online });
    findings.push(...result.findings);
    problems.push(...result.problems.map((problem) => `${problem.path}: ${problem.reason}`));
  }
  return { findings, problems };
}

export interface FixtureReport {
  errors: string[];
  mustFlag: number;
  mustNotFlag: number;
}

/** The whole check for one rule: its folder exists, has both kinds of annotation, and matches. */
export function checkRuleFixtures(analyzer: Analyzer, analyzerDir: string, rule: AnyRule): FixtureReport {
  const dir = fixtureFolder(analyzerDir, rule);
  if (!existsSync(dir)) return { errors: [`no fixture folder ${dir}`], mustFlag: 0, mustNotFlag: 0 };
  const { files, errors } = loadFixtureFolder(dir);
  for (const file of files) {
    for (const annotation of file.annotations) {
      if (!RULE_ID_PATTERN.test(annotation.ruleId)) {
        errors.push(
          `${file.path}:${annotation.line}: annotation names an invalid rule id "${annotation.ruleId}"`,
        );
      }
    }
  }
  const mine = files.flatMap((file) => file.annotations.filter((a) => a.ruleId === rule.id));
  const mustFlag = mine.filter((a) => a.kind === "ruleid").length;
  const mustNotFlag = mine.filter((a) => a.kind === "ok").length;
  if (mustFlag === 0) errors.push(`${dir}: no "ruleid: ${rule.id}" annotation (a fixture that must flag)`);
  if (mustNotFlag === 0) errors.push(`${dir}: no "ok: ${rule.id}" annotation (a fixture that must not flag)`);
  const factsPath = join(dir, ONLINE_FACTS_FILE);
  const online: unknown = existsSync(factsPath) ? JSON.parse(readFileSync(factsPath, "utf8")) : undefined;
  const run = runRuleOnFiles(analyzer, rule, files, online);
  errors.push(...run.problems.map((problem) => `analyzer problem: ${problem}`));
  errors.push(...compareWithAnnotations(rule.id, files, run.findings));
  return { errors, mustFlag, mustNotFlag };
}

/** `text` with the edits applied (UTF-8 byte offsets, as fixes carry them); throws on a bad edit. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const result = applyEdits(Buffer.from(text, "utf8"), edits);
  if (!result.ok) throw new Error(result.error);
  return result.bytes.toString("utf8");
}

/**
 * For a fixable rule, what `rampart fix` does, run after run until no fix is left: the fixes it
 * attaches in its fixtures leave files that still parse, and each run removes exactly the findings
 * it fixed. (Two fixes at one spot, such as two attributes added before one closing brace, take
 * two runs.) `fixed` counts the fixes applied.
 */
export function checkRuleFixes(
  analyzer: Analyzer,
  analyzerDir: string,
  rule: AnyRule,
): { errors: string[]; fixed: number } {
  let files = loadFixtureFolder(fixtureFolder(analyzerDir, rule)).files;
  let run = runRuleOnFiles(analyzer, rule, files);
  const errors: string[] = [];
  let fixed = 0;
  for (let round = 1; round <= 5 && run.findings.some((finding) => finding.fix); round++) {
    const texts = new Map(files.map((file) => [file.path, file.text]));
    const read = (path: string) => {
      const text = texts.get(path);
      return text === undefined ? undefined : Buffer.from(text, "utf8");
    };
    const patches = planFixes(run.findings, read);
    const applied = patches.reduce((sum, patch) => sum + patch.applied.length, 0);
    const after = new Map(patches.map((patch) => [patch.path, patch.after.toString("utf8")]));
    files = files.map((file) => ({ ...file, text: after.get(file.path) ?? file.text }));
    const next = runRuleOnFiles(analyzer, rule, files);
    errors.push(...next.problems.map((problem) => `after fix run ${round}: ${problem}`));
    if (next.findings.length !== run.findings.length - applied)
      errors.push(
        `after fix run ${round}: ${next.findings.length} findings, expected ${run.findings.length - applied}`,
      );
    if (applied === 0) {
      errors.push(
        `fix run ${round} applied nothing: ${patches.flatMap((p) => p.skipped.map((s) => s.reason)).join("; ")}`,
      );
      break;
    }
    fixed += applied;
    run = next;
  }
  errors.push(
    ...run.findings
      .filter((finding) => finding.fix)
      .map((finding) => `${finding.location.path}:${finding.location.line} still has a fix after five runs`),
  );
  return { errors, fixed };
}
