// Where a scan's CPU goes: scans the engine-scan corpus on the main thread (no workers), so that
// `--cpu-prof` sees every analyzer, the per-finding work and the cross-file phase in one profile,
// or summarizes such a profile by function and engine area, or measures each analyzer alone.
//   node --cpu-prof --cpu-prof-dir=/tmp/rampart-profile --import tsx bench/profile-scan.ts [files=10000]
//   node --import tsx bench/profile-scan.ts --summarize /tmp/rampart-profile/<file>.cpuprofile
//   node --single-threaded --import tsx bench/profile-scan.ts --per-analyzer [files=10000]
// A profile's samples are wall-clock: on a loaded machine they overstate what ran while the
// thread waited for a core. `--per-analyzer` reports CPU time instead; `--single-threaded` puts
// V8's compiler and GC threads on the measured thread.
// Workers start with `execArgv: []` (pool.ts), so a profile of the default scan shows the main
// thread idle; the in-process path runs the same per-file code (process-files.ts).
import { readFileSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { assignFingerprints } from "../packages/engine/src/fingerprint.ts";
import { processFiles } from "../packages/engine/src/process-files.ts";
import { scan } from "../packages/engine/src/scan.ts";
import { walk } from "../packages/engine/src/walk.ts";
import { generateCorpus } from "./engine-scan.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `analyzers/sast`, `fingerprint.ts`, `nm:js-yaml`, `node`: the part of the code a frame belongs to. */
function areaOf(url: string, functionName: string): string {
  const engine = /engine\/src\/(analyzers\/[^/]+|[^/]+\/|[^/]+\.ts)/.exec(url);
  if (engine) return engine[1]!;
  if (url.includes("node_modules/")) return `nm:${url.split("node_modules/")[1]!.split("/")[0]}`;
  if (url.startsWith("node:")) return "node";
  return functionName || "(native)";
}

/** Self time (ms) by function and by area, busiest first. */
export function summarize(profile: Profile, top = 25): string {
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const micros = self.get(node.id) ?? 0;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || "(anonymous)"} ${url.replace(/.*\/(packages|node_modules)\//, "")}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    const area = areaOf(url, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
  }
  const table = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, micros]) =>
          `| ${(micros / 1000).toFixed(0)} | ${((100 * micros) / total).toFixed(1)} % | ${name} |`,
      )
      .join("\n");
  return [
    `Sampled ${(total / 1e6).toFixed(2)} s.`,
    "",
    "| self ms | share | area |",
    "|---|---|---|",
    table(byArea),
    "",
    "| self ms | share | function |",
    "|---|---|---|",
    table(byFunction),
  ].join("\n");
}

/**
 * CPU seconds (best of two) and findings of each analyzer alone over the corpus, in process, with
 * the fingerprints a worker computes.
 */
async function perAnalyzer(root: string): Promise<string> {
  const { analyzers } = await import("../packages/engine/src/all-analyzers.ts");
  for (const analyzer of analyzers) await analyzer.prepare?.();
  const tasks = (await walk(root)).files.map(({ path, absolutePath }) => ({ path, absolutePath }));
  const rows = ["| analyzer | CPU (best of 2) | findings |", "|---|---|---|"];
  for (const list of [[], ...analyzers.map((analyzer) => [analyzer])]) {
    let best = Number.POSITIVE_INFINITY;
    let findings = 0;
    for (let round = 0; round < 2; round++) {
      const before = process.cpuUsage();
      findings = assignFingerprints(processFiles(tasks, list, undefined, 2 * 1024 * 1024).findings).length;
      const cpu = process.cpuUsage(before);
      best = Math.min(best, (cpu.user + cpu.system) / 1e6);
    }
    rows.push(`| ${list[0]?.id ?? "reading and classifying only"} | ${best.toFixed(2)} s | ${findings} |`);
  }
  return rows.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === "--per-analyzer") {
    const corpus = generateCorpus(Number(process.argv[3] ?? 10_000));
    try {
      console.log(await perAnalyzer(corpus.root));
    } finally {
      rmSync(corpus.root, { recursive: true, force: true });
    }
  } else if (process.argv[2] === "--summarize") {
    console.log(summarize(JSON.parse(readFileSync(process.argv[3]!, "utf8")) as Profile));
  } else {
    const corpus = generateCorpus(Number(process.argv[2] ?? 10_000));
    try {
      await import("../packages/engine/src/all-analyzers.ts"); // loaded before the scan, as the CLI does
      const cpuBefore = process.cpuUsage();
      const result = await scan(corpus.root, { workers: 0 });
      const cpu = process.cpuUsage(cpuBefore);
      console.log(
        `${result.findings.length} findings, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, phases ${JSON.stringify(result.phases)}`,
      );
    } finally {
      rmSync(corpus.root, { recursive: true, force: true });
    }
  }
}
