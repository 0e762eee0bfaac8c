// The registry's outlines stand in for the analyzers until a scan loads them: planning, config
// checks and `rampart rules` read them. These tests hold each outline to its analyzer's code.
import { describe, expect, it } from "vitest";
import { analyzeProject } from "./analyze.ts";
import { outlineOf } from "./analyzer-outline.ts";
import { analyzerEntries } from "./registry.ts";

describe("registry outlines", () => {
  it("lists each analyzer once, in its own folder's catalogue", () => {
    const ids = analyzerEntries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const entry of analyzerEntries) {
    it(`${entry.id}: the catalogue says what the analyzer's code says (run npm run catalogue if not)`, async () => {
      const analyzer = await entry.load();
      const { load: _load, ...outline } = entry;
      expect(outline).toEqual(outlineOf(analyzer));
    });
  }

  // A scan does not load an analyzer that no file of the scan can go to, so it skips that
  // analyzer's cross-file phase: which must then have had nothing to say.
  for (const entry of analyzerEntries) {
    it(`${entry.id}: project rules report nothing and miss nothing over no files`, async () => {
      const analyzer = await entry.load();
      const result = analyzeProject(analyzer, [], () => "");
      expect(result).toEqual({ findings: [], problems: [] });
    });
  }
});
