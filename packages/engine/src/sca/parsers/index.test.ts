import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReadSibling } from "./common.ts";
import { MANIFEST_FORMAT_OUTLINES } from "./formats.ts";
import {
  isSniffCandidate,
  MANIFEST_FORMATS,
  MANIFEST_PARSERS,
  manifestFormatById,
  manifestFormatFor,
  parseManifest,
  SNIFF_CHARS,
} from "./index.ts";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

describe("format table", () => {
  it("has one parser per format the classifier recognises, and no other", () => {
    const ids = MANIFEST_FORMAT_OUTLINES.map((format) => format.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(MANIFEST_PARSERS).sort()).toEqual([...ids].sort());
    expect(MANIFEST_FORMATS.map((format) => format.id)).toEqual(ids);
  });
});

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

// The fuzz runs share the CPU with the rest of the suite; their budget is generous on purpose.
const FUZZ_TIMEOUT_MS = 60_000;

describe("parseManifest", () => {
  it("routes every documented example to its format and ignores other files", () => {
    for (const { path, id } of EXAMPLES) expect(manifestFormatFor(path)?.id, path).toBe(id);
    expect(parseManifest("src/index.ts", "")).toBeUndefined();
    expect(manifestFormatFor("notes/requirements.md")).toBeUndefined();
  });

  it(
    "never throws on random text, for every format",
    () => {
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
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "never throws on random JSON, for every format",
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...EXAMPLES), fc.json(), ({ path }, text) => {
          const outcome = parseManifest(path, text, () => text);
          if (outcome && !outcome.ok) expect(outcome.reason).not.toContain("crashed");
        }),
        { numRuns: 400 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe("hostile long lines", () => {
  // Runs of the characters the formats' line regexes and sniffs are built from: a regex that
  // backtracks on them would take seconds here instead of milliseconds.
  const RUN = 20_000;
  const HOSTILE = [
    "a-".repeat(RUN),
    `  - ${"a".repeat(RUN)} (`,
    `  "${"a".repeat(RUN)}": {:hex, :${"a".repeat(RUN)}`,
    `    hackage: ${"a-aa".repeat(RUN / 4)}!`,
    `constraints: any.${"a".repeat(RUN)} ==${"1.".repeat(RUN / 2)}x`,
    `{"name": "${'\\"'.repeat(RUN / 2)}`,
    "#\n".repeat(RUN),
    `${'[[package]]\nname = "a"\n'.repeat(RUN / 20)}`,
    `<verification-metadata><components>${"<component ".repeat(RUN / 20)}`,
    `{"1.2.0",\n[${'{<<"a">>,{pkg,<<"a">>,<<"1'.repeat(RUN / 20)}`,
    `opam-version: "2.0"\ndepends: [${' "a" {= "1'.repeat(RUN / 10)}`,
    `opam-version: "2.0"\ndepends: [${"{".repeat(RUN)}`,
    `manifest_format = "2.0"\n${"[[deps.a]]\n".repeat(RUN / 10)}`,
  ];

  it(
    "every format and every sniff reads them in bounded time",
    () => {
      for (const format of MANIFEST_FORMATS) {
        for (const text of HOSTILE) {
          const started = performance.now();
          format.sniff?.test(text.slice(0, SNIFF_CHARS));
          parseManifest(format.examples[0]!, text, () => undefined, format);
          expect(
            performance.now() - started,
            `${format.id} on ${JSON.stringify(text.slice(0, 30))}`,
          ).toBeLessThan(2000);
        }
      }
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe("recognition by content", () => {
  const sniffed = (file: string) => readFileSync(path.join(FIXTURES, "sniffed", file), "utf8");

  it("reads renamed copies as the format their content shows, and parses them", () => {
    const expected: Record<string, string> = {
      "package-lock.prod.json": "package-lock.json",
      "npm-requires-first.json": "package-lock.json",
      "yarn-v1-backup.lock": "yarn.lock",
      "yarn-berry.lock": "yarn.lock",
      "cabal.project.freeze.old": "cabal.project.freeze",
      "Cargo.lock.orig": "Cargo.lock",
      "Gemfile.next.lock": "Gemfile.lock",
      "gems-reordered.lock": "Gemfile.lock",
      "conan-old.lock": "conan.lock",
      "packrat.lock.bak": "packrat.lock",
      "paket.lock.orig": "paket.lock",
      "pubspec.old.lock": "pubspec.lock",
      "deps/locked.txt": "requirements.txt",
      "deno-backup.lock": "deno.lock",
      "rebar.lock.orig": "rebar.lock",
      "Manifest.old.toml": "Manifest.toml",
      "weather.locked.bak": "opam.locked",
    };
    for (const [file, id] of Object.entries(expected)) {
      const text = sniffed(file);
      expect(manifestFormatFor(`sniffed/${file}`), file).toBeUndefined();
      expect(manifestFormatFor(`sniffed/${file}`, text)?.id, file).toBe(id);
      const outcome = parseManifest(`sniffed/${file}`, text);
      expect(outcome?.ok && outcome.packages.length > 0, file).toBe(true);
    }
  });

  it("leaves look-alikes alone: a tsconfig with a lockfileVersion key, prose naming a pin", () => {
    expect(manifestFormatFor("sniffed/tsconfig.json", sniffed("tsconfig.json"))).toBeUndefined();
    expect(manifestFormatFor("sniffed/notes.txt", sniffed("notes.txt"))).toBeUndefined();
    // A versioned JSON document with a `packages` list is not a deno.lock v3.
    expect(manifestFormatFor("catalog.json", '{"version": "3", "packages": ["a", "b"]}')).toBeUndefined();
    expect(manifestFormatFor("catalog.json", '{"version": "3", "packages": {"specifiers": {}}}')?.id).toBe(
      "deno.lock",
    );
  });

  it("prefers the name, and sniffs only data and lock files, only their head", () => {
    const yarnText = sniffed("yarn-v1-backup.lock");
    expect(manifestFormatFor("Cargo.lock", yarnText)?.id).toBe("Cargo.lock");
    expect(manifestFormatFor("src/yarn.ts", yarnText)).toBeUndefined();
    expect(isSniffCandidate("vendor/Gemfile.lock.orig")).toBe(true);
    expect(isSniffCandidate("README.md")).toBe(false);
    expect(
      manifestFormatFor("late.lock", `${" ".repeat(SNIFF_CHARS)}\n# yarn lockfile v1\n`),
    ).toBeUndefined();
  });

  it("no fixture of any analyzer is taken for a lockfile", () => {
    const analyzers = path.join(import.meta.dirname, "../../analyzers");
    const taken: string[] = [];
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) visit(full);
        else if (full.includes(`${path.sep}fixtures${path.sep}`) && !manifestFormatFor(full)) {
          const format = manifestFormatFor(full, readFileSync(full, "utf8"));
          if (format) taken.push(`${path.relative(analyzers, full)}: ${format.id}`);
        }
      }
    };
    visit(analyzers);
    expect(taken).toEqual([]);
  });
});

describe("manifestFormatById", () => {
  it("finds a format by its id, in any case", () => {
    expect(manifestFormatById("poetry.lock")?.id).toBe("poetry.lock");
    expect(manifestFormatById("podfile.lock")?.id).toBe("Podfile.lock");
    expect(manifestFormatById("poetry")).toBeUndefined();
  });
});
