// Two findings for one hazard: a regular expression built from untrusted input (taint) and a
// literal whose nested quantifiers backtrack exponentially (pattern). Both are denial of service
// by one request, so one rule id.
import { defineFileRule, type FileRule, type RuleMeta } from "../../../rule.ts";
import type { SastModel } from "../model.ts";
import { definePatternRule } from "../pattern-rule.ts";
import { defineTaintRule } from "../taint-rule.ts";

const meta: Omit<RuleMeta, "analyzer" | "id"> & { hazard: "redos-regex"; category: "security" } = {
  hazard: "redos-regex",
  category: "security",
  title: "Regular expression open to catastrophic backtracking (ReDoS)",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1333],
  controls: ["SAST-INJ-03"],
  fixable: false,
  docs: {
    summary:
      "A regular expression is compiled from untrusted input (`new RegExp(req.query.q)`), or a literal quantifies a group whose body is itself quantified (`/^(\\w+\\s?)*$/`, `(a+)+`).",
    whyItMatters:
      "JavaScript's regex engine backtracks: a nested quantifier makes a near-miss input of a few dozen characters take seconds to minutes, and Node's single event loop stops serving every other request meanwhile. A regex chosen by the client can be such a pattern itself.",
    remediation:
      "Escape input before building a regex (`_.escapeRegExp(q)`) or match it as text (`includes`), and rewrite nested quantifiers so that each character can be consumed only one way (`/^\\w+(?:\\s\\w+)*$/`); bound the input length before matching.",
    example: "const pattern = new RegExp(_.escapeRegExp(req.query.q), 'i');",
    references: ["https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS"],
  },
};

const taint = defineTaintRule(meta);
const pattern = definePatternRule(meta);

export const redosRegex: FileRule<SastModel> & { category: "security" } = {
  ...defineFileRule<SastModel>({
    ...taint,
    check(ctx) {
      taint.check(ctx);
      pattern.check(ctx);
    },
  }),
  category: "security",
};
