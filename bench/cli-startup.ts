// CLI start-up as a pre-commit hook feels it: wall time and peak RSS of whole `rampart scan`
// processes on small inputs, A/B against another git revision in one run.
//
// The other revision is checked out into a temporary worktree (`git worktree add --detach`) whose
// node_modules is a hard-linked copy of this one's, so both sides run the same installed packages.
// Each side runs once per case to build its CLI bundle, then the sides alternate, BENCH_STARTUP_ROUNDS
// rounds (default 5); the table shows the median wall time and the largest peak RSS.
//
//   BENCH_STARTUP_BASE=<revision> npm run bench cli-startup     (default revision: main)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { markdownTable } from "./lib.ts";

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 5);
const BASE = process.env.BENCH_STARTUP_BASE ?? "main";
const TIME = "/usr/bin/time";

interface Case {
  name: string;
  folder: string;
  args: string[];
}

interface Sample {
  wallMs: number;
  rssKb: number;
  code: number;
}

function git(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

/** A small repository of the kinds a pre-commit hook sees: code, CI, containers, IaC, manifests. */
function twentyFiles(): Record<string, string> {
  const files: Record<string, string> = {
    Dockerfile:
      'FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\nUSER node\nCMD ["node", "src/index.js"]\n',
    ".github/workflows/ci.yml":
      "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm test\n",
    "deploy/deployment.yaml":
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          image: example/web:1.2.3\n",
    "infra/main.tf": 'resource "aws_s3_bucket" "logs" {\n  bucket = "example-logs"\n}\n',
    "package.json": '{ "name": "example", "version": "1.0.0", "dependencies": { "express": "4.19.2" } }\n',
    "requirements.txt": "flask==3.0.3\nrequests==2.32.3\n",
    "README.md": "# example\n\nA service.\n",
    "app.py":
      "from flask import Flask\napp = Flask(__name__)\n\n@app.get('/')\ndef index():\n    return 'ok'\n",
  };
  for (let index = 0; Object.keys(files).length < 20; index++)
    files[`src/module${index}.js`] =
      `export function handler${index}(request) {\n  return { status: 200, body: String(request.id) };\n}\n`;
  return files;
}

/** 918 Dockerfiles of about 44 bytes each (40 kB in all), as in issue 26. */
function smallDockerfiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 0; index < 918; index++)
    files[`services/s${index}/Dockerfile`] = `FROM alpine:3.20\nCOPY app /app\nCMD ["/app"]\n`;
  return files;
}

/** A few thousand ordinary source files with a planted fake token in some. */
function secretsCorpus(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 0; index < 3000; index++) {
    const lines = Array.from(
      { length: 30 },
      (_, line) => `const value${line} = compute(${index}, ${line}); // step ${line} of the report`,
    );
    if (index % 50 === 0) lines.push(`const token = "ghp_${"aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5"}";`);
    files[`pkg${Math.floor(index / 100)}/file${index}.js`] = `${lines.join("\n")}\n`;
  }
  return files;
}

function runOnce(checkout: string, item: Case): Sample {
  const bin = path.join(checkout, "packages/cli/bin/rampart.mjs");
  const started = performance.now();
  const result = spawnSync(
    TIME,
    ["-f", "%M", process.execPath, bin, "scan", item.folder, "--format", "json", ...item.args],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1" } },
  );
  const wallMs = performance.now() - started;
  const rssKb = Number(result.stderr.trim().split("\n").pop());
  return { wallMs, rssKb, code: result.status ?? -1 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function summary(samples: Sample[]): { wall: string; rss: string; ok: boolean } {
  // Exit 2 means the revision cannot run the case (e.g. an option it does not have).
  const ok = samples.every((sample) => sample.code === 0 || sample.code === 1);
  if (!ok) return { wall: `n/a (exit ${samples[0]?.code})`, rss: "n/a", ok };
  return {
    wall: `${(median(samples.map((sample) => sample.wallMs)) / 1000).toFixed(2)} s`,
    rss: `${Math.round(Math.max(...samples.map((sample) => sample.rssKb)) / 1024)} MB`,
    ok,
  };
}

export async function run(): Promise<string> {
  if (!existsSync(TIME)) throw new Error(`cli-startup needs ${TIME} to measure peak RSS`);
  const head = git(process.cwd(), ["rev-parse", "--show-toplevel"]);
  const baseRevision = git(head, ["rev-parse", "--short", BASE]);
  const headRevision = git(head, ["rev-parse", "--short", "HEAD"]);
  const temp = mkdtempSync(path.join(tmpdir(), "rampart-cli-startup-"));
  const base = path.join(temp, "base");
  const inputs = path.join(temp, "inputs");
  git(head, ["worktree", "add", "--detach", base, baseRevision]);
  try {
    // Hard links: no copy of the packages, and the same installed files on both sides.
    execFileSync("cp", ["-al", path.join(head, "node_modules"), path.join(base, "node_modules")]);
    const cases: Case[] = [
      { name: "empty folder", folder: path.join(inputs, "empty"), args: [] },
      { name: "20-file repository", folder: path.join(inputs, "twenty"), args: [] },
      { name: "918 small Dockerfiles (40 kB)", folder: path.join(inputs, "dockerfiles"), args: [] },
      {
        name: "secrets only, 3,000 files (--analyzers secrets)",
        folder: path.join(inputs, "secrets"),
        args: ["--analyzers", "secrets"],
      },
    ];
    mkdirSync(cases[0]!.folder, { recursive: true });
    writeFiles(cases[1]!.folder, twentyFiles());
    writeFiles(cases[2]!.folder, smallDockerfiles());
    writeFiles(cases[3]!.folder, secretsCorpus());

    const sides = [
      { label: `A: ${baseRevision} (${BASE})`, checkout: base },
      { label: `B: ${headRevision} (HEAD)`, checkout: head },
    ];
    const loadBefore = loadavg()
      .map((value) => value.toFixed(2))
      .join(", ");
    const rows: string[][] = [];
    for (const item of cases) {
      for (const side of sides) runOnce(side.checkout, item); // builds the side's bundle
      const samples = sides.map(() => [] as Sample[]);
      for (let round = 0; round < ROUNDS; round++)
        for (const [index, side] of sides.entries()) samples[index]!.push(runOnce(side.checkout, item));
      for (const [index, side] of sides.entries()) {
        const { wall, rss } = summary(samples[index]!);
        rows.push([item.name, side.label, wall, rss]);
      }
    }
    const loadAfter = loadavg()
      .map((value) => value.toFixed(2))
      .join(", ");
    return [
      `${ROUNDS} rounds per case, A and B alternating, after one warm-up run each; median wall time, largest peak RSS.`,
      `Load average before: ${loadBefore}; after: ${loadAfter}.`,
      "",
      markdownTable(["case", "revision", "wall (median)", "peak RSS"], rows),
    ].join("\n");
  } finally {
    git(head, ["worktree", "remove", "--force", base]);
    rmSync(temp, { recursive: true, force: true });
  }
}
