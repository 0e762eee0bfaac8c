import { describe, expect, it } from "vitest";
import { parseConanLock } from "./conan-lock.ts";
import { parseDotnetDeps } from "./dotnet-deps.ts";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parseGradleVerificationMetadata } from "./gradle-verification.ts";
import { parseCabalFreeze, parseStackLock } from "./haskell.ts";
import { parseMixLock } from "./mix-lock.ts";
import { parsePackratLock } from "./packrat-lock.ts";
import { parsePaketLock } from "./paket-lock.ts";
import { parsePodfileLock } from "./podfile-lock.ts";
import { parsePubspecLock } from "./pubspec-lock.ts";
import { parsePylock } from "./pylock.ts";
import { parseRenvLock } from "./renv-lock.ts";
import { parseSwiftResolved, swiftPackageName } from "./swift-resolved.ts";

describe("pubspec.lock", () => {
  it("hosted packages with direct main/dev; sdk and path packages skipped, git warned", () => {
    const outcome = parseFixture(parsePubspecLock, "pub/pubspec.lock");
    expect(rows(outcome)).toEqual([
      "async@2.11.0 transitive prod :4",
      "http@0.13.6 direct prod :17",
      "mockito@5.4.4 direct dev :32",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.ecosystem).toBe("Pub");
    expect(outcome.packages[0]!.purl).toBe("pkg:pub/async@2.11.0");
    expect(outcome.warnings).toEqual(["forked_widget: git dependency, skipped (no registry version)"]);
  });

  it("refuses YAML without packages", () => {
    expect(parsePubspecLock("pubspec.lock", "sdks:\n  dart: any\n").ok).toBe(false);
    expect(parsePubspecLock("pubspec.lock", "packages: [\n").ok).toBe(false);
  });
});

describe("mix.lock", () => {
  it("hex packages by their package atom, git ones warned", () => {
    const outcome = parseFixture(parseMixLock, "hex/mix.lock");
    expect(rows(outcome)).toEqual([
      "castore@1.0.5 transitive prod :2",
      "phoenix@1.7.10 transitive prod :3",
      "plug_crypto@2.0.0 transitive prod :4",
      "plug@1.15.2 transitive prod :6",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:hex/castore@1.0.5");
    expect(outcome.warnings).toEqual(["heroicons: git dependency, skipped (no registry version)"]);
  });

  it("refuses a file that is not an Elixir map", () => {
    expect(parseMixLock("mix.lock", '"a": {:hex, :a, "1.0.0"}').ok).toBe(false);
  });
});

describe("conan.lock", () => {
  it("Conan 2: requires and python_requires prod, build_requires dev, revisions dropped", () => {
    const outcome = parseFixture(parseConanLock, "conan/v2/conan.lock");
    expect(rows(outcome)).toEqual([
      "zlib@1.2.13 transitive prod :4",
      "openssl@3.1.2 transitive prod :5",
      "fmt@10.1.1 transitive prod :6",
      "cmake@3.27.4 transitive dev :9",
    ]);
    if (outcome.ok) expect(outcome.packages[0]!.purl).toBe("pkg:conan/zlib@1.2.13");
  });

  it("Conan 1: the consumer node's requires are direct, build context is dev, user/channel and pref", () => {
    expect(rows(parseFixture(parseConanLock, "conan/v1/conan.lock"))).toEqual([
      "zlib@1.2.11 direct prod :11",
      "libpng@1.6.37 direct prod :18",
      "bzip2@1.0.8 transitive prod :23",
      "cmake@3.21.3 direct dev :27",
    ]);
  });

  it("Conan 1 before 0.2: UUID node ids, requires maps, the consumer found by its path or null pref", () => {
    // 0.1: the consumer has a package reference of its own (myapp/2.0), which is not a dependency.
    expect(rows(parseFixture(parseConanLock, "conan/v1-0.1/conan.lock"))).toEqual([
      "openssl@1.1.1k direct prod :12",
      "zlib@1.2.11 transitive prod :18",
    ]);
    expect(rows(parseFixture(parseConanLock, "conan/v1-0.0/conan.lock"))).toEqual([
      "fmt@8.0.1 direct prod :11",
    ]);
  });

  it("refuses JSON that is not a conan lock", () => {
    expect(parseConanLock("conan.lock", '{"version": "0.5"}')).toEqual({
      ok: false,
      reason: 'conan.lock: not a conan.lock: neither "graph_lock.nodes" (Conan 1) nor "requires" (Conan 2)',
    });
  });
});

describe("renv.lock", () => {
  it("CRAN (and mirrors) and Bioconductor packages; GitHub ones warned", () => {
    const outcome = parseFixture(parseRenvLock, "renv/renv.lock");
    expect(rows(outcome)).toEqual([
      "BiocGenerics@0.48.1 transitive prod :15",
      "jsonlite@1.8.7 transitive prod :22",
      "mime@0.12 transitive prod :30",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages.map((pkg) => pkg.ecosystem)).toEqual(["Bioconductor", "CRAN", "CRAN"]);
    expect(outcome.packages[1]!.purl).toBe("pkg:cran/jsonlite@1.8.7");
    expect(outcome.warnings).toEqual(["mypkg: GitHub source, skipped (no registry version)"]);
  });

  it("refuses JSON without Packages", () => {
    expect(parseRenvLock("renv.lock", '{"R": {}}').ok).toBe(false);
  });
});

describe("packrat.lock", () => {
  it("CRAN and Bioconductor stanzas, continued fields, direct when nobody requires them; github warned", () => {
    const outcome = parseFixture(parsePackratLock, "packrat/packrat/packrat.lock");
    expect(rows(outcome)).toEqual([
      "BiocGenerics@0.40.0 direct prod :7",
      "httr@1.4.2 direct prod :12",
      "jsonlite@1.7.2 transitive prod :19",
      "packrat@0.9.2 direct prod :24",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages.map((pkg) => pkg.ecosystem)).toEqual(["Bioconductor", "CRAN", "CRAN", "CRAN"]);
    expect(outcome.packages[1]!.purl).toBe("pkg:cran/httr@1.4.2");
    expect(outcome.warnings).toEqual(["tidyverse: github source, skipped (no registry version)"]);
  });

  it("skips a stanza without Source; refuses a file without the PackratFormat header", () => {
    const outcome = parsePackratLock(
      "packrat.lock",
      "PackratFormat: 1.4\n\nPackage: testpkg\nVersion: 1.0.0\n",
    );
    expect(outcome).toEqual({
      ok: true,
      packages: [],
      warnings: ["testpkg: no source, skipped (no registry version)"],
    });
    expect(parsePackratLock("packrat.lock", "Package: x\nSource: CRAN\nVersion: 1\n").ok).toBe(false);
  });
});

describe("paket.lock", () => {
  it("NUGET packages of every group, direct from paket.dependencies, options dropped, pins warned", () => {
    const outcome = parseFixture(parsePaketLock, "paket/paket.lock");
    expect(rows(outcome)).toEqual([
      "FSharp.Core@6.0.1 direct prod :5",
      "Newtonsoft.Json@13.0.1 direct prod :6",
      "Serilog@2.10.0 direct prod :7",
      "System.Diagnostics.DiagnosticSource@6.0.0 transitive prod :9",
      "NUnit@3.13.2 direct prod :18",
      "Newtonsoft.Json@12.0.3 direct prod :19",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:nuget/FSharp.Core@6.0.1");
    expect(outcome.warnings).toEqual(["1 GITHUB/GIT/HTTP source pin(s) skipped (no registry version)"]);
  });

  it("without paket.dependencies nothing is direct; refuses a file with no source section", () => {
    const outcome = parsePaketLock(
      "lib/paket.lock",
      "NUGET\n  remote: https://api.nuget.org/v3/index.json\n    NUnit (2.6.4)\n",
    );
    expect(rows(outcome)).toEqual(["NUnit@2.6.4 transitive prod :3"]);
    expect(parsePaketLock("paket.lock", "STORAGE: NONE\n").ok).toBe(false);
  });
});

describe("Podfile.lock", () => {
  it("pods once per spec (subspecs folded), DEPENDENCIES direct, path pods skipped, git pods warned", () => {
    const outcome = parseFixture(parsePodfileLock, "cocoapods/Podfile.lock");
    expect(rows(outcome)).toEqual([
      "Alamofire@5.8.1 direct prod :2",
      "Firebase@10.18.0 direct prod :3",
      "FirebaseCore@10.18.0 transitive prod :8",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:cocoapods/Alamofire@5.8.1");
    expect(outcome.warnings).toEqual(["SnapKit: git source, skipped (no registry version)"]);
  });

  it("refuses a file without PODS", () => {
    expect(parsePodfileLock("Podfile.lock", "COCOAPODS: 1.14.3\n").ok).toBe(false);
  });
});

describe("gradle/verification-metadata.xml", () => {
  it("every component, once per module version, at its <component> line", () => {
    const outcome = parseFixture(
      parseGradleVerificationMetadata,
      "gradle-verification/gradle/verification-metadata.xml",
    );
    expect(rows(outcome)).toEqual([
      "com.google.guava:guava@31.1-jre transitive prod :8",
      "org.apache.logging.log4j:log4j-core@2.14.1 transitive prod :13",
    ]);
    if (outcome.ok)
      expect(outcome.packages[1]!.purl).toBe("pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1");
  });

  it("refuses other XML", () => {
    expect(parseGradleVerificationMetadata("x.xml", "<project/>").ok).toBe(false);
    expect(parseGradleVerificationMetadata("x.xml", "<verification-metadata>").ok).toBe(false);
  });
});

describe("Package.resolved", () => {
  it("version 1 pins; branch pins warned", () => {
    const outcome = parseFixture(parseSwiftResolved, "swift/v1/Package.resolved");
    expect(rows(outcome)).toEqual(["github.com/Alamofire/Alamofire@5.4.3 transitive prod :5"]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:swift/github.com/Alamofire/Alamofire@5.4.3");
    expect(outcome.warnings).toEqual([
      "SwiftyJSON: pinned to a branch or revision, skipped (no release version)",
    ]);
  });

  it("version 2/3 pins, SSH locations; local packages skipped", () => {
    expect(rows(parseFixture(parseSwiftResolved, "swift/v2/Package.resolved"))).toEqual([
      "github.com/apple/swift-nio@2.62.0 transitive prod :5",
      "github.com/vapor/vapor@4.89.3 transitive prod :14",
    ]);
  });

  it("names a package by its URL without scheme, credentials or .git", () => {
    expect(swiftPackageName("https://user@gitlab.com/a/b.git/")).toBe("gitlab.com/a/b");
    expect(swiftPackageName("git@github.com:a/b.git")).toBe("github.com/a/b");
    expect(swiftPackageName("/Users/me/pkg")).toBeUndefined();
  });
});

describe(".deps.json", () => {
  it("NuGet packages of `libraries`; what any of the application's projects references is direct (as for workspaces)", () => {
    const outcome = parseFixture(parseDotnetDeps, "dotnet-deps/Api.deps.json");
    expect(rows(outcome)).toEqual([
      "Newtonsoft.Json@13.0.1 direct prod :37",
      "System.Text.Encodings.Web@4.7.1 direct prod :44",
    ]);
    if (outcome.ok) expect(outcome.packages[0]!.purl).toBe("pkg:nuget/Newtonsoft.Json@13.0.1");
  });

  it("refuses JSON without libraries", () => {
    expect(parseDotnetDeps("a.deps.json", '{"targets": {}}').ok).toBe(false);
  });
});

describe("stack.yaml.lock and cabal.project.freeze", () => {
  it("stack: hackage extra-deps once each (completed form), git extra-deps warned, snapshot ignored", () => {
    const outcome = parseFixture(parseStackLock, "haskell/stack.yaml.lock");
    expect(rows(outcome)).toEqual(["aeson@2.1.2.1 direct prod :8", "text-short@0.1.5 direct prod :15"]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:hackage/aeson@2.1.2.1");
    expect(outcome.warnings).toEqual([
      "https://github.com/acme/servant-extras.git: git extra-dep, skipped (no Hackage version)",
    ]);
  });

  it("cabal freeze: `==` constraints over the field's lines; installed and flags carry no version", () => {
    expect(rows(parseFixture(parseCabalFreeze, "haskell/cabal.project.freeze"))).toEqual([
      "Cabal@3.10.1.0 transitive prod :2",
      "aeson@2.1.2.1 transitive prod :3",
      "base@4.18.0.0 transitive prod :5",
      "warp@3.3.30 transitive prod :8",
    ]);
  });

  it("reads a long hostile package id in linear time", () => {
    const hostile = `packages:\n- completed:\n    hackage: a${"-aaaaaaaa".repeat(5000)}!\n`;
    const started = performance.now();
    expect(rows(parseStackLock("stack.yaml.lock", hostile))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses files without their lists", () => {
    expect(parseStackLock("stack.yaml.lock", "snapshots: []\n").ok).toBe(false);
    expect(parseCabalFreeze("cabal.project.freeze", "index-state: x\n").ok).toBe(false);
  });
});

describe("pylock.toml", () => {
  it("packages with versions; direct and dev from pyproject.toml; VCS packages warned", () => {
    const outcome = parseFixture(parsePylock, "pylock/pylock.toml");
    expect(rows(outcome)).toEqual([
      "certifi@2024.2.2 transitive prod :7",
      "requests@2.31.0 direct prod :15",
      "pytest@8.0.2 direct dev :24",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[1]!.purl).toBe("pkg:pypi/requests@2.31.0");
    expect(outcome.warnings).toEqual(["internal-tools: vcs source without a version, skipped"]);
  });

  it("refuses other TOML and future lock versions", () => {
    expect(parsePylock("pylock.toml", '[project]\nname = "x"\n').ok).toBe(false);
    expect(parsePylock("pylock.toml", 'lock-version = "2.0"\n')).toEqual({
      ok: false,
      reason: "pylock.toml: unsupported lock-version 2.0",
    });
  });
});
