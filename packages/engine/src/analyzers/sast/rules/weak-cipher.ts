import { definePatternRule } from "../pattern-rule.ts";

export const weakCipher = definePatternRule({
  hazard: "weak-cipher",
  category: "security",
  title: "Broken cipher or ECB mode",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [327],
  controls: ["SAST-CRY-01"],
  fixable: false,
  docs: {
    summary:
      "DES, 3DES, RC4, RC2, Blowfish or ECB mode encrypts data (including Java's `Cipher.getInstance(\"AES\")`, which means AES/ECB, and Node's deprecated `crypto.createCipher`). Go: a `tls.Config` that offers cipher suites with RSA key exchange (`tls.TLS_RSA_WITH_…`, no forward secrecy), RC4 or 3DES.",
    whyItMatters:
      "These ciphers are broken or have tiny blocks, and ECB leaks patterns of the plaintext; encrypted data can be read or altered.",
    remediation:
      "Use an authenticated mode of a modern cipher: AES-GCM or ChaCha20-Poly1305 with a random nonce per message, through a high-level library where possible.",
    example: 'Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");',
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html"],
  },
});
