import { definePatternRule } from "../pattern-rule.ts";

export const weakJwtVerification = definePatternRule({
  hazard: "weak-jwt-verification",
  category: "security",
  title: "JWT verified without a fixed algorithm",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [347],
  controls: ["SAST-CRY-01"],
  fixable: false,
  docs: {
    summary:
      'A JSON Web Token is signed or accepted with the `"none"` algorithm, or `jwt.verify` is called without an `algorithms` list, so the token\'s own header decides how it is checked.',
    whyItMatters:
      "With `none` a token needs no signature at all; without an algorithm list, older jsonwebtoken versions verify an HMAC token with the RSA public key as its secret, which anyone can download, so an attacker forges tokens for any user.",
    remediation:
      'Pass the one algorithm you issue tokens with: `jwt.verify(token, key, { algorithms: ["RS256"] })`, and never list `none`.',
    example: 'const claims = jwt.verify(token, publicKey, { algorithms: ["RS256"] });',
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/JSON_Web_Token_for_Java_Cheat_Sheet.html"],
  },
});
