import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReadSibling } from "./common.ts";
import { MANIFEST_FORMATS, manifestFormatFor, parseManifest } from "./index.ts";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

/** Every fixture file a format reads, relative to its fixture folder, with a sibling reader. */
function fixtureManifests(): { file: string; text: string; readSibling: ReadSibling }[] {
  const found: { file: string; text: string; readSibling: ReadSibling }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (manifestFormatFor(path.relative(FIXTURES, full))) {
        const root = path.join(FIXTURES, path.relative(FIXTURES, full).split(path.sep)[0]!);
        found.push({
          file: path.relative(root, full),
          text: readFileSync(full, "utf8"),
          readSibling: (relative) => {
            try {
              return readFileSync(path.join(root, relative), "utf8");
            } catch {
              return undefined;
            }
          },
        });
      }
    }
  };
  walk(FIXTURES);
  return found;
}

const EXAMPLES = MANIFEST_FORMATS.flatMap((format) =>
  format.examples.map((path) => ({ path, id: format.id })),
);

describe("recordsLicenses", () => {
  it("is set exactly on the formats whose fixtures yield licences", () => {
    const yielding = new Set<string>();
    for (const { file, text, readSibling } of fixtureManifests()) {
      const outcome = parseManifest(file, text, readSibling);
      if (outcome?.ok && outcome.packages.some((pkg) => pkg.license !== undefined))
        yielding.add(manifestFormatFor(file)!.id);
    }
    const declared = MANIFEST_FORMATS.filter((format) => format.recordsLicenses).map((format) => format.id);
    expect([...yielding].sort()).toEqual(declared.sort());
    expect(declared.sort()).toEqual(["composer.lock", "package-lock.json"]);
  });
});

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
