import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAdvisoryIndex } from "../sca/osv/match.ts";
import { parseOsvRecord } from "../sca/osv/record.ts";
import { writeImage } from "./image-writer.ts";
import { scanImage } from "./scan.ts";
import {
  ALPINE_OS_RELEASE,
  APK_INSTALLED,
  DEBIAN_OS_RELEASE,
  DPKG_BASE,
  nodePackageJson,
} from "./testing/sample-files.ts";

const sample = (path: string) => {
  const parsed = parseOsvRecord(
    JSON.parse(readFileSync(join(import.meta.dirname, "../sca/osv/fixtures/osv-sample", path), "utf8")),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.record;
};

// Synthetic Debian records (the sample has no Debian 12 ones): the same advisory filed for two
// releases, so that only the image's release may match.
const debianRecord = (id: string, release: string, name: string, fixed: string) => {
  const parsed = parseOsvRecord({
    id,
    modified: "2024-01-01T00:00:00Z",
    affected: [
      {
        package: { ecosystem: `Debian:${release}`, name },
        ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed }] }],
      },
    ],
    severity: [{ type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" }],
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.record;
};

const directory = await mkdtemp(join(tmpdir(), "rampart-scan-test-"));
afterAll(() => rm(directory, { recursive: true, force: true }));

describe("scanImage", () => {
  it("matches Debian packages by source name in the image's release, and npm packages as npm", async () => {
    const path = join(directory, "debian.tar");
    await writeImage(path, {
      format: "docker-save",
      layers: [
        {
          compression: "gzip",
          files: [
            { path: "etc/os-release", content: DEBIAN_OS_RELEASE },
            { path: "var/lib/dpkg/status", content: DPKG_BASE },
            { path: "app/node_modules/express/package.json", content: nodePackageJson("express", "4.18.2") },
          ],
        },
      ],
    });
    const index = createAdvisoryIndex([
      debianRecord("DSA-9001-1", "12", "openssl", "3.0.13-1~deb12u1"),
      debianRecord("DSA-9002-1", "11", "openssl", "9.9.9-1"),
      debianRecord("DSA-9003-1", "12", "libssl3", "9.9.9-1"),
      debianRecord("DSA-9004-1", "12", "vim", "2:9.9-1"),
      sample("npm/GHSA-qw6h-vgh9-j6wx.json"),
      sample("npm/GHSA-rv95-896h-c2vc.json"),
    ]);
    const scan = await scanImage(path, index);
    const found = scan.vulnerabilities.map((vulnerability) => [
      vulnerability.id,
      vulnerability.package.name,
      vulnerability.installedVersion,
      vulnerability.fixedVersion,
    ]);
    expect(found).toEqual([
      ["DSA-9001-1", "libssl3", "3.0.11-1~deb12u2", "3.0.13-1~deb12u1"],
      ["CVE-2024-43796", "express", "4.18.2", "4.20.0"],
      ["CVE-2024-29041", "express", "4.18.2", "4.19.2"],
    ]);
    expect(scan.vulnerabilities[0]).toMatchObject({
      matchedAs: { ecosystem: "Debian:12", name: "openssl", version: "3.0.11-1~deb12u2" },
      severity: "critical",
      cvssScore: 9.8,
    });
  });

  it("matches Alpine packages by origin in Alpine:v3.19 (a real ALPINE record)", async () => {
    const path = join(directory, "alpine");
    await writeImage(path, {
      format: "oci-dir",
      layers: [
        {
          compression: "gzip",
          files: [
            { path: "etc/os-release", content: ALPINE_OS_RELEASE },
            { path: "lib/apk/db/installed", content: APK_INSTALLED },
          ],
        },
      ],
    });
    const scan = await scanImage(path, createAdvisoryIndex([sample("Alpine/ALPINE-CVE-2025-26519.json")]));
    expect(scan.vulnerabilities).toHaveLength(1);
    expect(scan.vulnerabilities[0]).toMatchObject({
      id: "ALPINE-CVE-2025-26519",
      package: { name: "musl", version: "1.2.4_git20230717-r4" },
      matchedAs: { ecosystem: "Alpine:v3.19" },
      fixedVersion: "1.2.4_git20230717-r5",
    });
    expect(scan.vulnerabilities[0]!.cvssScore).toBeGreaterThan(0);
  });
});
