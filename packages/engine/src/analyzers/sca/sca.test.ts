import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTree, type TempTree } from "../../../test/temp-tree.ts";
import { siblingReader } from "../../process-files.ts";
import { advisorySourceFromRecords } from "../../sca/advisory-source.ts";
import { scan } from "../../scan.ts";

const vulnerableLock = readFileSync(
  join(import.meta.dirname, "fixtures", "vulnerable-dependency", "vulnerable", "package-lock.json"),
  "utf8",
);

let trees: TempTree[] = [];
afterEach(() => {
  for (const tree of trees) tree.remove();
  trees = [];
});

function tree(files: Record<string, string>): TempTree {
  const made = makeTree(files);
  trees.push(made);
  return made;
}

describe("sca analyzer in a scan", () => {
  it("finds lodash's CVEs with the bundled advisories by default", async () => {
    const { root } = tree({ "app/package-lock.json": vulnerableLock });
    const result = await scan(root, { workers: 0 });
    const sca = result.findings.filter((finding) => finding.ruleId === "sca/vulnerable-dependency");
    expect(sca.map((finding) => finding.properties?.cveId)).toEqual(["CVE-2020-28500", "CVE-2021-23337"]);
    const injection = sca.find((finding) => finding.properties?.cveId === "CVE-2021-23337")!;
    expect(injection.location).toMatchObject({ path: "app/package-lock.json", line: 15 });
    expect(injection.severity).toBe("high");
    expect(injection.message).toBe(
      "lodash 4.17.20 has CVE-2021-23337 (Command Injection in lodash); fixed in 4.17.21",
    );
    expect(injection.properties).toMatchObject({
      ecosystem: "npm",
      packageName: "lodash",
      packageVersion: "4.17.20",
      fixedVersion: "4.17.21",
      license: "MIT",
      direct: true,
      dev: false,
      purl: "pkg:npm/lodash@4.17.20",
      aliases: ["GHSA-35jh-r3h4-6jhm"],
    });
    expect(result.analyzers.find((run) => run.analyzer === "sca")?.status).toBe("succeeded");
  });

  it("does not claim a pass without advisory data: the run is partial", async () => {
    const { root } = tree({ "package-lock.json": vulnerableLock });
    const result = await scan(root, {
      workers: 0,
      advisories: advisorySourceFromRecords([], "empty test set"),
    });
    expect(result.findings.filter((finding) => finding.ruleId === "sca/vulnerable-dependency")).toEqual([]);
    const run = result.analyzers.find((item) => item.analyzer === "sca")!;
    expect(run.status).toBe("partial");
    expect(run.skipped[0]!.reason).toMatch(/no advisory data \(empty test set\): 2 packages not checked/);
  });

  it("with a store queried per package, no record for these packages is a pass, not missing data", async () => {
    const { root } = tree({ "package-lock.json": vulnerableLock });
    const result = await scan(root, {
      workers: 0,
      advisories: { ...advisorySourceFromRecords([], "advisory store (1200 records)"), storeSize: 1200 },
    });
    expect(result.findings.filter((finding) => finding.ruleId === "sca/vulnerable-dependency")).toEqual([]);
    expect(result.analyzers.find((item) => item.analyzer === "sca")?.status).toBe("succeeded");
  });

  it("marks an unevaluated advisory (range-only requirement) as partial and flags the range", async () => {
    const { root } = tree({ "requirements.txt": "pyyaml>=5.1\n" });
    const result = await scan(root, { workers: 0 });
    expect(result.findings.map((finding) => finding.ruleId)).toContain("sca/unpinned-dependency");
    const run = result.analyzers.find((item) => item.analyzer === "sca")!;
    expect(run.status).toBe("partial");
    expect(run.skipped[0]!.reason).toMatch(/could not be evaluated: pyyaml in requirements.txt/);
  });

  it("reads siblings (npm v1 reads package.json) within the scan root only", async () => {
    const { root } = tree({
      "svc/package.json": '{"name":"svc","dependencies":{"lodash":"^4.17.20"}}',
      "svc/package-lock.json": JSON.stringify(
        { name: "svc", lockfileVersion: 1, dependencies: { lodash: { version: "4.17.20" } } },
        null,
        2,
      ),
      "outside.txt": "secret",
    });
    const result = await scan(join(root, "svc"), { workers: 0 });
    const lodash = result.findings.find((finding) => finding.properties?.packageName === "lodash");
    expect(lodash?.properties?.direct).toBe(true);

    const read = siblingReader(
      { path: "svc/package-lock.json", absolutePath: join(root, "svc", "package-lock.json") },
      1000,
    );
    expect(read("svc/package.json")).toContain('"svc"');
    expect(read("outside.txt")).toBe("secret");
    const inner = siblingReader(
      { path: "package-lock.json", absolutePath: join(root, "svc", "package-lock.json") },
      1000,
    );
    expect(inner("../outside.txt")).toBeUndefined();
    expect(inner("/etc/passwd")).toBeUndefined();
    symlinkSync(join(root, "outside.txt"), join(root, "svc", "link.txt"));
    expect(inner("link.txt")).toBeUndefined();
    expect(inner("missing.json")).toBeUndefined();
  });

  it("reads declared lockfiles as their format, even excluded; renamed copies by content", async () => {
    const { root } = tree({
      "vendor/deps.data": vulnerableLock,
      "backup/package-lock.old.json": vulnerableLock,
      "excluded/locked.bin.txt": vulnerableLock,
    });
    const result = await scan(root, {
      workers: 0,
      exclude: ["excluded/"],
      lockfiles: [
        { path: "vendor/deps.data", format: "package-lock.json" },
        { path: "excluded/locked.bin.txt", format: "package-lock.json" },
        { path: "vendor/missing.lock", format: "yarn.lock" },
      ],
    });
    const paths = result.findings
      .filter((finding) => finding.properties?.cveId === "CVE-2021-23337")
      .map((finding) => finding.location.path);
    expect(paths).toEqual(["backup/package-lock.old.json", "excluded/locked.bin.txt", "vendor/deps.data"]);
    expect(result.skipped).toContainEqual({
      path: "vendor/missing.lock",
      reason: "declared lockfile not found",
    });
  }, 30_000);
});
