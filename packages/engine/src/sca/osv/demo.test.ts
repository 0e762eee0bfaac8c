import { describe, expect, it } from "vitest";
import { demoAdvisoriesDir, loadDemoAdvisories } from "./demo.ts";
import { createAdvisoryIndex, matchPackages } from "./match.ts";
import { readOsvDir } from "./store.ts";

describe("demo advisories", () => {
  it("pass the OSV schema, and read unvalidated give the records the schema gives", () => {
    // A scan reads the shipped set without the schema (demo.ts): this is where it is checked.
    const validated = readOsvDir(demoAdvisoriesDir);
    expect(validated.errors).toEqual([]);
    expect(validated.records).toHaveLength(31);
    expect(loadDemoAdvisories()).toEqual(validated);
  });

  it("load cleanly and find the packages planted in the samples", () => {
    const { records, errors } = loadDemoAdvisories();
    expect(errors).toEqual([]);
    expect(records).toHaveLength(31);
    const { vulnerabilities } = matchPackages(createAdvisoryIndex(records), [
      { ecosystem: "npm", name: "lodash", version: "4.17.20" },
      { ecosystem: "npm", name: "minimist", version: "1.2.5" },
      { ecosystem: "npm", name: "express", version: "4.17.1" },
      { ecosystem: "PyPI", name: "requests", version: "2.19.1" },
      { ecosystem: "PyPI", name: "Pillow", version: "8.1.0" },
      // the demo container images' OS packages, under their source/origin names
      { ecosystem: "Debian:9", name: "openssl", version: "1.1.0l-1~deb9u5" },
      { ecosystem: "Debian:9", name: "tzdata", version: "2021a-0+deb9u3" },
      { ecosystem: "Alpine:v3.18", name: "musl", version: "1.2.4-r2" },
    ]);
    expect(vulnerabilities.map((v) => `${v.package.name} ${v.id} → ${v.fixedVersion}`).sort()).toEqual([
      "Pillow CVE-2023-50447 → 10.2.0",
      "Pillow CVE-2024-28219 → 10.3.0",
      "express CVE-2024-29041 → 4.19.2",
      "express CVE-2024-43796 → 4.20.0",
      "lodash CVE-2020-28500 → 4.17.21",
      "lodash CVE-2021-23337 → 4.17.21",
      "minimist CVE-2021-44906 → 1.2.6",
      "musl ALPINE-CVE-2025-26519 → 1.2.4-r3",
      "openssl DLA-3008-1 → 1.1.0l-1~deb9u6",
      "requests CVE-2018-18074 → 2.20.0",
      "requests CVE-2023-32681 → 2.31.0",
      "requests CVE-2024-35195 → 2.32.2",
      "tzdata DLA-3051-1 → 2021a-0+deb9u4",
    ]);
  });
});
