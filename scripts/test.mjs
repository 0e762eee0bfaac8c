#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest. Stops at the first
// failing step and exits non-zero. TEST_DATABASE_URL adds the PostgreSQL integration suite.
import { spawnSync } from "node:child_process";

const steps = [
  ["lint and format", "npx", ["biome", "check", "."]],
  [
    "rule docs up to date",
    "node",
    ["packages/cli/bin/rampart.mjs", "docs", "docs/rules", "--readme", "README.md", "--check"],
  ],
  ["typecheck (node)", "npx", ["tsc", "-p", "tsconfig.json"]],
  ["typecheck (web)", "npx", ["tsc", "-p", "apps/web/tsconfig.json"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["build the web app", "npm", ["run", "build:web"]],
  ["browser tests", "node", ["scripts/e2e.mjs"]],
];

for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log("\nAll checks passed.");
