import { describe, expect, it } from "vitest";
import { parseSource, registerLanguages } from "./analyzers/sast/model.ts";
import { releaseFreeMallocPages } from "./malloc-trim.ts";
import {
  hasParsedLargeTree,
  noteParsedText,
  parsedSinceCollection,
  releaseSyntaxTrees,
  TRIM_AFTER_TREE_OF,
} from "./native-memory.ts";
import { SourceFile } from "./source.ts";

describe("releaseSyntaxTrees", () => {
  it("counts the text parsed into trees and starts over once it collects", async () => {
    await registerLanguages();
    await releaseSyntaxTrees(0);
    const text = "def handler(request):\n    return request.args['q']\n";
    expect(parseSource(new SourceFile("app.py", text)).ok).toBe(true);
    expect(parsedSinceCollection()).toBe(text.length);
    await releaseSyntaxTrees(text.length + 1);
    expect(parsedSinceCollection()).toBe(text.length);
    await releaseSyntaxTrees(text.length);
    expect(parsedSinceCollection()).toBe(0);
  });

  it("watches the process's growth only once a large tree was parsed", async () => {
    // small files' trees are freed at the budget's pace; the growth check is for large trees
    noteParsedText(TRIM_AFTER_TREE_OF - 1);
    expect(hasParsedLargeTree()).toBe(false);
    noteParsedText(TRIM_AFTER_TREE_OF);
    expect(hasParsedLargeTree()).toBe(true);
    await releaseSyntaxTrees(0);
    expect(hasParsedLargeTree()).toBe(true);
  });
});

describe("releaseFreeMallocPages", () => {
  it("trims malloc's arenas on Linux with glibc and does nothing elsewhere", () => {
    const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: unknown } };
    const glibc = process.platform === "linux" && typeof report.header?.glibcVersionRuntime === "string";
    expect(releaseFreeMallocPages()).toBe(glibc);
  });
});
