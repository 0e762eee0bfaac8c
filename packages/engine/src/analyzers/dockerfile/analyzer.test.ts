// The Dockerfile analyzer on its own: every rule's fixtures, and a parser that never throws.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyTextEdits, checkRuleFixtures, runRuleOnFiles } from "../../../test/fixture-harness.ts";
import { SourceFile } from "../../source.ts";
import { dockerfileAnalyzer } from "./analyzer.ts";
import { parseDockerfile } from "./model.ts";
import { deprecatedMaintainer } from "./rules/deprecated-maintainer.ts";

const here = dirname(fileURLToPath(import.meta.url));

describe("dockerfile fixtures", () => {
  for (const rule of dockerfileAnalyzer.rules) {
    it(rule.id, () => {
      expect(checkRuleFixtures(dockerfileAnalyzer, here, rule).errors).toEqual([]);
    });
  }
});

describe("dockerfile/deprecated-maintainer fix", () => {
  it("keeps the text verbatim, quotes included, as Docker stores it", () => {
    const text = 'FROM debian:12\nMAINTAINER "Jane Doe" <jane@example.com> \\o/ $5\n';
    const { findings } = runRuleOnFiles(dockerfileAnalyzer, deprecatedMaintainer, [
      { path: "Dockerfile", text, annotations: [] },
    ]);
    const edits = findings.flatMap((finding) => finding.fix?.edits ?? []);
    expect(applyTextEdits(text, edits)).toBe(
      'FROM debian:12\nLABEL maintainer="\\"Jane Doe\\" <jane@example.com> \\\\o/ \\$5"\n',
    );
  });
});

describe("parseDockerfile", () => {
  const pieces = fc.constantFrom(
    "FROM ",
    "RUN ",
    "ONBUILD ",
    "SHELL ",
    "LABEL ",
    "EXPOSE ",
    "CMD ",
    "WORKDIR ",
    "sh -c ",
    "apt-get install ",
    "=",
    "--from=",
    "\\",
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
