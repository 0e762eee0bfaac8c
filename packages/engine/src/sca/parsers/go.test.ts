import { describe, expect, it } from "vitest";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parseGoMod, parseGoSum, parseGoWork } from "./go.ts";

describe("Go modules", () => {
  it("go.mod: require blocks, indirect, replace (versioned, unversioned, local), exclude", () => {
    const outcome = parseFixture(parseGoMod, "go/app/go.mod");
    expect(rows(outcome)).toEqual([
      "github.com/gin-gonic/gin@v1.9.1 direct prod :8",
      "golang.org/x/crypto@v0.17.0 transitive prod :10",
      "github.com/new/lib@v1.1.0 direct prod :11",
      "gopkg.in/yaml.v3@v3.0.1 transitive prod :14",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:golang/github.com/gin-gonic/gin@v1.9.1");
    expect(outcome.warnings).toEqual([
      expect.stringContaining("github.com/acme/shared: replaced by the local directory"),
    ]);
  });

  it("go.sum: code hashes only, de-duplicated, direct from go.mod", () => {
    expect(rows(parseFixture(parseGoSum, "go/app/go.sum"))).toEqual([
      "github.com/gin-gonic/gin@v1.9.1 direct prod :1",
      "golang.org/x/crypto@v0.17.0 transitive prod :4",
      "gopkg.in/yaml.v3@v3.0.1 transitive prod :6",
    ]);
  });

  it("refuses a broken go.mod and a go.sum that is not one", () => {
    expect(parseFixture(parseGoMod, "go/broken/go.mod")).toEqual({
      ok: false,
      reason: "go/broken/go.mod: invalid go.mod: unterminated require block",
    });
    expect(parseGoSum("go.sum", "hello world\n").ok).toBe(false);
  });

  it("reads a go.mod without a module directive, with a warning", () => {
    const outcome = parseGoMod(
      "go.mod",
      "require (\n    golang.org/x/net v1.2.3\n    golang.org/x/net v0.5.6\n)\n\nreplace golang.org/x/net => example.com/fork/net v1.4.5\n",
    );
    expect(rows(outcome)).toEqual(["example.com/fork/net@v1.4.5 direct prod :2"]);
    if (outcome.ok) expect(outcome.warnings).toEqual(["no module directive"]);
  });

  it("go.work: versioned replace targets only; use and local replacements are the project's own code", () => {
    const outcome = parseFixture(parseGoWork, "go-work/go.work");
    expect(rows(outcome)).toEqual([
      "golang.org/x/net@v0.23.0 transitive prod :13",
      "github.com/gorilla/websocket@v1.5.1 transitive prod :17",
    ]);
    if (outcome.ok) expect(outcome.warnings).toEqual([]);
    expect(parseGoWork("go.work", "use (\n./a\n")).toEqual({
      ok: false,
      reason: "go.work: invalid go.work: unterminated use block",
    });
    expect(parseGoWork("go.work", "module x\n").ok).toBe(false);
  });
});
