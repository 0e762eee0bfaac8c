import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Finding } from "./finding.ts";
import { applyEdits, planFixes, unifiedDiff } from "./fix.ts";

describe("applyEdits", () => {
  it("replaces byte ranges, in any order, with multi-byte text", () => {
    const bytes = Buffer.from("héllo wörld\n", "utf8");
    // "héllo" is 6 bytes; "wörld" starts at byte 7
    const result = applyEdits(bytes, [
      { start: 7, end: 13, text: "earth" },
      { start: 0, end: 0, text: "» " },
    ]);
    expect(result).toEqual({ ok: true, bytes: Buffer.from("» héllo earth\n", "utf8") });
  });

  it("refuses overlaps, two insertions at one point and ranges past the end", () => {
    const bytes = Buffer.from("abcdef");
    expect(
      applyEdits(bytes, [
        { start: 1, end: 3, text: "" },
        { start: 2, end: 4, text: "" },
      ]).ok,
    ).toBe(false);
    expect(
      applyEdits(bytes, [
        { start: 2, end: 2, text: "x" },
        { start: 2, end: 2, text: "y" },
      ]).ok,
    ).toBe(false);
    expect(applyEdits(bytes, [{ start: 5, end: 9, text: "" }]).ok).toBe(false);
    expect(
      applyEdits(bytes, [
        { start: 1, end: 2, text: "B" },
        { start: 2, end: 3, text: "C" },
      ]),
    ).toEqual({
      ok: true,
      bytes: Buffer.from("aBCdef"),
    });
  });
});

function fixable(
  path: string,
  start: number,
  end: number,
  text: string,
  extra: Partial<Finding> = {},
): Finding {
  return {
    ruleId: "a/b",
    analyzer: "a",
    severity: "high",
    confidence: "high",
    message: "m",
    location: { path, line: 1, column: 1, snippet: "" },
    related: [],
    fingerprint: "f",
    fix: { description: "d", path, edits: [{ start, end, text }] },
    ...extra,
  };
}

describe("planFixes", () => {
  it("applies non-overlapping fixes whole, skips overlapping and suppressed ones", () => {
    const files = new Map([["a.tf", Buffer.from("enabled = false\nlevel = 1\n")]]);
    const findings = [
      fixable("a.tf", 10, 15, "true"),
      fixable("a.tf", 12, 14, "??"),
      fixable("a.tf", 24, 25, "2"),
      fixable("a.tf", 16, 21, "LEVEL", { suppression: { kind: "inline", reason: "r", source: "s" } }),
      fixable("gone.tf", 0, 1, "x"),
    ];
    const [patch, missing] = planFixes(findings, (path) => files.get(path));
    expect(patch!.after.toString()).toBe("enabled = true\nlevel = 2\n");
    expect(patch!.applied).toHaveLength(2);
    expect(patch!.skipped.map((item) => item.reason)).toEqual(["overlaps another fix in this run"]);
    expect(missing!.skipped.map((item) => item.reason)).toEqual(["file cannot be read"]);
  });

  it("places fixes after a UTF-8 byte-order mark, which the scan's text does not hold", () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const files = new Map([["a.tf", Buffer.concat([bom, Buffer.from("enabled = false\n")])]]);
    const [patch] = planFixes([fixable("a.tf", 10, 15, "true")], (path) => files.get(path));
    expect(patch!.after).toEqual(Buffer.concat([bom, Buffer.from("enabled = true\n")]));
  });

  it("leaves a file that is not exactly UTF-8 alone rather than edit the wrong bytes", () => {
    const files = new Map([
      ["latin1.tf", Buffer.from("# caf\xe9\nenabled = false\n", "latin1")],
      ["utf16.tf", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("enabled = false\n", "utf16le")])],
    ]);
    for (const path of files.keys()) {
      const [patch] = planFixes([fixable(path, 16, 21, "true")], (file) => files.get(file));
      expect(patch!.after).toEqual(files.get(path));
      expect(patch!.skipped.map((item) => item.reason)).toEqual([
        "the file is not UTF-8 text, so its fix cannot be placed",
      ]);
    }
  });

  it("makes an edit shared by two fixes (the same added import) once", () => {
    const files = new Map([
      ["a.py", Buffer.from("import random\na = random.choice(x)\nb = random.choice(y)\n")],
    ]);
    const withImport = (start: number, end: number): Finding => {
      const finding = fixable("a.py", start, end, "secrets.choice");
      finding.fix!.edits.unshift({ start: 14, end: 14, text: "import secrets\n" });
      return finding;
    };
    const [patch] = planFixes([withImport(18, 31), withImport(39, 52)], (path) => files.get(path));
    expect(patch!.skipped).toEqual([]);
    expect(patch!.after.toString()).toBe(
      "import random\nimport secrets\na = secrets.choice(x)\nb = secrets.choice(y)\n",
    );
  });
});

describe("unifiedDiff", () => {
  it("renders hunks with context like diff -u", () => {
    const before = `${["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].join("\n")}\n`;
    const after = before.replace("b\n", "B\n").replace("j\n", "j");
    expect(unifiedDiff("x.tf", before, after)).toBe(
      [
        "--- a/x.tf",
        "+++ b/x.tf",
        "@@ -1,5 +1,5 @@",
        " a",
        "-b",
        "+B",
        " c",
        " d",
        " e",
        "@@ -7,4 +7,4 @@",
        " g",
        " h",
        " i",
        "-j",
        "+j",
        "\\ No newline at end of file",
        "",
      ].join("\n"),
    );
    expect(unifiedDiff("x", "same\n", "same\n")).toBe("");
  });

  it("produces patches that `patch` applies exactly (property)", () => {
    const dir = mkdtempSync(join(tmpdir(), "rampart-diff-"));
    const line = fc.constantFrom("a", "b", "c", "key = 1", "", "  indented");
    const text = fc
      .tuple(fc.array(line, { maxLength: 25 }), fc.boolean())
      .map(([lines, newline]) => (lines.length === 0 ? "" : lines.join("\n") + (newline ? "\n" : "")));
    try {
      fc.assert(
        fc.property(text, text, (before, after) => {
          const file = join(dir, "f.txt");
          writeFileSync(file, before);
          const diff = unifiedDiff("f.txt", before, after);
          if (diff === "") return before === after;
          const run = spawnSync("patch", ["-s", "-p1", "-d", dir, "--no-backup-if-mismatch", "-r", "-"], {
            input: diff,
            encoding: "utf8",
          });
          expect(run.status, `${run.stdout}${run.stderr}\n${diff}`).toBe(0);
          expect(readFileSync(file, "utf8")).toBe(after);
        }),
        { numRuns: 60 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
