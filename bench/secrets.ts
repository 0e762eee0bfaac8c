// Secrets throughput: the secrets analyzer (keyword prefilter + provider rules + the generic
// entropy rule) over ~50 MB of generated source text, one core, in memory. Two corpora: ordinary
// code with a few planted fake secrets, and a worst case where nearly every line has a
// secret-looking assignment, so the generic rule runs everywhere.
//
// A/B: with BENCH_SECRETS_BASELINE=<another checkout> (e.g. `git worktree add /tmp/main main`), the
// same corpora are also scanned by that checkout's secrets analyzer, alternating A and B over
// BENCH_SECRETS_ROUNDS rounds (default 3) in one process, and the best round of each is shown: on a
// shared machine the best round is the one least disturbed by other processes.
import { randomBytes } from "node:crypto";
import { scanText } from "@rampart/engine/analyzers/secrets/scan-text";
import { markdownTable } from "./lib.ts";

type ScanText = (path: string, text: string) => unknown[];

const FILE_BYTES = 10_000;
const TOTAL_BYTES = Number(process.env.BENCH_SECRETS_MB ?? 50) * 1024 * 1024;

const CODE_LINES = [
  "export function total(items) {",
  "  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);",
  "}",
  "const config = { retries: 3, timeoutMs: 2500, region: process.env.AWS_REGION };",
  "// Fetch the user's orders and group them by month for the report.",
  "for (const order of orders) byMonth[order.month] = [...(byMonth[order.month] ?? []), order];",
  'logger.info({ userId, count: orders.length }, "orders loaded");',
  'if (!response.ok) throw new Error("request failed: " + response.status);',
];

const fake = (alphabet: string, length: number) =>
  Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function ordinaryFile(index: number): string {
  const lines: string[] = [];
  let size = 0;
  while (size < FILE_BYTES) {
    const line =
      lines.length % 97 === 13 && index % 5 === 0
        ? `const githubToken = "ghp_${fake(BASE62, 36)}";`
        : CODE_LINES[lines.length % CODE_LINES.length]!;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}

function worstCaseFile(): string {
  const lines: string[] = [];
  let size = 0;
  while (size < FILE_BYTES) {
    const line = `  api_key_${lines.length} = "${fake(BASE62, 32)}"  # token secret password`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}

// CPU time next to wall time: on a shared machine other processes stretch the wall clock, not the
// CPU time this process spent (the goal is per core).
function measure(
  files: string[],
  scan: ScanText = scanText,
): {
  mbPerSecond: number;
  mbPerCpuSecond: number;
  seconds: number;
  findings: number;
  megabytes: number;
} {
  const megabytes = files.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 1024 / 1024;
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let findings = 0;
  for (const [index, text] of files.entries()) findings += scan(`src/module-${index}.ts`, text).length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    mbPerSecond: megabytes / seconds,
    mbPerCpuSecond: megabytes / cpuSeconds,
    seconds,
    findings,
    megabytes,
  };
}

type Measure = ReturnType<typeof measure>;

/** The round with the most MB per CPU second. */
function best(results: Measure[]): Measure {
  return results.reduce((a, b) => (b.mbPerCpuSecond > a.mbPerCpuSecond ? b : a));
}

async function runAB(baselineRoot: string): Promise<string> {
  const baseline = (await import(`${baselineRoot}/packages/engine/src/analyzers/secrets/scan-text.ts`)) as {
    scanText: ScanText;
  };
  const rounds = Number(process.env.BENCH_SECRETS_ROUNDS ?? 3);
  const count = Math.ceil(TOTAL_BYTES / FILE_BYTES);
  const corpora = [
    ["ordinary code, planted tokens", Array.from({ length: count }, (_, i) => ordinaryFile(i))],
    [
      "worst case: a secret-looking assignment on every line",
      Array.from({ length: count / 5 }, () => worstCaseFile()),
    ],
  ] as const;
  const variants = [
    ["A: baseline", baseline.scanText],
    ["B: this checkout", scanText],
  ] as const;
  for (const [, scan] of variants) measure([ordinaryFile(0), worstCaseFile()], scan); // warm up
  const rows: (string | number)[][] = [];
  for (const [corpus, files] of corpora) {
    const results = variants.map(() => [] as Measure[]);
    for (let round = 0; round < rounds; round++) {
      for (const [index, [, scan]] of variants.entries()) results[index]!.push(measure([...files], scan));
    }
    variants.forEach(([name], index) => {
      const r = best(results[index]!);
      const all = results[index]!.map((m) => m.mbPerCpuSecond.toFixed(1)).join(" / ");
      rows.push([
        corpus,
        name,
        r.megabytes.toFixed(1),
        r.mbPerSecond.toFixed(1),
        r.mbPerCpuSecond.toFixed(1),
        all,
        r.findings,
      ]);
    });
  }
  return markdownTable(
    [
      "corpus",
      "code",
      "MB",
      "MB/s (best round)",
      "MB per CPU second (best)",
      "MB per CPU second, every round",
      "findings",
    ],
    rows,
  );
}

export async function run(): Promise<string> {
  if (process.env.BENCH_SECRETS_BASELINE) return runAB(process.env.BENCH_SECRETS_BASELINE);
  const count = Math.ceil(TOTAL_BYTES / FILE_BYTES);
  measure([ordinaryFile(0), worstCaseFile()]); // warm up the regular expressions
  const rows = [
    ["ordinary code, planted tokens", measure(Array.from({ length: count }, (_, i) => ordinaryFile(i)))],
    [
      "worst case: a secret-looking assignment on every line",
      measure(Array.from({ length: count / 5 }, () => worstCaseFile())),
    ],
  ] as const;
  return markdownTable(
    ["corpus", "MB", "seconds", "MB/s", "MB per CPU second", "findings"],
    rows.map(([name, r]) => [
      name,
      r.megabytes.toFixed(1),
      r.seconds.toFixed(2),
      r.mbPerSecond.toFixed(1),
      r.mbPerCpuSecond.toFixed(1),
      r.findings,
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
