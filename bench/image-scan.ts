// Image scan: a generated ~200 MB docker save tarball (gzip layers of incompressible filler plus
// a Debian dpkg database, 2,000 node_modules packages, Python metadata and a Go binary), read by
// `scanImage` in a child process so that its peak RSS is the scan's alone.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LayerFile, writeImage } from "../packages/engine/src/container/image-writer.ts";
import {
  DEBIAN_OS_RELEASE,
  dpkgStanza,
  fakeGoBinary,
  GO_MODULE_INFO,
  nodePackageJson,
  REQUESTS_METADATA,
} from "../packages/engine/src/container/testing/sample-files.ts";
import { markdownTable } from "./lib.ts";

const FILLER_LAYERS = 4;
const FILES_PER_LAYER = 50;
const FILE_BYTES = 1024 * 1024;

function* filler(layer: number): Generator<LayerFile> {
  for (let index = 0; index < FILES_PER_LAYER; index++) {
    yield { path: `usr/share/filler${layer}/blob-${index}.bin`, content: randomBytes(FILE_BYTES) };
  }
}

function* packages(): Generator<LayerFile> {
  yield { path: "etc/os-release", content: DEBIAN_OS_RELEASE };
  const stanzas = Array.from({ length: 400 }, (_, index) =>
    dpkgStanza({
      Package: `lib-${index}`,
      Status: index % 50 === 0 ? "deinstall ok config-files" : "install ok installed",
      Architecture: "amd64",
      Source: `src-${Math.floor(index / 3)}`,
      Version: `1.${index}.0-1+deb12u1`,
    }),
  );
  yield { path: "var/lib/dpkg/status", content: stanzas.join("\n") };
  for (let index = 0; index < 2000; index++) {
    yield {
      path: `app/node_modules/pkg-${index}/package.json`,
      content: nodePackageJson(`pkg-${index}`, "1.0.0", "MIT"),
    };
  }
  yield {
    path: "usr/lib/python3/dist-packages/requests-2.31.0.dist-info/METADATA",
    content: REQUESTS_METADATA,
  };
  yield {
    path: "usr/local/bin/server",
    content: fakeGoBinary("go1.21.5", GO_MODULE_INFO, 8 * 1024 * 1024),
    mode: 0o755,
  };
}

const CHILD = `
import { scanImage } from "./packages/engine/src/container/scan.ts";
import { createAdvisoryIndex } from "./packages/engine/src/sca/osv/match.ts";
const start = performance.now();
const scan = await scanImage(process.argv[1], createAdvisoryIndex([]));
const seconds = (performance.now() - start) / 1000;
console.log(JSON.stringify({ seconds, maxRssKb: process.resourceUsage().maxRSS, packages: scan.image.packages.length, layers: scan.image.layers.length }));
`;

export async function run(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "rampart-bench-image-"));
  try {
    const path = join(directory, "image.tar");
    const generated = performance.now();
    await writeImage(path, {
      format: "docker-save",
      layers: [
        ...Array.from({ length: FILLER_LAYERS }, (_, layer) => ({
          compression: "gzip" as const,
          files: filler(layer),
        })),
        { compression: "gzip", files: packages() },
      ],
    });
    const generateSeconds = (performance.now() - generated) / 1000;
    const { size } = await stat(path);
    const baseline = spawnSync(
      process.execPath,
      ["--import", "tsx", "-e", "console.log(process.resourceUsage().maxRSS)"],
      {
        encoding: "utf8",
      },
    );
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD, path], {
      encoding: "utf8",
      cwd: join(import.meta.dirname, ".."),
    });
    if (child.status !== 0) throw new Error(`image scan failed: ${child.stderr}`);
    const result = JSON.parse(child.stdout.trim().split("\n").pop()!) as {
      seconds: number;
      maxRssKb: number;
      packages: number;
      layers: number;
    };
    const baselineMb = Number(baseline.stdout.trim()) / 1024;
    return markdownTable(
      [
        "image",
        "layers",
        "packages",
        "scan (s)",
        "MB/s",
        "peak RSS (MB)",
        "node+tsx alone (MB)",
        "generate (s)",
      ],
      [
        [
          `${(size / 1024 / 1024).toFixed(0)} MB docker save, gzip layers`,
          String(result.layers),
          String(result.packages),
          result.seconds.toFixed(2),
          (size / 1024 / 1024 / result.seconds).toFixed(0),
          (result.maxRssKb / 1024).toFixed(0),
          baselineMb.toFixed(0),
          generateSeconds.toFixed(1),
        ],
      ],
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
