import { definePatternRule } from "../pattern-rule.ts";

export const swallowedException = definePatternRule({
  hazard: "swallowed-exception",
  category: "correctness",
  title: "Exception caught and ignored",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  cwe: [390, 703],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "A bare `except:` or `except Exception:` (or `BaseException`) whose whole body is `pass` or `continue`. Handlers with a comment explaining the choice, or catching a specific exception, are not reported.",
    whyItMatters:
      "Every failure, including a failed permission check or a broken decryption, is silently treated as success, and nothing is logged to investigate later.",
    remediation: "Catch the specific exception you expect, and log or handle it; let others propagate.",
    example: "try:\n    os.remove(path)\nexcept FileNotFoundError:\n    pass",
  },
});
