import { describe, expect, it } from "vitest";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parseRequirement, parseRequirements } from "./requirements.ts";

describe("requirements.txt", () => {
  it("pins, ranges, hashes, markers, extras, includes, constraints, URLs", () => {
    const outcome = parseFixture(parseRequirements, "requirements/requirements.txt");
    expect(rows(outcome)).toEqual([
      "certifi@2023.11.17 direct prod :1",
      "django@4.2.7 direct prod :6",
      "requests (>=2.31.0,<3) direct prod :9",
      "pillow@10.1.0 direct prod :10",
      "urllib3@2.1.0 direct prod :11",
      "zope-interface (~=6.1) direct prod :12",
      "my-wheel@1.4.2 direct prod :14",
      "pyyaml (==6.0.*) direct prod :15",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.location.path).toBe("requirements/requirements/base.txt");
    expect(outcome.packages[1]).toMatchObject({
      purl: "pkg:pypi/django@4.2.7",
      location: { path: "requirements/requirements.txt" },
    });
    expect(outcome.packages[4]).toMatchObject({ versionRange: "*" });
    expect(outcome.warnings).toContain("requests: not pinned (>=2.31.0,<3)");
  });

  it("marks dev requirement files and reports a missing include", () => {
    const outcome = parseFixture(parseRequirements, "requirements/requirements-dev.txt");
    expect(rows(outcome)).toContain("pytest@7.4.3 direct dev :2");
    if (outcome.ok)
      expect(outcome.warnings).toContain(
        "requirements/requirements-dev.txt:3: include missing.txt not found",
      );
  });

  it("reads single specifiers", () => {
    expect(parseRequirement("flask", 1)).toEqual({
      name: "flask",
      version: null,
      versionRange: "*",
      line: 1,
    });
    expect(parseRequirement("https://example.com/x.tar.gz#egg=xpkg", 2)).toMatchObject({
      name: "xpkg",
      version: null,
    });
  });
});
