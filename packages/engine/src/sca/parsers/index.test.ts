import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MANIFEST_FORMATS, manifestFormatFor, parseManifest } from "./index.ts";

const EXAMPLES = MANIFEST_FORMATS.flatMap((format) =>
  format.examples.map((path) => ({ path, id: format.id })),
);

describe("parseManifest", () => {
  it("routes every documented example to its format and ignores other files", () => {
    for (const { path, id } of EXAMPLES) expect(manifestFormatFor(path)?.id, path).toBe(id);
    expect(parseManifest("src/index.ts", "")).toBeUndefined();
    expect(manifestFormatFor("notes/requirements.md")).toBeUndefined();
  });

  it("never throws on random text, for every format", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXAMPLES),
        fc.string({ unit: "binary", maxLength: 300 }),
        ({ path }, text) => {
          const outcome = parseManifest(path, text, () => text);
          expect(outcome).toBeDefined();
          if (outcome && !outcome.ok) expect(outcome.reason).not.toContain("crashed");
        },
      ),
      { numRuns: 400 },
    );
  });

  it("never throws on random JSON, for every format", () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLES), fc.json(), ({ path }, text) => {
        const outcome = parseManifest(path, text, () => text);
        if (outcome && !outcome.ok) expect(outcome.reason).not.toContain("crashed");
      }),
      { numRuns: 400 },
    );
  });
});
