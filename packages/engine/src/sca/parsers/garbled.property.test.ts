// Property: a real lockfile garbled by random edits (truncation, deleted spans, inserted noise
// and structural characters, duplicated spans) never makes a parser throw. `parseManifest`
// turns a throw into a "crashed" reason, so a crash shows up as that reason here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { manifestFormatFor, parseManifest } from "./index.ts";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

function fixtureFiles(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const relative = path.relative(FIXTURES, full).split(path.sep).join("/");
      if (statSync(full).isDirectory()) walk(full);
      else if (manifestFormatFor(relative)) found.push({ file: relative, text: readFileSync(full, "utf8") });
    }
  };
  walk(FIXTURES);
  return found;
}

// Characters that open, close or separate structure in the formats read here.
const STRUCTURAL = fc.constantFrom(..."{}[]()<>\"'`:,=#\n\r\t -@_.~%*\\/|&!".split(""));
const NOISE = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: STRUCTURAL, maxLength: 12 }));

type Edit =
  | { kind: "delete"; at: number; length: number }
  | { kind: "insert"; at: number; text: string }
  | { kind: "duplicate"; at: number; length: number }
  | { kind: "truncate"; at: number };

const EDIT: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: NOISE }),
  fc.record({
    kind: fc.constant("duplicate" as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

function garble(text: string, edits: readonly Edit[]): string {
  let result = text;
  for (const edit of edits) {
    const at = result.length === 0 ? 0 : edit.at % (result.length + 1);
    if (edit.kind === "delete") result = result.slice(0, at) + result.slice(at + edit.length);
    else if (edit.kind === "insert") result = result.slice(0, at) + edit.text + result.slice(at);
    else if (edit.kind === "duplicate")
      result = result.slice(0, at) + result.slice(at, at + edit.length) + result.slice(at);
    else result = result.slice(0, at);
  }
  return result;
}

describe("garbled lockfiles", () => {
  const fixtures = fixtureFiles();

  it("finds a fixture for the formats read since issue 21", () => {
    const ids = new Set(fixtures.map(({ file }) => manifestFormatFor(file)!.id));
    for (const id of [
      "deno.lock",
      "rebar.lock",
      "Manifest.toml",
      "opam.locked",
      "go.work",
      "bun.lockb",
      "packrat.lock",
      "paket.lock",
    ])
      expect(ids, id).toContain(id);
  });

  it("never crash a parser, whatever the edits", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtures),
        fc.array(EDIT, { minLength: 1, maxLength: 6 }),
        ({ file, text }, edits) => {
          const garbled = garble(text, edits);
          const outcome = parseManifest(file, garbled, () => garbled);
          expect(outcome).toBeDefined();
          if (outcome && !outcome.ok) expect(outcome.reason).not.toContain("crashed");
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);
});
