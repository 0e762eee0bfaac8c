// The Dockerfile analyzer on its own: every rule's fixtures, and a parser that never throws.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRuleFixtures } from "../../../test/fixture-harness.ts";
import { SourceFile } from "../../source.ts";
import { dockerfileAnalyzer } from "./analyzer.ts";
import { parseDockerfile } from "./model.ts";

const here = dirname(fileURLToPath(import.meta.url));

describe("dockerfile fixtures", () => {
  for (const rule of dockerfileAnalyzer.rules) {
    it(rule.id, () => {
      expect(checkRuleFixtures(dockerfileAnalyzer, here, rule).errors).toEqual([]);
    });
  }
});

describe("parseDockerfile", () => {
  const pieces = fc.constantFrom(
    "FROM ",
    "RUN ",
    "USER ",
    "ADD ",
    "COPY ",
    "ENV ",
    "ARG ",
    " AS ",
    "<<EOF",
    "EOF",
    "\\\n",
    "\n",
    "&&",
    "|",
    ";",
    "'",
    '"',
    "$(",
    ")",
    "`",
    "#",
    "[",
    "]",
    "--mount=type=cache",
    "curl ",
    "sh",
    "alpine:3",
    "@sha256:",
    " ",
  );
  it("never throws on random input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((parts) => parts.join("")),
        ),
        (text) => {
          const result = parseDockerfile(new SourceFile("Dockerfile", text));
          if (result.ok)
            for (const rule of dockerfileAnalyzer.rules)
              rule.check({ model: result.model, file: new SourceFile("Dockerfile", text), report: () => {} });
        },
      ),
      { numRuns: 300 },
    );
  });
});
