import { definePatternRule } from "../pattern-rule.ts";

export const assertUsedForSecurity = definePatternRule({
  hazard: "assert-used-for-security",
  category: "security",
  title: "assert used for a security check",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [703],
  controls: ["SAST-CFG-01"],
  fixable: false,
  docs: {
    summary:
      "An `assert` statement checks authentication, authorization, ownership, a token, a password or a signature in non-test Python code.",
    whyItMatters:
      "Python removes every `assert` when run with `-O` (or `PYTHONOPTIMIZE`), so the check silently disappears and every request passes.",
    remediation:
      "Check with an `if` and raise a real exception (`PermissionDenied`, `abort(403)`); keep `assert` for invariants that tests exercise.",
    example: "if not request.user.is_staff:\n    raise PermissionDenied()",
  },
});
