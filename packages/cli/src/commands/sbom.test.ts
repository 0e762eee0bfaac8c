import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeImage } from "@rampart/engine/container/image-writer";
import {
  DEBIAN_OS_RELEASE,
  DPKG_BASE,
  nodePackageJson,
} from "@rampart/engine/container/testing/sample-files";
import { afterAll, describe, expect, it } from "vitest";
import type { Io } from "../io.ts";
import { main } from "../main.ts";

const directory = mkdtempSync(join(tmpdir(), "rampart-sbom-cli-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: directory,
    env: { SOURCE_DATE_EPOCH: "1714557630" },
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

const LOCK = JSON.stringify({
  name: "demo",
  version: "1.0.0",
  lockfileVersion: 3,
  packages: {
    "": { name: "demo", version: "1.0.0", dependencies: { express: "^4.18.2" } },
    "node_modules/express": { version: "4.18.2", license: "MIT" },
  },
});

describe("rampart sbom", () => {
  it("writes CycloneDX for a project folder's lockfiles", async () => {
    const folder = mkdtempSync(join(directory, "demo-"));
    writeFileSync(join(folder, "package-lock.json"), LOCK);
    const result = await run("sbom", folder);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const bom = JSON.parse(result.stdout);
    expect(bom.bomFormat).toBe("CycloneDX");
    expect(bom.metadata.timestamp).toBe("2024-05-01T10:00:30.000Z");
    expect(bom.components.map((component: { purl: string }) => component.purl)).toEqual([
      "pkg:npm/express@4.18.2",
    ]);
    expect((await run("sbom", folder)).stdout).toBe(result.stdout);
  });

  it("writes SPDX for an image tarball to --output", async () => {
    const image = join(directory, "image.tar");
    await writeImage(image, {
      format: "docker-save",
      repoTag: "example/app:1.0",
      layers: [
        {
          compression: "gzip",
          files: [
            { path: "etc/os-release", content: DEBIAN_OS_RELEASE },
            { path: "var/lib/dpkg/status", content: DPKG_BASE },
            {
              path: "app/node_modules/express/package.json",
              content: nodePackageJson("express", "4.18.2", "MIT"),
            },
          ],
        },
      ],
    });
    const result = await run("sbom", "image.tar", "--format", "spdx", "--output", "out.spdx.json");
    expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
    const document = JSON.parse(readFileSync(join(directory, "out.spdx.json"), "utf8"));
    expect(document.name).toBe("example/app:1.0");
    expect(document.packages.map((item: { name: string }) => item.name)).toEqual([
      "example/app:1.0",
      "base-files",
      "libssl3",
      "zlib1g",
      "express",
    ]);
  });

  it("exits 2 with one line on stderr for a missing path, a corrupt image or a bad option", async () => {
    writeFileSync(join(directory, "corrupt.tar"), "not a tar at all");
    for (const args of [
      ["sbom", "missing-folder"],
      ["sbom", "corrupt.tar"],
      ["sbom", ".", "--format", "xml"],
      ["sbom"],
    ]) {
      const result = await run(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^rampart: .+\n$/);
    }
  });
});
