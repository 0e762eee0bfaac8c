import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasAtMostTwoCharacters,
  MAY_BE_REFERENCE,
  placeholderReason,
  REFERENCE_PATTERNS,
} from "./allowlist.ts";

// Values built from the characters the reference patterns look for, words they name, and
// ordinary token characters, so that the patterns match often.
const piece = fc.constantFrom(
  ..."$`{}%#<>[].(:!_@-/=aZ9 é𝔘".split(""),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell ${VAR} syntax, not a JS template
  ..."${VAR} {{ x }} #{x} %(x)s __TOKEN__ @@X@@ %X% process.env os.environ getenv( env( vault: secretref: arn:aws: !ref".split(
    " ",
  ),
);
const value = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));

describe("allowlist fast paths", () => {
  it("skip the reference patterns only for values none of them can match (property)", () => {
    fc.assert(
      fc.property(value, (text) => {
        if (REFERENCE_PATTERNS.some((pattern) => pattern.test(text)))
          expect(MAY_BE_REFERENCE.test(text)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("count distinct characters as a Set of the string does, code points included (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "c", "𝔘", "\ud800"), maxLength: 12 }),
        (text) => {
          expect(hasAtMostTwoCharacters(text)).toBe(new Set(text).size <= 2);
        },
      ),
    );
  });

  it("still reports references and repeated characters", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell ${VAR} syntax, not a JS template
    expect(placeholderReason("${DATABASE_URL}")).toBe("reference to a variable or secret store");
    expect(placeholderReason("__DEPLOY_KEY__")).toBe("reference to a variable or secret store");
    expect(placeholderReason("abababab")).toBe("repeated characters");
    expect(placeholderReason("𝔘a𝔘a𝔘a𝔘a")).toBe("repeated characters");
    expect(placeholderReason("q8Vt2LmZ0rXw7KpB")).toBeUndefined();
  });

  it("treat a short unit repeated over most of the value as a fill value", () => {
    expect(placeholderReason("abcd1234abcd1234abcd1234ABCD1234ABCD1234--__")).toBe("repeated unit");
    expect(placeholderReason("k9Qzk9Qzk9Qzk9Qz")).toBe("repeated unit");
    // A repeat that covers less than three quarters, or a unit seen only twice, is not enough.
    expect(placeholderReason("k9Qzk9QzR2vLw8TnB5yHs1Mx")).toBeUndefined();
    expect(placeholderReason("ukYEEX38RiGgq1BPf2m-nIeTM_lEGizKKn49RRoC_6fn")).toBeUndefined();
  });
});
