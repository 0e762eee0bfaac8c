// Peak memory of `rampart scan`, A/B against a base revision in one run: the CPython standard
// library (code analyzer alone, then every analyzer), the 10,000-file corpus of engine-scan.ts and
// a generated 100,000-file repository made of ten such corpora with different seeds (so that no
// part repeats another's files), whose findings must be exactly those of the ten parts scanned
// one by one, paths prefixed. Peak RSS is the CLI process's (GNU time's maximum resident set size):
// the workers are threads, so it covers the main thread and every worker together.
//   BENCH_MEMORY_BASE=<revision> npm run bench scan-memory     (default revision: main)
//   BENCH_MEMORY_CASES=python,python-all,10k,100k (default: all); BENCH_MEMORY_PYTHON=<stdlib folder>
// The base is checked out into a temporary worktree with hard-linked node_modules, as cli-startup.ts does.
import { execFileSync, spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { generateCorpus } from "./engine-scan.ts";
import { markdownTable } from "./lib.ts";

const BASE = process.env.BENCH_MEMORY_BASE ?? "main";
const CASES = (process.env.BENCH_MEMORY_CASES ?? "python,python-all,10k,100k").split(",");
const PYTHON = process.env.BENCH_MEMORY_PYTHON ?? "/root/.pyenv/versions/3.11.7/lib/python3.11";
const TIME = "/usr/bin/time";

interface Sample {
  seconds: number;
  /** User and system time of the process: on a shared machine it moves less than the wall time. */
  cpuSeconds: number;
  rssMb: number;
  /** One key per finding (path, position, rule, severity), sorted: duplicates count. */
  findings: string[];
}

function git(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** One scan through the CLI of `checkout`: wall time, peak RSS and the findings' positions. */
async function scanOnce(
  checkout: string,
  folder: string,
  args: readonly string[],
  report: string,
): Promise<Sample> {
  const bin = path.join(checkout, "packages/cli/bin/rampart.mjs");
  const started = performance.now();
  const result = spawnSync(
    TIME,
    [
      "-f",
      "%M %U %S",
      process.execPath,
      bin,
      "scan",
      folder,
      "--format",
      "json",
      "--output",
      report,
      ...args,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`scan of ${folder} (${checkout}) exited ${result.status}: ${result.stderr.slice(-500)}`);
  const [rssKb = 0, user = 0, system = 0] = (result.stderr.trim().split("\n").at(-1) ?? "")
    .split(" ")
    .map(Number);
  const findings: string[] = [];
  for await (const item of reportFindings(report))
    findings.push(
      `${item.location.path}:${item.location.line}:${item.location.column}:${item.ruleId}:${item.severity}`,
    );
  return { seconds, cpuSeconds: user + system, rssMb: Math.round(rssKb / 1024), findings: findings.sort() };
}

interface ReportFinding {
  ruleId: string;
  severity: string;
  location: { path: string; line: number; column: number };
}

/**
 * The findings of a JSON report, one at a time. A 100,000-file scan's report (about 570 MB) is
 * longer than the longest string V8 makes (512 MB), so it cannot be read and parsed whole; the
 * report is indented by two spaces, so each finding is the lines from `    {` to `    }`.
 */
async function* reportFindings(report: string): AsyncGenerator<ReportFinding> {
  let inFindings = false;
  let item: string[] = [];
  for await (const line of createInterface({
    input: createReadStream(report),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (!inFindings) {
      inFindings = line === '  "findings": [';
      continue;
    }
    if (line === "  ]") return;
    item.push(line);
    if (line === "    }" || line === "    },") {
      yield JSON.parse(item.join("\n").replace(/,$/, "")) as ReportFinding;
      item = [];
    }
  }
}

/** The standard library without site-packages and byte code: 1,790 Python files, as in issue 25. */
function copyPython(into: string): string {
  const target = path.join(into, "cpython");
  execFileSync("rsync", [
    "-a",
    "--exclude",
    "site-packages",
    "--exclude",
    "__pycache__",
    `${PYTHON}/`,
    `${target}/`,
  ]);
  return target;
}

function corpus(into: string, name: string, files: number): string {
  const made = generateCorpus(files);
  const target = path.join(into, name);
  renameSync(made.root, target);
  return target;
}

/**
 * Ten 10,000-file corpora side by side, each with its own seed: 100,000 files, none a copy of
 * another (ten copies of one corpus would let a scan that drops repeated content pass the check).
 */
function hundredThousand(into: string): string {
  const root = path.join(into, "100k");
  mkdirSync(root);
  for (let part = 0; part < 10; part++)
    renameSync(generateCorpus(10_000, 1000 + part).root, path.join(root, `part-${part}`));
  return root;
}

/** Findings of the ten parts scanned one by one, with the whole scan's paths. */
async function findingsOfParts(checkout: string, root: string, report: string): Promise<string[]> {
  const all: string[] = [];
  for (let part = 0; part < 10; part++) {
    const sample = await scanOnce(checkout, path.join(root, `part-${part}`), [], report);
    for (const key of sample.findings) all.push(`part-${part}/${key}`);
  }
  return all.sort();
}

/** The sample, or why the scan failed (the last line it wrote on stderr). */
async function attempt(measure: () => Promise<Sample>): Promise<Sample | { error: string }> {
  try {
    return await measure();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.trim().split("\n").at(-1) ?? message };
  }
}

/** Equal as multisets (both sorted). */
function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** What one side has and the other has not, for a note: the first few keys each way. */
function difference(a: readonly string[], b: readonly string[], names: [string, string]): string {
  const inB = new Set(b);
  const inA = new Set(a);
  const onlyA = a.filter((item) => !inB.has(item));
  const onlyB = b.filter((item) => !inA.has(item));
  return `${onlyA.length} only in ${names[0]} (${onlyA.slice(0, 3).join(", ")}), ${onlyB.length} only in ${names[1]} (${onlyB.slice(0, 3).join(", ")})`;
}

export async function run(): Promise<string> {
  if (!existsSync(TIME)) throw new Error(`scan-memory needs ${TIME} to measure peak RSS`);
  const head = git(process.cwd(), ["rev-parse", "--show-toplevel"]);
  const baseRevision = git(head, ["rev-parse", "--short", BASE]);
  const headRevision = git(head, ["rev-parse", "--short", "HEAD"]);
  const temp = mkdtempSync(path.join(tmpdir(), "rampart-memory-"));
  const base = path.join(temp, "base");
  const report = path.join(temp, "report.json");
  const before = loadavg().map((value) => value.toFixed(2));
  git(head, ["worktree", "add", "--detach", base, baseRevision]);
  try {
    execFileSync("cp", ["-al", path.join(head, "node_modules"), path.join(base, "node_modules")]);
    const inputs = path.join(temp, "inputs");
    mkdirSync(inputs);
    const python = CASES.some((name) => name.startsWith("python")) ? copyPython(inputs) : "";
    const cases: { name: string; folder: string; args: string[] }[] = [];
    if (CASES.includes("python"))
      cases.push({
        name: "CPython stdlib, `--analyzers sast`",
        folder: python,
        args: ["--analyzers", "sast"],
      });
    if (CASES.includes("python-all"))
      cases.push({ name: "CPython stdlib, every analyzer", folder: python, args: [] });
    if (CASES.includes("10k"))
      cases.push({ name: "10,000-file corpus", folder: corpus(inputs, "10k", 10_000), args: [] });
    const large = CASES.includes("100k") ? hundredThousand(inputs) : undefined;
    if (large) cases.push({ name: "100,000-file repository", folder: large, args: [] });

    // Builds each side's CLI bundle outside the measurements.
    for (const checkout of [base, head]) await scanOnce(checkout, path.join(head, "bench"), [], report);
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const item of cases) {
      // A then B back to back, so both see the same machine load. A side that fails (the base
      // builds its JSON report as one string, which V8 refuses past 512 MB) is a row, not the end.
      const sides = [
        {
          label: `A: ${baseRevision}`,
          sample: await attempt(() => scanOnce(base, item.folder, item.args, report)),
        },
        {
          label: `B: ${headRevision}`,
          sample: await attempt(() => scanOnce(head, item.folder, item.args, report)),
        },
      ];
      for (const { label, sample } of sides)
        rows.push(
          "error" in sample
            ? [item.name, label, "failed", "", "", sample.error]
            : [
                item.name,
                label,
                `${sample.seconds.toFixed(1)} s`,
                `${sample.cpuSeconds.toFixed(1)} s`,
                `${sample.rssMb} MB`,
                String(sample.findings.length),
              ],
        );
      const [a, b] = sides.map((side) => side.sample);
      if (a && b && !("error" in a) && !("error" in b) && !same(a.findings, b.findings))
        notes.push(
          `${item.name}: A and B report different findings: ${difference(a.findings, b.findings, ["A", "B"])}.`,
        );
      if (item.folder === large && b && !("error" in b)) {
        const parts = await findingsOfParts(head, large, report);
        notes.push(
          `100,000 files vs its ten parts scanned one by one (B): ${b.findings.length} vs ${parts.length} findings, ${
            same(b.findings, parts)
              ? "the same"
              : `DIFFERENT: ${difference(b.findings, parts, ["the whole scan", "the parts"])}`
          }.`,
        );
      }
    }
    const after = loadavg().map((value) => value.toFixed(2));
    return [
      markdownTable(["case", "revision", "wall", "CPU", "peak RSS", "findings"], rows),
      "",
      ...notes,
      "",
      `Load average ${before.join(", ")} before, ${after.join(", ")} after.`,
    ].join("\n");
  } finally {
    git(head, ["worktree", "remove", "--force", base]);
    rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) console.log(await run());
