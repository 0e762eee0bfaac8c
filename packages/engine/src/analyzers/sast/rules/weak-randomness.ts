import { definePatternRule } from "../pattern-rule.ts";

export const weakRandomness = definePatternRule({
  hazard: "weak-randomness",
  category: "security",
  title: "Predictable random numbers for tokens or secrets",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [330, 338],
  controls: ["SAST-CRY-01"],
  fixable: true,
  docs: {
    summary:
      "`Math.random`, Python's `random`, Go's `math/rand` or `java.util.Random` produces a token, password, key, salt, nonce or reset code. Non-security uses (jitter, sampling, shuffling) are not reported.",
    whyItMatters:
      "These generators are predictable from a few outputs; an attacker who sees some tokens can compute the next ones and take over accounts.",
    remediation:
      "Use the platform's cryptographic generator: `crypto.randomBytes`/`crypto.randomUUID`, Python `secrets`, Go `crypto/rand`, Java `SecureRandom`.",
    example: 'const token = crypto.randomBytes(32).toString("hex");\ntoken = secrets.token_urlsafe(32)',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html#secure-random-number-generation",
    ],
  },
});
