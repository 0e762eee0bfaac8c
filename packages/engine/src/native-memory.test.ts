import { describe, expect, it } from "vitest";
import { parseSource, registerLanguages } from "./analyzers/sast/model.ts";
import { releaseFreeMallocPages } from "./malloc-trim.ts";
import { parsedSinceCollection, releaseSyntaxTrees } from "./native-memory.ts";
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
});

describe("releaseFreeMallocPages", () => {
  it("trims malloc's arenas on Linux with glibc and does nothing elsewhere", () => {
    const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: unknown } };
    const glibc = process.platform === "linux" && typeof report.header?.glibcVersionRuntime === "string";
    expect(releaseFreeMallocPages()).toBe(glibc);
  });
});
