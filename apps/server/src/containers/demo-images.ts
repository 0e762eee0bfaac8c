// The demo tenant's container images: two small but real image archives (docker save format),
// written from files at seed time and sent through the same scan path as an upload. Their
// packages are versions that the bundled demo advisories really affect (Debian 9 openssl,
// libxml2, dpkg and tzdata; Alpine 3.18 musl; npm lodash and minimist; PyPI requests and PyYAML),
// so the Vulnerabilities tab shows real matches. Nothing here is a finding: the scan finds them.
import { stat } from "node:fs/promises";
import { type ImageSpec, writeImage } from "@rampart/engine/container/image-writer";
import type { ImagesService } from "./images.service.ts";

const DEBIAN_9_OS_RELEASE = `PRETTY_NAME="Debian GNU/Linux 9 (stretch)"
NAME="Debian GNU/Linux"
VERSION_ID="9"
VERSION="9 (stretch)"
VERSION_CODENAME=stretch
ID=debian
HOME_URL="https://www.debian.org/"
`;

const ALPINE_3_18_OS_RELEASE = `NAME="Alpine Linux"
ID=alpine
VERSION_ID=3.18.4
PRETTY_NAME="Alpine Linux v3.18"
HOME_URL="https://alpinelinux.org/"
`;

function dpkgStatus(packages: { name: string; version: string; source?: string }[]): string {
  return packages
    .map((pkg) =>
      [
        `Package: ${pkg.name}`,
        "Status: install ok installed",
        "Architecture: amd64",
        ...(pkg.source ? [`Source: ${pkg.source}`] : []),
        `Version: ${pkg.version}`,
        `Description: ${pkg.name}`,
        "",
      ].join("\n"),
    )
    .join("\n");
}

function apkInstalled(
  packages: { name: string; version: string; origin: string; license: string }[],
): string {
  return packages
    .map((pkg) => `P:${pkg.name}\nV:${pkg.version}\nA:x86_64\nL:${pkg.license}\no:${pkg.origin}\n`)
    .join("\n");
}

const packageJson = (name: string, version: string, license = "MIT") =>
  JSON.stringify({ name, version, license }, null, 2);

const pythonMetadata = (name: string, version: string, license: string) =>
  `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\nLicense: ${license}\n`;

export const DEMO_IMAGES: { ref: string; spec: ImageSpec }[] = [
  {
    ref: "registry.example.com/acme/payments-api:1.4.2",
    spec: {
      format: "docker-save",
      repoTag: "registry.example.com/acme/payments-api:1.4.2",
      labels: { "org.opencontainers.image.base.name": "docker.io/library/node:14-stretch-slim" },
      layers: [
        {
          compression: "gzip",
          createdBy: "/bin/sh -c #(nop) ADD file:debian-9-rootfs in /",
          files: [
            { path: "etc/os-release", content: DEBIAN_9_OS_RELEASE },
            {
              path: "var/lib/dpkg/status",
              content: dpkgStatus([
                { name: "base-files", version: "9.9+deb9u13" },
                { name: "dpkg", version: "1.18.25" },
                { name: "libssl1.1", version: "1.1.0l-1~deb9u5", source: "openssl" },
                { name: "openssl", version: "1.1.0l-1~deb9u5" },
                { name: "libxml2", version: "2.9.4+dfsg1-2.2+deb9u6" },
                { name: "tzdata", version: "2021a-0+deb9u3" },
                { name: "zlib1g", version: "1:1.2.8.dfsg-5", source: "zlib" },
              ]),
            },
          ],
        },
        {
          compression: "gzip",
          createdBy: "COPY node_modules /app/node_modules # buildkit",
          files: [
            { path: "app/node_modules/lodash/package.json", content: packageJson("lodash", "4.17.20") },
            { path: "app/node_modules/minimist/package.json", content: packageJson("minimist", "1.2.5") },
            { path: "app/node_modules/ms/package.json", content: packageJson("ms", "2.1.3") },
          ],
        },
      ],
    },
  },
  {
    ref: "registry.example.com/acme/ml-pipeline:2.0.1",
    spec: {
      format: "docker-save",
      repoTag: "registry.example.com/acme/ml-pipeline:2.0.1",
      labels: { "org.opencontainers.image.base.name": "docker.io/library/python:3.11-alpine3.18" },
      layers: [
        {
          compression: "gzip",
          createdBy: "/bin/sh -c #(nop) ADD file:alpine-3.18-rootfs in /",
          files: [
            { path: "etc/os-release", content: ALPINE_3_18_OS_RELEASE },
            {
              path: "lib/apk/db/installed",
              content: apkInstalled([
                { name: "musl", version: "1.2.4-r2", origin: "musl", license: "MIT" },
                {
                  name: "musl-utils",
                  version: "1.2.4-r2",
                  origin: "musl",
                  license: "MIT AND BSD-2-Clause AND GPL-2.0-or-later",
                },
                { name: "busybox", version: "1.36.1-r5", origin: "busybox", license: "GPL-2.0-only" },
              ]),
            },
          ],
        },
        {
          compression: "gzip",
          createdBy: "RUN pip install -r requirements.txt # buildkit",
          files: [
            {
              path: "usr/local/lib/python3.11/site-packages/requests-2.19.1.dist-info/METADATA",
              content: pythonMetadata("requests", "2.19.1", "Apache 2.0"),
            },
            {
              path: "usr/local/lib/python3.11/site-packages/PyYAML-5.3.1.dist-info/METADATA",
              content: pythonMetadata("PyYAML", "5.3.1", "MIT"),
            },
          ],
        },
      ],
    },
  },
];

/** Writes the demo images and queues their scans, once per tenant (a no-op when it has images). */
export async function seedDemoImages(images: ImagesService, tenantId: string): Promise<number> {
  if ((await images.list(tenantId)).length > 0) return 0;
  for (const { ref, spec } of DEMO_IMAGES) {
    const file = await images.newUploadPath();
    await writeImage(file, spec);
    await images.enqueue({ tenantId, imageRef: ref, file, bytes: (await stat(file)).size, uploadedBy: null });
  }
  return DEMO_IMAGES.length;
}
