import { readFileSync } from "node:fs";
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageError, type ImageInventory, readImage } from "./image.ts";
import { type ImageSpec, type LayerSpec, writeImage } from "./image-writer.ts";
import { gzipBombTar, zstdBombTar } from "./testing/bombs.ts";
import {
  ALPINE_OS_RELEASE,
  APK_INSTALLED,
  DEBIAN_OS_RELEASE,
  DPKG_BASE,
  DPKG_WITH_CURL,
  fakeGoBinary,
  GO_MODULE_INFO,
  nodePackageJson,
  REQUESTS_METADATA,
} from "./testing/sample-files.ts";

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "rampart-image-test-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

// Three layers: a Debian base (gzip), an app layer that deletes and replaces (plain tar), and an
// apt-get + pip + go build layer (gzip, or zstd for the OCI variant).
function debianLayers(topCompression: LayerSpec["compression"] = "gzip"): LayerSpec[] {
  return [
    {
      compression: "gzip",
      createdBy: "ADD rootfs.tar.xz /",
      files: [
        { path: "etc/", type: "directory" },
        { path: "etc/os-release", content: DEBIAN_OS_RELEASE },
        { path: "var/lib/dpkg/status", content: DPKG_BASE },
        {
          path: "usr/lib/node_modules/left-pad/package.json",
          content: nodePackageJson("left-pad", "1.3.0", "WTFPL"),
        },
        { path: "./app/node_modules/old-pkg/package.json", content: nodePackageJson("old-pkg", "0.1.0") },
        {
          path: "app/node_modules/old-pkg/lib/package.json",
          content: nodePackageJson("not-a-package", "9.9.9"),
        },
        { path: "etc/passwd", content: "root:x:0:0:root:/root:/bin/bash\n" },
      ],
    },
    {
      compression: "none",
      createdBy: "COPY app /app",
      files: [
        { path: "usr/lib/node_modules/.wh.left-pad", content: "" },
        { path: "app/node_modules/.wh..wh..opq", content: "" },
        {
          path: "app/node_modules/express/package.json",
          content: nodePackageJson("express", "4.18.2", "MIT"),
        },
        {
          path: "app/node_modules/@types/node/package.json",
          content: nodePackageJson("@types/node", "20.11.0", "MIT"),
        },
        {
          path: "app/node_modules/express/node_modules/debug/package.json",
          content: nodePackageJson("debug", "2.6.9", { type: "MIT" }),
        },
        { path: "app/node_modules/broken/package.json", content: "{ not json" },
      ],
    },
    {
      compression: topCompression,
      createdBy: "RUN apt-get install -y curl && pip install requests && go build",
      files: [
        { path: "var/lib/dpkg/status", content: DPKG_WITH_CURL },
        {
          path: "usr/lib/python3/dist-packages/requests-2.31.0.dist-info/METADATA",
          content: REQUESTS_METADATA,
        },
        { path: "usr/local/bin/server", content: fakeGoBinary("go1.21.5", GO_MODULE_INFO), mode: 0o755 },
        { path: "usr/local/bin/run.sh", content: "#!/bin/sh\nexec server\n".repeat(100), mode: 0o755 },
        { path: "etc/passwd.wh.not-a-whiteout", content: "x" },
      ],
    },
  ];
}

const EXPECTED_DEBIAN = [
  "Debian base-files 12.4+deb12u5 var/lib/dpkg/status",
  "Debian curl 7.88.1-10+deb12u5 var/lib/dpkg/status",
  "Debian libssl3 3.0.11-1~deb12u2 var/lib/dpkg/status",
  "Debian zlib1g 1:1.2.13.dfsg-1+b1 var/lib/dpkg/status",
  "Go example.com/app null usr/local/bin/server",
  "Go github.com/new/dep v1.2.0 usr/local/bin/server",
  "Go golang.org/x/net v0.17.0 usr/local/bin/server",
  "Go stdlib 1.21.5 usr/local/bin/server",
  "PyPI requests 2.31.0 usr/lib/python3/dist-packages/requests-2.31.0.dist-info/METADATA",
  "npm @types/node 20.11.0 app/node_modules/@types/node/package.json",
  "npm debug 2.6.9 app/node_modules/express/node_modules/debug/package.json",
  "npm express 4.18.2 app/node_modules/express/package.json",
];

const summary = (image: ImageInventory) =>
  image.packages.map((pkg) => `${pkg.ecosystem} ${pkg.name} ${pkg.version} ${pkg.location.path}`);

async function build(name: string, spec: ImageSpec): Promise<string> {
  const path = join(directory, name);
  await writeImage(path, spec);
  return path;
}

function expectDebianImage(image: ImageInventory) {
  expect(summary(image)).toEqual(EXPECTED_DEBIAN);
  expect(image.os).toEqual({
    id: "debian",
    versionId: "12",
    prettyName: "Debian GNU/Linux 12 (bookworm)",
    ecosystem: "Debian:12",
  });
  expect(image.layers).toHaveLength(3);
  const top = image.layers[2]!.digest;
  const libssl = image.packages.find((pkg) => pkg.name === "libssl3")!;
  expect(libssl).toMatchObject({
    purl: "pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12",
    source: { name: "openssl", version: "3.0.11-1~deb12u2" },
    architecture: "amd64",
    location: { path: "var/lib/dpkg/status", layer: top },
    direct: false,
    dev: false,
  });
  expect(libssl.location.line).toBeGreaterThan(1);
  expect(image.packages.find((pkg) => pkg.name === "zlib1g")!.source).toEqual({
    name: "zlib",
    version: "1:1.2.13.dfsg-1",
  });
  const express = image.packages.find((pkg) => pkg.name === "express")!;
  expect(express).toMatchObject({
    license: "MIT",
    purl: "pkg:npm/express@4.18.2",
    location: { layer: image.layers[1]!.digest },
  });
  expect(image.packages.find((pkg) => pkg.name === "debug")!.license).toBe("MIT");
  expect(image.packages.find((pkg) => pkg.name === "@types/node")!.purl).toBe(
    "pkg:npm/%40types/node@20.11.0",
  );
  expect(image.packages.find((pkg) => pkg.name === "requests")).toMatchObject({
    license: "Apache-2.0",
    purl: "pkg:pypi/requests@2.31.0",
  });
  expect(image.packages.find((pkg) => pkg.name === "golang.org/x/net")!.purl).toBe(
    "pkg:golang/golang.org/x/net@v0.17.0",
  );
  expect(image.config.baseImage).toEqual({
    name: "docker.io/library/debian:12",
    digest: `sha256:${"a".repeat(64)}`,
  });
  expect(image.config.history.map((entry) => entry.createdBy)).toEqual([
    "LABEL maintainer=x",
    "ADD rootfs.tar.xz /",
    "COPY app /app",
    "RUN apt-get install -y curl && pip install requests && go build",
  ]);
  expect(image.config.history[0]!.emptyLayer).toBe(true);
  for (const layer of image.layers) expect(layer.digest).toMatch(/^sha256:[a-f0-9]{64}$/);
}

const debianSpec = (format: ImageSpec["format"], top: LayerSpec["compression"] = "gzip"): ImageSpec => ({
  format,
  layers: debianLayers(top),
  repoTag: "example/app:1.0",
  emptyHistory: ["LABEL maintainer=x"],
  labels: {
    "org.opencontainers.image.base.name": "docker.io/library/debian:12",
    "org.opencontainers.image.base.digest": `sha256:${"a".repeat(64)}`,
  },
});

describe("readImage", () => {
  it("reads a docker save tarball: layers in order, whiteouts, opaque directories, every package kind", async () => {
    const image = await readImage(await build("debian.tar", debianSpec("docker-save")));
    expectDebianImage(image);
    expect(image.config.repoTags).toEqual(["example/app:1.0"]);
    expect(image.layers.map((layer) => layer.compression)).toEqual(["gzip", "none", "gzip"]);
    expect(image.config).toMatchObject({ architecture: "amd64", os: "linux" });
  });

  it("reads a legacy docker save tarball (<id>/layer.tar)", async () => {
    const image = await readImage(await build("legacy.tar", debianSpec("docker-legacy")));
    expectDebianImage(image);
    expect(image.layers[0]!.member).toBe("layer0/layer.tar");
  });

  it("reads an OCI layout directory, with a zstd layer", async () => {
    const image = await readImage(await build("oci-dir", debianSpec("oci-dir", "zstd")));
    expectDebianImage(image);
    expect(image.layers[2]!.compression).toBe("zstd");
    expect(image.config.repoTags).toEqual(["example/app:1.0"]);
  });

  it("reads an OCI layout tar", async () => {
    const image = await readImage(await build("oci.tar", debianSpec("oci-tar")));
    expectDebianImage(image);
  });

  it("reads an Alpine image's apk database and maps the release to Alpine:v3.19", async () => {
    const path = await build("alpine.tar", {
      format: "docker-save",
      layers: [
        {
          compression: "gzip",
          files: [
            { path: "etc/os-release", type: "symlink", linkname: "../usr/lib/os-release" },
            { path: "usr/lib/os-release", content: ALPINE_OS_RELEASE },
            { path: "lib/apk/db/installed", content: APK_INSTALLED },
          ],
        },
      ],
    });
    const image = await readImage(path);
    expect(image.os).toMatchObject({ id: "alpine", versionId: "3.19.1", ecosystem: "Alpine:v3.19" });
    expect(summary(image)).toEqual([
      "Alpine busybox-binsh 1.36.1-r15 lib/apk/db/installed",
      "Alpine libcrypto3 3.1.4-r5 lib/apk/db/installed",
      "Alpine musl 1.2.4_git20230717-r4 lib/apk/db/installed",
    ]);
    expect(image.packages.find((pkg) => pkg.name === "libcrypto3")).toMatchObject({
      purl: "pkg:apk/alpine/libcrypto3@3.1.4-r5?arch=x86_64&distro=3.19.1",
      license: "Apache-2.0",
      source: { name: "openssl", version: "3.1.4-r5" },
      location: { line: 21 },
    });
    expect(image.config.baseImage).toBeUndefined();
  });

  it("reads installed gems and Python packages with the licences their metadata states", async () => {
    const fixture = (name: string) =>
      readFileSync(new URL(`./fixtures/language/${name}`, import.meta.url), "utf8");
    const path = await build("ruby.tar", {
      format: "docker-save",
      layers: [
        {
          compression: "gzip",
          files: [
            {
              path: "usr/local/bundle/specifications/rack-2.2.8.gemspec",
              content: fixture("rack-2.2.8.gemspec"),
            },
            {
              path: "usr/local/lib/python3.11/site-packages/pillow-8.1.0.dist-info/METADATA",
              content: fixture("unknown-with-classifiers.METADATA"),
            },
            // Where a gem's own source keeps its gemspec: not an installed specification.
            { path: "usr/local/bundle/gems/rack-2.2.8/rack.gemspec", content: fixture("rack-2.2.8.gemspec") },
          ],
        },
      ],
    });
    const image = await readImage(path);
    expect(summary(image)).toEqual([
      "PyPI pillow 8.1.0 usr/local/lib/python3.11/site-packages/pillow-8.1.0.dist-info/METADATA",
      "RubyGems rack 2.2.8 usr/local/bundle/specifications/rack-2.2.8.gemspec",
    ]);
    expect(image.packages.map((pkg) => [pkg.purl, pkg.license])).toEqual([
      ["pkg:pypi/pillow@8.1.0", "HPND"],
      ["pkg:gem/rack@2.2.8", "MIT"],
    ]);
  });

  it("rejects a corrupt tarball with one clear error", async () => {
    const path = join(directory, "corrupt.tar");
    await writeFile(path, Buffer.concat([Buffer.from("this is not a tar file"), Buffer.alloc(2000, 7)]));
    await expect(readImage(path)).rejects.toThrow(ImageError);
    await expect(readImage(path)).rejects.toThrow(/not a readable image archive/);
  });

  it("rejects a truncated tarball", async () => {
    const path = await build("truncated.tar", debianSpec("docker-save"));
    await truncate(path, 3000);
    await expect(readImage(path)).rejects.toThrow(ImageError);
  });

  it("reads an image without layers, and rejects a missing path or a folder that is no layout", async () => {
    const image = await readImage(await build("empty.tar", { format: "docker-save", layers: [] }));
    expect(image.packages).toEqual([]);
    expect(image.os).toBeUndefined();
    await expect(readImage(join(directory, "missing.tar"))).rejects.toThrow(/cannot read/);
    const folder = await mkdtemp(join(directory, "plain-"));
    await expect(readImage(folder)).rejects.toThrow(/no manifest.json or index.json/);
  });

  it("rejects an image whose manifest names a corrupt layer", async () => {
    const path = join(directory, "bad-layer");
    await writeImage(path, debianSpec("oci-dir"));
    const image = await readImage(path);
    const blob = join(path, image.layers[0]!.member);
    await writeFile(blob, Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), Buffer.alloc(100, 9)]));
    await expect(readImage(path)).rejects.toThrow(/layer blobs\/sha256\/[a-f0-9]+ is corrupt/);
  });
});

describe("readImage's expansion limits", () => {
  const GIB = 1024 * 1024 * 1024;
  const bombImage = (name: string, layer: LayerSpec, format: ImageSpec["format"] = "docker-save") =>
    build(name, {
      format,
      layers: [
        { compression: "gzip", files: [{ path: "etc/os-release", content: DEBIAN_OS_RELEASE }] },
        layer,
      ],
    });

  it("stops a gzip layer that would expand 1000:1 to 4 GiB, quickly and with the layer named", async () => {
    const path = await bombImage("gzip-bomb.tar", {
      compression: "gzip",
      files: [],
      blob: gzipBombTar(4 * GIB),
    });
    const started = Date.now();
    const error = await readImage(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageError);
    expect((error as Error).message).toMatch(
      /layer blobs\/sha256\/[a-f0-9]{64} expands more than 200 times its compressed size \(a decompression bomb\?\)/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops a zstd layer of RLE blocks, in an OCI layout directory too", async () => {
    const path = await bombImage(
      "zstd-bomb",
      { compression: "zstd", files: [], blob: zstdBombTar(4 * GIB) },
      "oci-dir",
    );
    await expect(readImage(path)).rejects.toThrow(/expands more than 200 times/);
  });

  it("stops an outer archive that is itself a gzip bomb", async () => {
    const path = join(directory, "outer-bomb.tar.gz");
    await writeFile(path, gzipBombTar(GIB));
    await expect(readImage(path)).rejects.toThrow(/the archive expands more than 200 times/);
  });

  it("holds every layer to one budget of decompressed bytes, files and time", async () => {
    const path = await build("plain.tar", debianSpec("docker-save"));
    await expect(readImage(path, { limits: { maxBytes: 1000 } })).rejects.toThrow(
      /layer .* expands past the limit of 1000 bytes of decompressed data/,
    );
    await expect(readImage(path, { limits: { maxEntries: 5 } })).rejects.toThrow(/holds more than 5 files/);
    await expect(readImage(path, { limits: { maxMilliseconds: -1 } })).rejects.toThrow(/took longer than/);
    // A layer that compresses well but stays under the grace size is fine at any ratio.
    const zeros = await bombImage("small-zeros.tar", {
      compression: "gzip",
      files: [],
      blob: gzipBombTar(8 * 1024 * 1024),
    });
    expect((await readImage(zeros)).layers).toHaveLength(2);
  });
});
