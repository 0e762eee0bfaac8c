import { describe, expect, it } from "vitest";
import { applyPlan, fixtureFiles, parsedVersions, reader } from "./fixture-files.ts";
import { planDependencyUpgrade, renderUpgradeDiff, type UpgradeRequest } from "./index.ts";

const go = fixtureFiles("go");

function module(name: string, installedVersion: string, fixedVersion: string, filePath = "go.mod") {
  return { ecosystem: "Go", name, installedVersion, fixedVersion, filePath } satisfies UpgradeRequest;
}

describe("go.mod and go.sum", () => {
  it("moves a direct require (OSV's version without v) and drops the old code hash", () => {
    const plan = planDependencyUpgrade(module("github.com/gin-gonic/gin", "v1.9.1", "1.10.0"), reader(go));
    expect(plan.ok && plan.summary).toBe(
      "Upgrade github.com/gin-gonic/gin from v1.9.1 to v1.10.0 (direct dependency) in go.mod and go.sum",
    );
    expect(plan.ok && renderUpgradeDiff(plan.changes)).toMatchInlineSnapshot(`
      "--- a/go.mod
      +++ b/go.mod
      @@ -3,7 +3,7 @@
       go 1.21
       
       require (
      -	github.com/gin-gonic/gin v1.9.1
      +	github.com/gin-gonic/gin v1.10.0
       	github.com/pinned/lib v1.0.0
       	github.com/local/shared v0.3.0
       	golang.org/x/crypto v0.14.0 // indirect
      --- a/go.sum
      +++ b/go.sum
      @@ -1,4 +1,3 @@
      -github.com/gin-gonic/gin v1.9.1 h1:4idEAncQnU5cB7BeOkPtxjfCSye0AAm1R0RVIqJ+Jmg=
       github.com/gin-gonic/gin v1.9.1/go.mod h1:hPrL7YrpYKXt5YId3A/Tnip5kqbEAP+KLuI3SUcPTeU=
       github.com/pinned/lib v1.0.1 h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
       github.com/pinned/lib v1.0.1/go.mod h1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=
      "
    `);
    expect(plan.ok && plan.notes[0]).toContain("go.sum has no hashes for github.com/gin-gonic/gin v1.10.0");
    const after = applyPlan(go, plan);
    expect(parsedVersions(after, "go.mod")).toContain("github.com/gin-gonic/gin@v1.10.0");
  });

  it("moves an indirect require in a block, keeping the comment; go.sum already has the new hashes", () => {
    const plan = planDependencyUpgrade(
      module("golang.org/x/crypto", "v0.14.0", "v0.17.0", "go.sum"),
      reader(go),
    );
    expect(plan.ok && renderUpgradeDiff(plan.changes)).toMatchInlineSnapshot(`
      "--- a/go.mod
      +++ b/go.mod
      @@ -6,7 +6,7 @@
       	github.com/gin-gonic/gin v1.9.1
       	github.com/pinned/lib v1.0.0
       	github.com/local/shared v0.3.0
      -	golang.org/x/crypto v0.14.0 // indirect
      +	golang.org/x/crypto v0.17.0 // indirect
       )
       
       require golang.org/x/net v0.17.0 // indirect
      --- a/go.sum
      +++ b/go.sum
      @@ -2,7 +2,6 @@
       github.com/gin-gonic/gin v1.9.1/go.mod h1:hPrL7YrpYKXt5YId3A/Tnip5kqbEAP+KLuI3SUcPTeU=
       github.com/pinned/lib v1.0.1 h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
       github.com/pinned/lib v1.0.1/go.mod h1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=
      -golang.org/x/crypto v0.14.0 h1:wBqGXzWJW6m1XrIKlAH0Hs1JJ7+9KBwnIO8v66Q9cHc=
       golang.org/x/crypto v0.14.0/go.mod h1:MVFd36DqK4CsrnJYDkBA3VC4m2GkXAM0PvzMCn4JQf4=
       golang.org/x/crypto v0.17.0 h1:r8bRNjWL3GshPW3gkd+RpvzWrZAwPS49OmTGZ/uhM4k=
       golang.org/x/crypto v0.17.0/go.mod h1:gCAAfMLgwOJRpTjQ2zCCt2OcSfYMTeZVSRtQlPC7Nq4=
      "
    `);
    expect(plan.ok && plan.notes.some((note) => note.includes("has no hashes"))).toBe(false);
    const after = applyPlan(go, plan);
    expect(parsedVersions(after, "go.mod")).toContain("golang.org/x/crypto@v0.17.0");
    expect(parsedVersions(after, "go.sum")).not.toContain("golang.org/x/crypto@v0.14.0");
  });

  it("moves a single-line indirect require", () => {
    const plan = planDependencyUpgrade(module("golang.org/x/net", "v0.17.0", "0.23.0"), reader(go));
    expect(plan.ok && plan.changes[0]!.after).toContain("\nrequire golang.org/x/net v0.23.0 // indirect\n");
  });

  it("moves the replace directive that pins the module, not the require it overrides", () => {
    const plan = planDependencyUpgrade(module("github.com/pinned/lib", "v1.0.1", "1.0.2"), reader(go));
    expect(plan.ok && plan.changes[0]!.after).toContain(
      "\nreplace github.com/pinned/lib => github.com/pinned/lib v1.0.2\n",
    );
    expect(plan.ok && plan.changes[0]!.after).toContain("\tgithub.com/pinned/lib v1.0.0\n");
    expect(parsedVersions(applyPlan(go, plan), "go.mod")).toContain("github.com/pinned/lib@v1.0.2");
  });

  it("adds +incompatible to a v2+ version of a module without a /vN path", () => {
    const files = new Map([["go.mod", "module x\n\nrequire github.com/old/style v1.5.0\n"]]);
    const plan = planDependencyUpgrade(module("github.com/old/style", "v1.5.0", "2.0.1"), reader(files));
    expect(plan.ok && plan.changes[0]!.after).toBe(
      "module x\n\nrequire github.com/old/style v2.0.1+incompatible\n",
    );
    expect(plan.ok && plan.notes).toContain("There is no go.sum: `go mod tidy` creates it.");
  });

  it("refuses a local replacement, another major version's path, a downgrade and a missing module", () => {
    expect(planDependencyUpgrade(module("github.com/local/shared", "v0.3.0", "0.4.0"), reader(go))).toEqual({
      ok: false,
      reason:
        "go.mod:18: github.com/local/shared is replaced by ../shared (a local directory); upgrade or remove the replace directive by hand",
    });
    expect(planDependencyUpgrade(module("gopkg.in/yaml.v3", "v3.0.0", "4.0.0"), reader(go))).toEqual({
      ok: false,
      reason: "v4.0.0 is not a version of gopkg.in/yaml.v3 (its path fixes major version 3)",
    });
    expect(planDependencyUpgrade(module("golang.org/x/crypto", "v0.14.0", "0.13.0"), reader(go)).ok).toBe(
      false,
    );
    expect(planDependencyUpgrade(module("golang.org/x/text", "v0.3.0", "0.3.8"), reader(go))).toEqual({
      ok: false,
      reason: "go.mod does not require golang.org/x/text v0.3.0",
    });
    expect(planDependencyUpgrade(module("golang.org/x/text", "v0.3.0", "0.3.8"), reader(new Map()))).toEqual({
      ok: false,
      reason: "go.mod not found",
    });
    const broken = new Map([["go.mod", "module x\nrequire (\n\tgolang.org/x/text v0.3.0\n"]]);
    expect(planDependencyUpgrade(module("golang.org/x/text", "v0.3.0", "0.3.8"), reader(broken))).toEqual({
      ok: false,
      reason: "go.mod: invalid go.mod: unterminated require block",
    });
  });
});
