// Decompression bombs: a 4 MB gzip that expands to 4 GiB, as an image's layer (what the
// images.scan job reads) and as the whole upload (what the upload check reads), read by
// `readImage` in a child process with the default limits and with none (as before the limits).
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeImage } from "../packages/engine/src/container/image-writer.ts";
import { gzipBombTar } from "../packages/engine/src/container/testing/bombs.ts";
import { DEBIAN_OS_RELEASE } from "../packages/engine/src/container/testing/sample-files.ts";
import { markdownTable } from "./lib.ts";

const EXPANDED = 4 * 1024 * 1024 * 1024;

const CHILD = `
import { readImage } from "./packages/engine/src/container/image.ts";
const unlimited = process.argv[2] === "none";
const limits = unlimited ? { maxBytes: Infinity, maxRatio: Infinity, maxEntries: Infinity, maxMilliseconds: Infinity } : {};
const start = performance.now();
const outcome = await readImage(process.argv[1], { limits }).then(() => "read", (error) => error.message.replace(/^.*?: /, ""));
const seconds = (performance.now() - start) / 1000;
console.log(JSON.stringify({ seconds, maxRssKb: process.resourceUsage().maxRSS, outcome }));
`;

function measure(path: string, limits: "default" | "none") {
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", CHILD, path, limits],
    {
      encoding: "utf8",
    },
  );
  if (child.status !== 0) throw new Error(`image-bomb child failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as {
    seconds: number;
    maxRssKb: number;
    outcome: string;
  };
}

export async function run(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "rampart-bench-bomb-"));
  try {
    const layerBomb = join(directory, "layer-bomb.tar");
    await writeImage(layerBomb, {
      format: "docker-save",
      layers: [
        { compression: "gzip", files: [{ path: "etc/os-release", content: DEBIAN_OS_RELEASE }] },
        { compression: "gzip", files: [], blob: gzipBombTar(EXPANDED) },
      ],
    });
    const outerBomb = join(directory, "upload-bomb.tar.gz");
    await writeFile(outerBomb, gzipBombTar(EXPANDED));
    const rows: (string | number)[][] = [];
    for (const [label, path] of [
      ["bomb layer in an image (the scan job)", layerBomb],
      ["bomb as the upload (the upload check)", outerBomb],
    ] as const) {
      const size = (await stat(path)).size;
      for (const limits of ["none", "default"] as const) {
        const result = measure(path, limits);
        rows.push([
          label,
          `${(size / 1024 / 1024).toFixed(1)} MB`,
          limits === "none" ? "none (before)" : "default (after)",
          result.seconds.toFixed(2),
          Math.round(result.maxRssKb / 1024),
          result.outcome.slice(0, 90),
        ]);
      }
    }
    return [
      `A gzip of ${EXPANDED / 1024 ** 3} GiB of zeros (about 1000:1), read by \`readImage\` in a child process; peak RSS includes node + tsx (~75 MB).`,
      "",
      markdownTable(["input", "compressed", "limits", "seconds", "peak RSS MB", "outcome"], rows),
    ].join("\n");
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
