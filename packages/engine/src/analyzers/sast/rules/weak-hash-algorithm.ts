import { definePatternRule } from "../pattern-rule.ts";

export const weakHashAlgorithm = definePatternRule({
  hazard: "weak-hash-algorithm",
  category: "security",
  title: "MD5 or SHA-1 hash in code to review (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [328],
  controls: [],
  fixable: false,
  docs: {
    summary:
      'An audit finding: MD5, MD4, MD2 or SHA-1 anywhere outside tests, where `sast/weak-hash` (a secret, a password or request data being hashed) does not report the line. Python `hashlib.md5`/`sha1`/`new("md5")`, PyCryptodome and cryptography; Go `md5.New`/`md5.Sum`/`sha1.…` and aliased `crypto/md5`/`crypto/sha1` imports; Java `MessageDigest.getInstance("MD5"|"SHA-1")` and commons-codec `DigestUtils`; Node `createHash("md5"|"sha1")`. Mark a checksum in Python with `usedforsecurity=False` (not reported); elsewhere suppress the finding with a reason.',
    whyItMatters:
      "Collisions are practical for both: a signature, an integrity check against a tampering party or a content address built on them can be forged. Most uses are checksums and cache keys, which is why this is a review item, not a failed control.",
    remediation:
      "Use SHA-256 or better (or HMAC-SHA-256 for authentication); for passwords a slow salted hash (bcrypt, scrypt, Argon2). Where MD5/SHA-1 is a non-security checksum, say so: `hashlib.md5(data, usedforsecurity=False)`.",
    example:
      "digest = hashlib.sha256(data).hexdigest()\nchecksum = hashlib.md5(data, usedforsecurity=False).hexdigest()",
    references: ["https://cwe.mitre.org/data/definitions/328.html"],
  },
});
