// `npm run bench [name ...]`: runs the named benchmarks (all by default) and prints Markdown that
// goes into bench/RESULTS.md together with the command that made it.
import os from "node:os";

const BENCHMARKS: Record<string, () => Promise<{ run(): Promise<string> }>> = {
  auth: () => import("./auth.ts"),
  secrets: () => import("./secrets.ts"),
  dashboard: () => import("./dashboard.ts"),
  sast: () => import("./sast.ts"),
  "sast-corpus": () => import("./sast-corpus.ts"),
  "engine-scan": () => import("./engine-scan.ts"),
  "osv-match": () => import("./osv-match.ts"),
  "lockfile-parse": () => import("./lockfile-parse.ts"),
  "image-scan": () => import("./image-scan.ts"),
  "image-bomb": () => import("./image-bomb.ts"),
  ledger: () => import("./ledger.ts"),
  "ledger-witness": () => import("./ledger-witness.ts"),
  "demo-copy": () => import("./demo-copy.ts"),
  "pull-request-check": () => import("./pull-request-check.ts"),
  drift: () => import("./drift.ts"),
  advisor: () => import("./advisor.ts"),
  "cli-startup": () => import("./cli-startup.ts"),
  "scan-memory": () => import("./scan-memory.ts"),
};

const selected = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(BENCHMARKS);
const unknown = selected.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `rampart bench: unknown benchmark ${unknown.join(", ")}; known: ${Object.keys(BENCHMARKS).join(", ")}`,
  );
  process.exit(2);
}

console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}\n`,
);
for (const name of selected) {
  const module = await BENCHMARKS[name]!();
  console.log(`## ${name}\n\n${await module.run()}\n`);
}
process.exit(0);
