import { definePatternRule } from "../pattern-rule.ts";

export const weakPasswordPolicy = definePatternRule({
  hazard: "weak-password-policy",
  category: "security",
  title: "Password rule accepts fewer than 8 characters",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [521],
  controls: ["SAST-CFG-01"],
  docs: {
    summary:
      "JavaScript: the pattern a password is checked against has a length floor below 8 (`const PASS_RE = /^.{1,20}$/`, a name mentioning `pass`/`pwd`), a length check of a password with a floor of 2 to 7 (`password.length < 6`; a floor of 1 is a presence check and is not reported), or a schema that lets a `password` field be that short (`password: Joi.string().min(6)`, zod and yup alike).",
    whyItMatters:
      "Short passwords fall to online guessing and to cracking a leaked hash in minutes; NIST SP 800-63B asks for at least 8 characters (15 where a password is the only factor) and a check against known-breached passwords.",
    remediation:
      "Require at least 8 characters (better 12 or more), allow long passphrases (64+), and reject passwords found in breach lists instead of adding composition rules.",
    example: "const PASS_RE = /^.{12,128}$/;",
    references: [
      "https://pages.nist.gov/800-63-4/sp800-63b.html#password",
      "https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html#implement-proper-password-strength-controls",
    ],
  },
});
