// Walks the production registry: every rule is registered once, documented, and its fixtures pass.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { allRules, analyzers } from "../src/all-analyzers.ts";
import { checkRuleFixes, checkRuleFixtures } from "./fixture-harness.ts";
import { checkRegistry } from "./registry-check.ts";

const analyzersRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "analyzers");

// A scan runs `prepare` once per worker before any parse (e.g. to load a WASM grammar); so must the fixtures.
beforeAll(async () => {
  for (const analyzer of analyzers) await analyzer.prepare?.();
});

describe("registry", () => {
  it("is consistent", () => {
    expect(checkRegistry(analyzers, (analyzer) => join(analyzersRoot, analyzer.id))).toEqual([]);
  });
});

for (const analyzer of analyzers) {
  describe(`fixtures of ${analyzer.id}`, () => {
    for (const rule of allRules([analyzer])) {
      it(rule.id, () => {
        const report = checkRuleFixtures(analyzer, join(analyzersRoot, analyzer.id), rule);
        expect(report.errors).toEqual([]);
      });
    }
  });
}

for (const analyzer of analyzers) {
  const fixable = allRules([analyzer]).filter((rule) => rule.fixable);
  if (fixable.length === 0) continue;
  describe(`fixes of ${analyzer.id}`, () => {
    for (const rule of fixable) {
      it(`${rule.id}: applying its fixes to its fixtures removes exactly the fixed findings`, () => {
        const report = checkRuleFixes(analyzer, join(analyzersRoot, analyzer.id), rule);
        expect(report.errors).toEqual([]);
        expect(report.fixed).toBeGreaterThan(0);
      });
    }
  });
}
