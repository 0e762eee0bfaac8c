import { definePatternRule } from "../pattern-rule.ts";

export const staticNonce = definePatternRule({
  hazard: "static-nonce",
  category: "security",
  title: "Encryption with a fixed IV or nonce",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [329, 1204],
  controls: ["SAST-CRY-01"],
  fixable: false,
  docs: {
    summary:
      'Go: `cipher.NewCTR`, `NewOFB`, `NewCFBEncrypter`/`Decrypter` or `NewCBCEncrypter`/`Decrypter` with an IV written in the code (`[]byte("…")`, `[]byte{…}`), an AEAD\'s `Seal`/`Open` with such a nonce (also one returned by a function literal), or with a name declared with a literal or made by `make([]byte, n)` that no `Read`/`io.ReadFull` fills whole in the file (`rand.Read(iv[:8])` leaves the rest zero) or a slice of such a buffer (`key, iv := k[:32], k[32:]`), or with a parameter of the enclosing function that a call in the file passes fixed bytes (a literal, or a name declared with one).',
    whyItMatters:
      "The IV or nonce must differ for every message under a key. With CTR, OFB or GCM a repeated one repeats the key stream: XORing two ciphertexts gives the XOR of their plaintexts, and GCM also gives away the key that authenticates messages, so forgeries follow. CBC and CFB show which messages start alike.",
    remediation:
      "Draw a fresh nonce for each message from `crypto/rand` and send it with the ciphertext: `nonce := make([]byte, gcm.NonceSize()); if _, err := rand.Read(nonce); err != nil { … }; sealed := gcm.Seal(nonce, nonce, plaintext, nil)`.",
    example:
      "nonce := make([]byte, gcm.NonceSize())\nif _, err := rand.Read(nonce); err != nil {\n\treturn nil, err\n}\nreturn gcm.Seal(nonce, nonce, plaintext, nil), nil",
    references: ["https://cwe.mitre.org/data/definitions/329.html"],
  },
});
