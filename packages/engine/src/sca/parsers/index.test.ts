import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MANIFEST_FORMATS, manifestFormatFor, parseManifest } from "./index.ts";

const SAMPLE_PATHS = ["package-lock.json", "web/npm-shrinkwrap.json"];

describe("parseManifest", () => {
  it("routes file names to formats and ignores others", () => {
    for (const path of SAMPLE_PATHS) expect(manifestFormatFor(path), path).toBeDefined();
    expect(parseManifest("src/index.ts", "")).toBeUndefined();
  });

  it("never throws on random input, for every format", () => {
    const paths = MANIFEST_FORMATS.map((format) => SAMPLE_PATHS.find((path) => format.match(path))!);
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.string({ unit: "binary" }), (path, text) => {
        const outcome = parseManifest(path, text, () => text);
        expect(outcome).toBeDefined();
        if (outcome && !outcome.ok) expect(outcome.reason).not.toContain("crashed");
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on mutated fixtures-like input", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SAMPLE_PATHS), fc.json(), (path, text) => {
        const outcome = parseManifest(path, text);
        if (outcome && !outcome.ok) expect(outcome.reason).not.toContain("crashed");
      }),
      { numRuns: 300 },
    );
  });
});
