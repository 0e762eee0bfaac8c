// The launcher runs the CLI from its bundle once one is current, with the same output as the
// sources give.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleFolder, currentBundle } from "@rampart/engine/bundle-cache";
import { describe, expect, it } from "vitest";
import { cliBundle, MAIN } from "./bundle.ts";
import { main } from "./main.ts";

const launcher = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "rampart.mjs");

describe("the CLI bundle", () => {
  it("is what the launcher runs, and answers as the sources do", async () => {
    const built = await cliBundle();
    expect(currentBundle(bundleFolder(MAIN))?.href).toBe(built.href);
    const { RAMPART_REGISTRY: _custom, ...env } = process.env;
    const spawned = spawnSync(process.execPath, [launcher, "rules", "--format", "json"], {
      encoding: "utf8",
      env: { ...env, NO_COLOR: "1" },
    });
    expect(spawned.status).toBe(0);
    let fromSource = "";
    const code = await main(["rules", "--format", "json"], {
      stdout: { write: (text: string) => (fromSource += text) },
      stderr: { write: () => true },
      cwd: process.cwd(),
      env: { NO_COLOR: "1" },
    });
    expect(code).toBe(0);
    expect(JSON.parse(spawned.stdout)).toEqual(JSON.parse(fromSource));
    // a run leaves the bundle current
    expect(currentBundle(bundleFolder(MAIN))?.href).toBe(built.href);
  });
});
