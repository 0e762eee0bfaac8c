import { unifiedDiff } from "@rampart/engine/fix";
import { describe, expect, it } from "vitest";
import { asLineReplacement, newSideLines, parseHunks } from "./unified-diff.ts";

// A pull-request file patch as GitHub's API returns it: hunks only, no file headers.
const PR_PATCH = `@@ -1,4 +1,5 @@
 resource "aws_s3_bucket" "logs" {
-  bucket = "logs"
+  bucket = "app-logs"
+  acl    = "public-read"
 }
 
@@ -10,2 +11,3 @@ variable "x" {
 a
+b
 c`;

describe("parseHunks and newSideLines", () => {
  it("numbers both sides of every hunk", () => {
    const hunks = parseHunks(PR_PATCH);
    expect(hunks).toHaveLength(2);
    expect(hunks[0]![1]).toEqual({ kind: "-", oldLine: 2, text: '  bucket = "logs"' });
    expect(hunks[0]![3]).toEqual({ kind: "+", newLine: 3, text: '  acl    = "public-read"' });
    expect(hunks[1]![1]).toEqual({ kind: "+", newLine: 12, text: "b" });
  });

  it("tells added lines from the lines the diff merely shows", () => {
    const { added, shown } = newSideLines(PR_PATCH);
    expect([...added]).toEqual([2, 3, 12]);
    expect([...shown].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 11, 12, 13]);
  });
});

describe("asLineReplacement", () => {
  it("turns a fix's one-hunk patch into a replacement of the lines it changes", () => {
    const before = 'a\nb\nresource "x" {\n  acl = "public-read"\n}\nc\n';
    const after = 'a\nb\nresource "x" {\n  acl = "private"\n}\nc\n';
    expect(asLineReplacement(unifiedDiff("main.tf", before, after))).toEqual({
      startLine: 4,
      endLine: 4,
      replacement: '  acl = "private"',
    });
  });

  it("anchors an insertion on the line before it", () => {
    const before = "FROM node:20\nCMD node app.js\n";
    const after = "FROM node:20\nUSER node\nCMD node app.js\n";
    expect(asLineReplacement(unifiedDiff("Dockerfile", before, after))).toEqual({
      startLine: 1,
      endLine: 1,
      replacement: "FROM node:20\nUSER node",
    });
  });

  it("spans a change of several lines, and gives up on several hunks", () => {
    const before = "1\n2\n3\n4\n";
    const after = "1\ntwo\n3\nfour\n";
    expect(asLineReplacement(unifiedDiff("f", before, after))).toEqual({
      startLine: 2,
      endLine: 4,
      replacement: "two\n3\nfour",
    });
    const far = Array.from({ length: 30 }, (_, i) => `${i}`).join("\n");
    expect(asLineReplacement(unifiedDiff("f", far, far.replace("1\n", "one\n").replace("28", "x")))).toBe(
      undefined,
    );
  });
});
