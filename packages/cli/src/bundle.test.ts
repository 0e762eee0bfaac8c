import { bundleFolder, currentBundle } from "@rampart/engine/bundle-cache";
import { describe, expect, it } from "vitest";
import { runRampartSync } from "../test/run-rampart.ts";
import { cliBundle, MAIN } from "./bundle.ts";
import { main } from "./main.ts";

describe("the CLI bundle", () => {
  it("is what the launcher runs, and answers as the sources do", async () => {
    const built = await cliBundle();
    expect(currentBundle(bundleFolder(MAIN))?.href).toBe(built.href);
    const spawned = runRampartSync(process.cwd(), ["rules", "--format", "json"]);
    expect(spawned.code).toBe(0);
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
  }, 60_000); // builds the bundle when a source changed
});
