import { definePatternRule } from "../pattern-rule.ts";

export const weakPasswordHashCost = definePatternRule({
  hazard: "weak-password-hash-cost",
  category: "security",
  title: "Password hash with a work factor below the library's default",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  cwe: [916],
  controls: ["SAST-CRY-01"],
  fixable: true,
  docs: {
    summary:
      "Go: `bcrypt.GenerateFromPassword` with a cost below `bcrypt.DefaultCost` (10): a number from 0 to 9 or `bcrypt.MinCost` (4).",
    whyItMatters:
      "The cost is the base-2 logarithm of the work per hash: at cost 4 an attacker with the stored hashes tries passwords 64 times faster than at the default, and the hashes keep that cost until each user logs in again.",
    remediation:
      "Use `bcrypt.DefaultCost` or more (12 is common today); raise the cost of stored hashes when users log in (`bcrypt.Cost` tells a hash's cost).",
    example: "hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)",
    references: ["https://cwe.mitre.org/data/definitions/916.html"],
  },
});
