import { describe, expect, it } from "vitest";
import { applyPlan, fixtureFiles, parsedVersions, reader } from "./fixture-files.ts";
import { planDependencyUpgrade, renderUpgradeDiff, type UpgradeRequest } from "./index.ts";

const pip = fixtureFiles("pip");

function pypi(name: string, installedVersion: string, fixedVersion: string, filePath = "requirements.txt") {
  return { ecosystem: "PyPI", name, installedVersion, fixedVersion, filePath } satisfies UpgradeRequest;
}

function diffOf(request: UpgradeRequest, files = pip): string {
  const plan = planDependencyUpgrade(request, reader(files));
  if (!plan.ok) throw new Error(plan.reason);
  return renderUpgradeDiff(plan.changes);
}

describe("pip requirements files", () => {
  it("moves a pin and keeps its comment; the parser then reads the fixed version", () => {
    expect(diffOf(pypi("Django", "4.2.7", "4.2.8"))).toMatchInlineSnapshot(`
      "--- a/requirements.txt
      +++ b/requirements.txt
      @@ -3,7 +3,7 @@
       -c constraints.txt
       --index-url https://pypi.org/simple
       
      -Django==4.2.7  # web framework
      +Django==4.2.8  # web framework
       requests[security,socks] >= 2.31.0, < 3 ; python_version >= "3.8"
       Pillow===10.1.0
       urllib3   # pinned by constraints.txt
      "
    `);
    const after = applyPlan(pip, planDependencyUpgrade(pypi("django", "4.2.7", "4.2.8"), reader(pip)));
    expect(parsedVersions(after, "requirements.txt")).toContain("django@4.2.8");
  });

  it("raises a lower bound, keeping extras, spacing, the upper bound and the marker", () => {
    expect(diffOf(pypi("requests", "2.31.0", "2.32.0"))).toMatchInlineSnapshot(`
      "--- a/requirements.txt
      +++ b/requirements.txt
      @@ -4,7 +4,7 @@
       --index-url https://pypi.org/simple
       
       Django==4.2.7  # web framework
      -requests[security,socks] >= 2.31.0, < 3 ; python_version >= "3.8"
      +requests[security,socks] >= 2.32.0, < 3 ; python_version >= "3.8"
       Pillow===10.1.0
       urllib3   # pinned by constraints.txt
       zope.interface~=6.1
      "
    `);
  });

  it("keeps === arbitrary equality and matches names PEP 503-normalised", () => {
    const plan = planDependencyUpgrade(pypi("pillow", "10.1.0", "10.3.0"), reader(pip));
    expect(plan.ok && plan.changes[0]!.after).toContain("\nPillow===10.3.0\n");
    const zope = planDependencyUpgrade(pypi("Zope_Interface", "6.1", "6.1.1"), reader(pip));
    // ~=6.1 means >=6.1, ==6.*: the upper bound is kept when the fix has more components
    expect(zope.ok && zope.changes[0]!.after).toContain("\nzope.interface>=6.1.1,==6.*\n");
  });

  it("adds a lower bound to a prefix pin that admits the fix, and refuses one that does not", () => {
    const plan = planDependencyUpgrade(pypi("pyyaml", "6.0", "6.0.1"), reader(pip));
    expect(plan.ok && plan.changes[0]!.after).toContain("\nPyYAML==6.0.*,>=6.0.1\n");
    expect(planDependencyUpgrade(pypi("pyyaml", "6.0", "6.1"), reader(pip))).toEqual({
      ok: false,
      reason: 'requirements.txt:11: "==6.0.*" excludes 6.1 (an upper bound or exclusion); widen it by hand',
    });
  });

  it("updates the constraints file that pins an unpinned requirement, and leaves the requirement", () => {
    expect(diffOf(pypi("urllib3", "2.1.0", "2.2.2"))).toMatchInlineSnapshot(`
      "--- a/constraints.txt
      +++ b/constraints.txt
      @@ -1,1 +1,1 @@
      -urllib3==2.1.0
      +urllib3==2.2.2
      "
    `);
    const after = applyPlan(pip, planDependencyUpgrade(pypi("urllib3", "2.1.0", "2.2.2"), reader(pip)));
    expect(parsedVersions(after, "requirements.txt")).toContain("urllib3@2.2.2");
  });

  it("edits the -r included file that declares the package", () => {
    expect(diffOf(pypi("certifi", "2023.7.22", "2024.7.4"))).toMatchInlineSnapshot(`
      "--- a/requirements/base.txt
      +++ b/requirements/base.txt
      @@ -1,1 +1,1 @@
      -certifi==2023.7.22
      +certifi==2024.7.4
      "
    `);
  });

  it("drops the hashes of the only hashed requirement (pip then leaves hash-checking mode) with a note", () => {
    const plan = planDependencyUpgrade(pypi("cryptography", "41.0.3", "42.0.4"), reader(pip));
    expect(plan.ok && renderUpgradeDiff(plan.changes)).toMatchInlineSnapshot(`
      "--- a/requirements.txt
      +++ b/requirements.txt
      @@ -9,7 +9,5 @@
       urllib3   # pinned by constraints.txt
       zope.interface~=6.1
       PyYAML==6.0.*
      -cryptography==41.0.3 \\
      -    --hash=sha256:0d3f1a9a0c0d4bc1b6d2e2b8e5f29c3e1f4a0b7c6d5e4f3a2b1c0d9e8f7a6b5c \\
      -    --hash=sha256:9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0
      +cryptography==42.0.4
       idna==3.4
      "
    `);
    expect(plan.ok && plan.notes[0]).toBe(
      "requirements.txt:12: the --hash options of cryptography were removed: hashes of 42.0.4 cannot be computed offline (`pip hash` or `pip-compile --generate-hashes` can add them back).",
    );
    expect(parsedVersions(applyPlan(pip, plan), "requirements.txt")).toContain("cryptography@42.0.4");
  });

  it("refuses a requirement in a fully hashed file: pip would refuse the unhashed line", () => {
    const plan = planDependencyUpgrade(
      pypi("requests", "2.31.0", "2.32.0", "requirements-locked.txt"),
      reader(pip),
    );
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.reason).toMatch(
      /^requirements-locked\.txt:11: the requirements use hash-checking mode/,
    );
    const required = new Map(pip);
    required.set("hashes.txt", "--require-hashes\nidna==3.4 --hash=sha256:abc\n");
    expect(planDependencyUpgrade(pypi("idna", "3.4", "3.7", "hashes.txt"), reader(required)).ok).toBe(false);
  });

  it("tells a pip-compile user to change the .in file too", () => {
    const plan = planDependencyUpgrade(
      pypi("requests", "2.31.0", "2.32.0", "requirements-compiled.txt"),
      reader(pip),
    );
    expect(plan.ok && renderUpgradeDiff(plan.changes)).toMatchInlineSnapshot(`
      "--- a/requirements-compiled.txt
      +++ b/requirements-compiled.txt
      @@ -3,5 +3,5 @@
       #
       certifi==2023.7.22
           # via requests
      -requests==2.31.0
      +requests==2.32.0
           # via -r requirements.in
      "
    `);
    expect(plan.ok && plan.notes[0]).toContain("generated by pip-compile");
  });

  it("adds >= to a requirement with no version at all, and keeps CRLF line endings", () => {
    const files = new Map([["requirements.txt", "flask\r\nrequests<3 ; python_version >= '3.8'\r\n"]]);
    const plan = planDependencyUpgrade(pypi("flask", "2.0.0", "2.2.5"), reader(files));
    expect(plan.ok && plan.changes[0]!.after).toBe(
      "flask>=2.2.5\r\nrequests<3 ; python_version >= '3.8'\r\n",
    );
    const ranged = planDependencyUpgrade(pypi("requests", "2.31.0", "2.32.0"), reader(files));
    expect(ranged.ok && ranged.changes[0]!.after).toBe(
      "flask\r\nrequests<3,>=2.32.0 ; python_version >= '3.8'\r\n",
    );
  });

  it("refuses what it cannot do: downgrades, unknown packages, URLs, upper bounds, lockfiles", () => {
    expect(planDependencyUpgrade(pypi("Django", "4.2.7", "4.2.7.0"), reader(pip))).toEqual({
      ok: false,
      reason: "Django: 4.2.7.0 is not above the installed 4.2.7: that would not be an upgrade",
    });
    expect(planDependencyUpgrade(pypi("flask", "2.0", "2.1"), reader(pip))).toEqual({
      ok: false,
      reason: "requirements.txt: no requirement names flask",
    });
    const split = new Map([["requirements.txt", "pkg \\\n    ==1.0\n"]]);
    expect(planDependencyUpgrade(pypi("pkg", "1.0", "1.1"), reader(split))).toEqual({
      ok: false,
      reason: "requirements.txt:1: the requirement of pkg is split over several lines; edit it by hand",
    });
    const url = new Map([["requirements.txt", "pkg @ https://example.com/pkg-1.0.tar.gz\n"]]);
    expect(planDependencyUpgrade(pypi("pkg", "1.0", "1.1"), reader(url)).ok).toBe(false);
    expect(planDependencyUpgrade(pypi("requests", "2.31.0", "3.1"), reader(pip))).toEqual({
      ok: false,
      reason:
        'requirements.txt:7: ">= 2.31.0, < 3" excludes 3.1 (an upper bound or exclusion); widen it by hand',
    });
    expect(planDependencyUpgrade(pypi("requests", "2.31.0", "2.32.0", "poetry.lock"), reader(pip))).toEqual({
      ok: false,
      reason:
        "poetry.lock: upgrading poetry.lock offline is not supported yet: the lock records file hashes (and a hash of the project manifest) that only `poetry lock` can compute",
    });
    expect(planDependencyUpgrade(pypi("requests", "2.31.0", "2.32.0", "missing.txt"), reader(pip))).toEqual({
      ok: false,
      reason: "missing.txt: Python upgrades are planned on requirements files only",
    });
  });
});
