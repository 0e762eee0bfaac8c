import { definePatternRule } from "../pattern-rule.ts";

export const nonCryptographicRandom = definePatternRule({
  hazard: "non-cryptographic-random",
  category: "security",
  title: "Non-cryptographic random generator in code to review (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [330],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding: Python's `random` module, Go's `math/rand`, Java's `java.util.Random`/`Math.random()`/`RandomStringUtils`, or JavaScript's `Math.random()` outside tests, where `sast/weak-randomness` (a token, key, password or session value) does not report the line.",
    whyItMatters:
      "These generators are predictable from a few outputs. Simulations, jitter and shuffling a playlist are fine; a value that must not be guessed (an identifier in a URL, a coupon code, a file name in a shared folder) is not. A reviewer can tell which one it is; a pattern cannot.",
    remediation:
      'For values that must not be guessed use the platform\'s cryptographic generator: Python `secrets`, Go `crypto/rand`, Java `SecureRandom`, Node `crypto.randomInt`/`randomBytes`, browsers `crypto.getRandomValues`. Otherwise suppress the finding with the reason ("jitter", "test data").',
    example:
      "code = secrets.token_urlsafe(16)\ndelay = random.uniform(0, 1)  # jitter: suppressed with a reason",
    references: ["https://cwe.mitre.org/data/definitions/330.html"],
  },
});
