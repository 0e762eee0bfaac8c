// Any language: Unicode bidirectional embedding, override and isolate characters written raw in
// the source (Trojan Source, CVE-2021-42574). Editors and review tools reorder the text around them,
// so the code a reviewer reads is not the code the compiler reads. A text scan of the file: the
// characters are invisible to the syntax tree's meaning wherever they sit (comments, strings).
import { defineFileRule } from "../../../rule.ts";
import type { Category } from "../languages/types.ts";
import type { SastModel } from "../model.ts";

const category: Category = "security";

/** LRE, RLE, PDF, LRO, RLO (U+202A–U+202E) and LRI, RLI, FSI, PDI (U+2066–U+2069); not LRM/RLM marks. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;

/** Findings (lines) per file: a generated file full of them reports the first ones. */
const MAX_FINDINGS = 50;

const NAMES: Record<string, string> = {
  "\u202A": "LEFT-TO-RIGHT EMBEDDING",
  "\u202B": "RIGHT-TO-LEFT EMBEDDING",
  "\u202C": "POP DIRECTIONAL FORMATTING",
  "\u202D": "LEFT-TO-RIGHT OVERRIDE",
  "\u202E": "RIGHT-TO-LEFT OVERRIDE",
  "\u2066": "LEFT-TO-RIGHT ISOLATE",
  "\u2067": "RIGHT-TO-LEFT ISOLATE",
  "\u2068": "FIRST STRONG ISOLATE",
  "\u2069": "POP DIRECTIONAL ISOLATE",
};

export const bidirectionalControlCharacter = {
  ...defineFileRule<SastModel>({
    id: "sast/bidirectional-control-character",
    analyzer: "sast",
    title: "Bidirectional control character in source code (Trojan Source)",
    severity: "med",
    confidence: "high",
    lifecycle: "preview",
    cwe: [451],
    controls: [],
    fixable: false,
    docs: {
      summary:
        'A Unicode bidirectional embedding, override or isolate character (U+202A–U+202E, U+2066–U+2069) written as a raw character anywhere in a Python, JavaScript, TypeScript, Go or Java file, comments and strings included. Escapes written as text (`"\\u202e"`) and the left-to-right/right-to-left marks (U+200E, U+200F) are not reported.',
      whyItMatters:
        "Editors, diff views and review tools reorder the text around these characters, so a comment can appear to close before code that in fact runs, or a string can appear to end where it does not (Trojan Source, CVE-2021-42574). The reviewed code and the compiled code differ.",
      remediation:
        "Remove the character; where right-to-left text is needed in a string, write the character as an escape (`\\u2067`) so that it is visible in review.",
      example: 'const label = "\\u2067" + arabicName + "\\u2069";',
      references: ["https://trojansource.codes/"],
    },
    check(ctx) {
      const text = ctx.model.file.text;
      let count = 0;
      let lastLine = 0;
      for (const match of text.matchAll(BIDI_CONTROL)) {
        const from = ctx.model.file.positionAt(match.index);
        // one finding per line: the first such character shows where the reordering starts
        if (from.line === lastLine) continue;
        lastLine = from.line;
        if (++count > MAX_FINDINGS) break;
        const to = ctx.model.file.positionAt(match.index + 1);
        ctx.report({
          message: `A ${NAMES[match[0]] ?? "bidirectional control"} character hides the real order of this line's code from reviewers`,
          at: { line: from.line, column: from.column, endLine: to.line, endColumn: to.column },
          properties: { category },
        });
      }
    },
  }),
  category,
};
