import { definePatternRule } from "../pattern-rule.ts";

export const weakHash = definePatternRule({
  hazard: "weak-hash",
  category: "security",
  title: "MD5 or SHA-1 used for passwords or secrets",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [328, 916],
  controls: ["SAST-CRY-01"],
  fixable: false,
  docs: {
    summary:
      "MD5, MD4 or SHA-1 hashes a password, token, secret or signature. Checksums of files and cache keys are not reported, nor Python calls with `usedforsecurity=False`.",
    whyItMatters:
      "These hashes are fast and collision-prone: leaked password hashes are cracked in bulk on GPUs, and forged signatures or tokens collide.",
    remediation:
      "Hash passwords with a slow, salted function (bcrypt, scrypt, Argon2, PBKDF2); use SHA-256 or better (or HMAC) for signatures and tokens.",
    example:
      "const hash = await bcrypt.hash(password, 12);\npassword_hash = argon2.PasswordHasher().hash(password)",
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html"],
  },
});
