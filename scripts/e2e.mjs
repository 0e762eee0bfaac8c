#!/usr/bin/env node
import { spawnSync } from "node:child_process";
// Runs the Playwright suite in Debian's Chromium, installing it first when it is missing
// (Playwright's own browser download cannot reach its CDN from here).
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  return result.status === 0;
}

if (!existsSync(CHROMIUM)) {
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package`);
  const asRoot = process.getuid?.() === 0;
  const apt = asRoot ? ["apt-get"] : ["sudo", "-n", "apt-get"];
  const ok =
    run(apt[0], [...apt.slice(1), "update", "-qq"]) &&
    run(apt[0], [...apt.slice(1), "install", "-y", "-qq", "--no-install-recommends", "chromium"]);
  if (!ok || !existsSync(CHROMIUM)) {
    console.error(
      "rampart: could not install chromium; install it (apt-get install chromium) or set CHROMIUM_PATH",
    );
    process.exit(2);
  }
}

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
});
process.exit(result.status ?? 1);
