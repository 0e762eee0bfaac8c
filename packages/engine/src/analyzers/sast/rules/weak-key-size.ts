import { definePatternRule } from "../pattern-rule.ts";

export const weakKeySize = definePatternRule({
  hazard: "weak-key-size",
  category: "security",
  title: "Cryptographic key too short",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [326],
  controls: ["SAST-CRY-01"],
  fixable: false,
  docs: {
    summary:
      "An RSA or DSA key shorter than 2048 bits, or an elliptic-curve key on a curve under 224 bits (SECP192R1, SECT163K1, SECT163R2), is generated with `cryptography` or PyCryptodome. Go: `rsa.GenerateKey` or `GenerateMultiPrimeKey` under 2048 bits, DSA `L1024N160` parameters.",
    whyItMatters:
      "Keys this short are within reach of factoring or discrete-log attacks; signatures can be forged and encrypted data read.",
    remediation:
      "Generate RSA keys of 3072 bits (2048 at least), or use an elliptic curve such as SECP256R1 or Ed25519.",
    example: "key = rsa.generate_private_key(public_exponent=65537, key_size=3072)",
  },
});
