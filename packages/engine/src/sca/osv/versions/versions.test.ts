import { compare as pep440Compare } from "@renovatebot/pep440";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseEcosystem, versionOrderFor } from "./index.ts";

/** Each inner array holds versions that compare equal; the groups are in ascending order. */
const ORDERED: Record<string, string[][]> = {
  npm: [
    ["1.0.0-alpha"],
    ["1.0.0-alpha.1"],
    ["1.0.0-alpha.beta"],
    ["1.0.0-beta"],
    ["1.0.0-beta.2"],
    ["1.0.0-beta.11"],
    ["1.0.0-rc.1"],
    ["1.0.0", "1.0.0+build.5", "1.0", "1"],
    ["1.0.1"],
    ["1.2.0"],
    ["1.10.0"],
    ["10.0.0"],
  ],
  PyPI: [
    ["0.9"],
    ["1.0.dev0"],
    ["1.0a1.dev1"],
    ["1.0a1", "1.0alpha1", "1.0.a1"],
    ["1.0a2"],
    ["1.0b1"],
    ["1.0rc1", "1.0c1", "1.0pre1"],
    ["1.0", "1.0.0", "1.0.0.0"],
    ["1.0+abc"],
    ["1.0+abc.5"],
    ["1.0+1"],
    ["1.0.post1.dev1"],
    ["1.0.post1", "1.0-1", "1.0.post-1"],
    ["1.1"],
    ["2.0"],
    ["1!0.1"],
  ],
  Go: [
    ["v0.0.0-20200101000000-abcdef123456"],
    ["v0.0.0-20210101000000-abcdef123456"],
    ["v0.1.0"],
    ["v1.2.3", "1.2.3"],
    ["v1.2.4-0.20210101000000-abcdef123456"],
    ["v1.2.4-pre"],
    ["v1.2.4-pre.0.20210101000000-abcdef123456"],
    ["v1.2.4"],
    ["v1.20.0", "go1.20", "go1.20.0"],
    ["v2.0.0+incompatible", "v2.0.0"],
  ],
  // from Maven's own ComparableVersionTest (VERSIONS_QUALIFIER)
  Maven: [
    ["1-alpha2snapshot"],
    ["1-alpha2", "1a2", "1-alpha-2", "1.0-alpha2"],
    ["1-alpha-123"],
    ["1-beta-2"],
    ["1-beta123"],
    ["1-m2"],
    ["1-m11"],
    ["1-rc"],
    ["1-cr2", "1-rc2"],
    ["1-rc123"],
    ["1-SNAPSHOT"],
    ["1", "1.0", "1.0.0", "1-ga", "1.ga", "1-final", "1.0.Final", "1-release"],
    ["1-sp"],
    ["1-sp2"],
    ["1-sp123"],
    ["1-abc"],
    ["1-def"],
    ["1-pom-1"],
    ["1-1-snapshot"],
    ["1-1"],
    ["1-2"],
    ["1-123"],
    ["1.1"],
    ["2.12.7"],
    ["2.12.7.1"],
    ["5.3.9.RELEASE"],
    ["5.3.18.RELEASE"],
  ],
  NuGet: [
    ["1.0.0-1"],
    ["1.0.0-alpha", "1.0.0-ALPHA"],
    ["1.0.0-Alpha.1"],
    ["1.0.0-beta"],
    ["1.0.0", "1.0", "1.0.0.0", "1.0.0+meta"],
    ["1.0.0.1"],
    ["1.0.1"],
    ["5.1.3"],
    ["10.0.0"],
  ],
  Debian: [
    ["1.0~rc1"],
    ["1.0", "0:1.0"],
    ["1.0-1"],
    ["1.0-1+deb9u1"],
    ["1.0a"],
    ["1.0.1"],
    ["1.1.0l-1~deb9u5"],
    ["1.1.0l-1~deb9u6"],
    ["1.1.0l-1"],
    ["2.0"],
    ["1:0.9"],
  ],
  Alpine: [
    ["1.01"],
    ["1.2_alpha1"],
    ["1.2_beta"],
    ["1.2_pre1"],
    ["1.2_rc1"],
    ["1.2"],
    ["1.2-r1"],
    ["1.2-r10"],
    ["1.2_p1"],
    ["1.2a"],
    ["1.2.1"],
    ["1.2.3-r4"],
    ["1.10"],
  ],
  RubyGems: [
    ["1.0.a"],
    ["1.0.a.1"],
    ["1.0.b1"],
    ["1.0.b2"],
    ["1.0.0-rc1", "1.0.0.pre.rc1"],
    ["1.0.rc1"],
    ["1.0", "1.0.0", "1"],
    ["1.0.1"],
    ["7.0.4"],
    ["7.0.4.1"],
    ["7.0.10"],
  ],
  Packagist: [
    ["1.0.0-dev"],
    ["1.0.0-alpha1", "1.0.0-a1", "1.0.0alpha1"],
    ["1.0.0-beta1-dev"],
    ["1.0.0-beta1", "1.0.0-b1"],
    ["1.0.0-beta2"],
    ["1.0.0-RC1", "1.0.0-rc1"],
    ["1.0.0", "v1.0", "1.0.0.0", "1"],
    ["1.0.0-p1", "1.0.0-patch1"],
    ["1.0.1"],
    ["7.4.4"],
    ["7.4.10"],
  ],
  "crates.io": [["0.1.0"], ["1.0.0-alpha"], ["1.0.0"], ["1.13.1"]],
  CRAN: [["0.9-1"], ["1.0"], ["1.0.0", "1-0-0", "1.00.0"], ["1.0-2", "1.0.2"], ["1.0-10"], ["1.1"], ["12.0"]],
  Hackage: [["0"], ["0.1"], ["1.0"], ["1.0.0"], ["1.0.0.1"], ["1.0.2"], ["1.10"]],
  SwiftURL: [["1.0.0-beta.1"], ["1.0.0"], ["1.2.0"], ["1.10.0"]],
  Julia: [["0.21.4"], ["1.0.0-DEV"], ["1.0.0"], ["1.10.2"]],
  // Jane Street's `v` prefix, `~` prereleases, numeric runs compared as numbers.
  opam: [["0.9"], ["1.0~beta"], ["1.0"], ["1.0.1"], ["1.10"], ["v0.16.0"], ["v0.16.3"], ["v0.17.0"]],
};

const INVALID: Record<string, string[]> = {
  npm: ["latest", "1.0.0.0", "1.x", ""],
  PyPI: ["not a version", "1.0.x", ""],
  Go: ["v1.2", "latest", "master"],
  Maven: ["", "1 0"],
  NuGet: ["v1.0.0", "1.0.0.0.0", "one"],
  Debian: ["a1.0", "1.0-", "x:1.0"],
  Alpine: ["1.2_foo", "r1", "1.2-1"],
  RubyGems: ["1..0", "a", "1.0 beta"],
  Packagist: ["dev-main", "1.x-dev", "latest"],
  CRAN: ["1", "1.0a", "v1.0", "1..0", ""],
  Hackage: ["1.0-2", "1.0.x", "v1", ""],
  opam: ["", "1.0 beta", "1.0/2"],
};

describe("version orders", () => {
  for (const [ecosystem, groups] of Object.entries(ORDERED)) {
    it(`orders ${ecosystem} versions as the ecosystem does`, () => {
      const order = versionOrderFor(ecosystem)!;
      const parsed = groups.map((group) =>
        group.map((text) => {
          const version = order.parse(text);
          expect(version, `${ecosystem} ${text} parses`).toBeDefined();
          return { text, version };
        }),
      );
      for (let i = 0; i < parsed.length; i++) {
        for (let j = 0; j < parsed.length; j++) {
          for (const a of parsed[i]!) {
            for (const b of parsed[j]!) {
              const expected = Math.sign(i - j);
              expect(Math.sign(order.compare(a.version, b.version)), `${a.text} vs ${b.text}`).toBe(expected);
            }
          }
        }
      }
    });
  }

  for (const [ecosystem, texts] of Object.entries(INVALID)) {
    it(`refuses what is not a ${ecosystem} version`, () => {
      const order = versionOrderFor(ecosystem)!;
      for (const text of texts) expect(order.parse(text), text).toBeUndefined();
    });
  }

  it("compares every item of a Maven sub-list with nothing, not only the first (MNG-6964)", () => {
    const maven = versionOrderFor("Maven")!;
    const sorted = ["1", "1-0.beta", "1-0.alpha"].sort((a, b) =>
      maven.compare(maven.parse(a), maven.parse(b)),
    );
    expect(sorted).toEqual(["1-0.alpha", "1-0.beta", "1"]);
  });

  it("maps ecosystems with a release suffix to the base order", () => {
    expect(baseEcosystem("Debian:12")).toBe("Debian");
    expect(versionOrderFor("Alpine:v3.19")).toBe(versionOrderFor("Alpine"));
    expect(versionOrderFor("Debian:9")).toBe(versionOrderFor("Debian"));
    expect(versionOrderFor("ConanCenter")).toBeUndefined();
  });
});

const digits = fc.integer({ min: 0, max: 30 }).map(String);

const GENERATORS: Record<string, fc.Arbitrary<string>> = {
  npm: fc
    .tuple(
      digits,
      digits,
      digits,
      fc.option(
        fc.array(fc.oneof(digits, fc.constantFrom("alpha", "beta", "rc")), { minLength: 1, maxLength: 3 }),
      ),
    )
    .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre ? `-${pre.join(".")}` : ""}`),
  PyPI: fc
    .tuple(
      fc.option(fc.constantFrom("1!", "2!")),
      fc.array(digits, { minLength: 1, maxLength: 4 }),
      fc.option(fc.tuple(fc.constantFrom("a", "b", "rc"), digits)),
      fc.option(digits),
      fc.option(digits),
      fc.option(fc.constantFrom("abc", "1", "abc.2", "ubuntu.1")),
    )
    .map(
      ([epoch, release, pre, post, dev, local]) =>
        `${epoch ?? ""}${release.join(".")}${pre ? pre.join("") : ""}${post ? `.post${post}` : ""}${dev ? `.dev${dev}` : ""}${local ? `+${local}` : ""}`,
    ),
  Go: fc
    .tuple(
      digits,
      digits,
      digits,
      fc.option(
        fc.constantFrom(
          "-0.20210101000000-abcdef123456",
          "-0.20200101000000-abcdef123456",
          "-rc.1",
          "-pre.0.20210101000000-abcdef123456",
        ),
      ),
      fc.boolean(),
    )
    .map(
      ([a, b, c, pre, incompatible]) => `v${a}.${b}.${c}${pre ?? ""}${incompatible ? "+incompatible" : ""}`,
    ),
  // Maven's own order is not transitive for a version that starts with a qualifier or has one
  // between dots with more after it: a list sorts above a string, and a string against nothing
  // compares with the release, so 1-snapshot < 1 < 1.b.2 < 1-snapshot in ComparableVersion too.
  // The properties are checked on every other form.
  Maven: fc
    .array(
      fc.oneof(
        digits,
        fc.constantFrom("alpha", "beta", "rc", "cr", "snapshot", "final", "ga", "sp", "foo", "a", "b", "m"),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .chain((parts) =>
      fc
        .array(fc.constantFrom(".", "-", ""), { minLength: parts.length, maxLength: parts.length })
        .map((separators) =>
          parts.map((part, index) => (index === 0 ? part : `${separators[index]}${part}`)).join(""),
        ),
    )
    .filter((text) => /^\d/.test(text) && !/\.[a-z]+[.-]/.test(text)),
  NuGet: fc
    .tuple(
      fc.array(digits, { minLength: 1, maxLength: 4 }),
      fc.option(
        fc.array(fc.oneof(digits, fc.constantFrom("alpha", "Beta", "RC")), { minLength: 1, maxLength: 3 }),
      ),
    )
    .map(([numbers, pre]) => `${numbers.join(".")}${pre ? `-${pre.join(".")}` : ""}`),
  Debian: fc
    .tuple(
      fc.option(fc.constantFrom("1:", "2:")),
      digits,
      fc.stringMatching(/^[0-9a-z.+~]{0,6}$/),
      fc.option(fc.stringMatching(/^[0-9][0-9a-z.+~]{0,5}$/)),
    )
    .map(
      ([epoch, first, rest, revision]) => `${epoch ?? ""}${first}${rest}${revision ? `-${revision}` : ""}`,
    ),
  Alpine: fc
    .tuple(
      fc.array(digits, { minLength: 1, maxLength: 3 }),
      fc.option(fc.constantFrom("a", "b")),
      fc.array(fc.tuple(fc.constantFrom("alpha", "beta", "pre", "rc", "p", "git"), fc.option(digits)), {
        maxLength: 2,
      }),
      fc.option(digits),
    )
    .map(
      ([numbers, letter, suffixes, release]) =>
        `${numbers.join(".")}${letter ?? ""}${suffixes.map(([name, n]) => `_${name}${n ?? ""}`).join("")}${release ? `-r${release}` : ""}`,
    ),
  RubyGems: fc
    .tuple(
      digits,
      fc.array(fc.oneof(digits, fc.constantFrom("a", "b", "rc", "pre", "beta")), {
        minLength: 1,
        maxLength: 5,
      }),
    )
    .map(([first, parts]) => `${first}.${parts.join(".")}`),
  Packagist: fc
    .tuple(
      fc.array(digits, { minLength: 1, maxLength: 4 }),
      fc.option(fc.tuple(fc.constantFrom("alpha", "beta", "RC", "patch", "p"), fc.option(digits))),
      fc.boolean(),
    )
    .map(
      ([numbers, stability, dev]) =>
        `${numbers.join(".")}${stability ? `-${stability[0]}${stability[1] ?? ""}` : ""}${dev ? "-dev" : ""}`,
    ),
};

describe("version order properties", () => {
  for (const [ecosystem, generator] of Object.entries(GENERATORS)) {
    const order = versionOrderFor(ecosystem)!;
    const parsed = generator
      .map((text) => ({ text, version: order.parse(text) }))
      .filter((v) => v.version !== undefined);

    it(`${ecosystem}: reflexive and antisymmetric`, () => {
      fc.assert(
        fc.property(parsed, parsed, (a, b) => {
          expect(order.compare(a.version, a.version) === 0).toBe(true);
          // === rather than Object.is: -0 and 0 both mean "equal"
          const forward = Math.sign(order.compare(a.version, b.version));
          const backward = Math.sign(order.compare(b.version, a.version));
          expect(forward === -backward, `${a.text} vs ${b.text}`).toBe(true);
        }),
        { numRuns: 300 },
      );
    });

    it(`${ecosystem}: transitive`, () => {
      fc.assert(
        fc.property(parsed, parsed, parsed, (a, b, c) => {
          const [x, y, z] = [a, b, c].sort((p, q) => order.compare(p.version, q.version));
          expect(order.compare(x!.version, z!.version)).toBeLessThanOrEqual(0);
          if (order.compare(x!.version, y!.version) === 0 && order.compare(y!.version, z!.version) === 0) {
            expect(order.compare(x!.version, z!.version)).toBe(0);
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it("PyPI agrees with @renovatebot/pep440 on generated versions", () => {
    const order = versionOrderFor("PyPI")!;
    fc.assert(
      fc.property(GENERATORS.PyPI!, GENERATORS.PyPI!, (a, b) => {
        expect(Math.sign(order.compare(order.parse(a), order.parse(b))), `${a} vs ${b}`).toBe(
          Math.sign(pep440Compare(a, b)),
        );
      }),
      { numRuns: 500 },
    );
  });
});
