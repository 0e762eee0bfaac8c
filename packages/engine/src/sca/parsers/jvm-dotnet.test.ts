import { describe, expect, it } from "vitest";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parseGradleLockfile } from "./gradle.ts";
import { parsePom } from "./maven.ts";
import { parseNugetLock, parsePackagesConfig, parseProjectFile } from "./nuget.ts";

describe("pom.xml", () => {
  it("properties, project.*, the parent's properties and dependencyManagement, scopes, ranges", () => {
    const outcome = parseFixture(parsePom, "maven/service/pom.xml");
    expect(rows(outcome)).toEqual([
      "org.apache.logging.log4j:log4j-core@2.14.1 direct prod :19",
      "com.fasterxml.jackson.core:jackson-databind@2.15.3 direct prod :24",
      "com.acme:acme-common@2.4.0 direct prod :28",
      "org.junit.jupiter:junit-jupiter@5.10.1 direct dev :33",
      "com.google.guava:guava ([31.0,33.0)) direct prod :39",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1");
    expect(outcome.warnings).toEqual([
      expect.stringContaining("BOM org.springframework.boot:spring-boot-dependencies"),
    ]);
  });

  it("refuses DOCTYPE entities and mismatched tags", () => {
    expect(parseFixture(parsePom, "xml-broken/pom.xml")).toEqual({
      ok: false,
      reason: "xml-broken/pom.xml: invalid XML: DOCTYPE with declarations is not supported at line 2",
    });
    expect(parseFixture(parsePom, "xml-broken/mismatched.xml")).toMatchObject({ ok: false });
  });
});

describe("Gradle lockfiles", () => {
  it("gradle.lockfile: test-only configurations are dev", () => {
    expect(rows(parseFixture(parseGradleLockfile, "gradle/gradle.lockfile"))).toEqual([
      "com.fasterxml.jackson.core:jackson-databind@2.15.3 transitive prod :4",
      "org.apiguardian:apiguardian-api@1.1.2 transitive dev :5",
      "org.junit.jupiter:junit-jupiter-api@5.10.1 transitive dev :6",
      "org.slf4j:slf4j-api@2.0.9 transitive prod :7",
    ]);
  });

  it("buildscript-gradle.lockfile and per-configuration lockfiles", () => {
    expect(rows(parseFixture(parseGradleLockfile, "gradle/buildscript-gradle.lockfile"))).toEqual([
      "org.jetbrains.kotlin:kotlin-gradle-plugin@1.9.21 transitive prod :2",
    ]);
    expect(
      rows(parseFixture(parseGradleLockfile, "gradle/gradle/dependency-locks/testRuntimeClasspath.lockfile")),
    ).toEqual(["org.junit.jupiter:junit-jupiter-engine@5.10.1 transitive dev :2"]);
  });

  it("skips unreadable lines (a merge conflict) with a warning; refuses a file with no coordinate", () => {
    const outcome = parseFixture(parseGradleLockfile, "gradle/conflicted/gradle.lockfile");
    expect(rows(outcome)).toEqual([
      "com.squareup.okhttp3:okhttp@4.12.0 transitive prod :5",
      "com.squareup.okhttp3:okhttp@4.11.0 transitive prod :7",
      "org.jetbrains.kotlin:kotlin-stdlib@1.9.22 transitive prod :9",
    ]);
    if (outcome.ok) expect(outcome.warnings).toEqual(["3 unreadable line(s) skipped"]);
    expect(parseGradleLockfile("gradle.lockfile", "# notes\nnot a coordinate\n")).toEqual({
      ok: false,
      reason: "gradle.lockfile: not a Gradle lockfile: 1 unreadable line(s), no coordinate",
    });
  });
});

describe("NuGet", () => {
  it("*.csproj: attribute and element versions, properties, central versions, VersionOverride, PrivateAssets", () => {
    expect(rows(parseFixture(parseProjectFile, "nuget/src/Api/Api.csproj"))).toEqual([
      "Newtonsoft.Json@13.0.1 direct prod :9",
      "Microsoft.EntityFrameworkCore@8.0.0 direct prod :10",
      "Serilog@3.1.1 direct prod :11",
      "xunit@2.5.0 direct prod :12",
      "Polly ([8.0.0,9.0.0)) direct prod :13",
      "StyleCop.Analyzers@1.1.118 direct dev :16",
    ]);
  });

  it("packages.lock.json: Direct and Transitive across frameworks, projects skipped", () => {
    expect(rows(parseFixture(parseNugetLock, "nuget/src/Api/packages.lock.json"))).toEqual([
      "Newtonsoft.Json@13.0.1 direct prod :5",
      "System.Text.Encodings.Web@4.7.2 transitive prod :11",
      "Serilog@3.1.1 transitive prod :27",
    ]);
  });

  it("packages.config: developmentDependency is dev", () => {
    expect(rows(parseFixture(parsePackagesConfig, "nuget/legacy/packages.config"))).toEqual([
      "jQuery@3.4.1 direct prod :3",
      "NUnit@3.13.3 direct dev :4",
    ]);
  });
});
