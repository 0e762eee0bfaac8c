// Pattern rules for Go.
import { CREDENTIAL_WORDS, SECRET_CONTEXT } from "./shared-patterns.ts";
import type { PatternSpec } from "./types.ts";

export const goPatterns: readonly PatternSpec[] = [
  {
    hazard: "weak-hash",
    prefilter: /md5\.|sha1\.|md4\./,
    rule: { kind: "call_expression", regex: "^(?:md5|sha1|md4)\\.(?:Sum|New)\\(" },
    message: "MD5/SHA-1 used on a password or secret; both are fast and broken for this purpose",
    context: SECRET_CONTEXT,
  },
  {
    hazard: "weak-cipher",
    prefilter: /des\.|rc4\.|blowfish\./,
    rule: {
      kind: "call_expression",
      regex: "^(?:des\\.NewCipher|des\\.NewTripleDESCipher|rc4\\.NewCipher|blowfish\\.NewCipher)\\(",
    },
    message: "Broken cipher (DES, 3DES, RC4 or Blowfish)",
  },
  {
    hazard: "weak-randomness",
    prefilter: /rand\./,
    rule: {
      kind: "call_expression",
      regex: "^rand\\.(?:Int|Intn|Int31|Int31n|Int63|Int63n|Uint32|Uint64|Float64|Read|Perm|IntN|N)\\(",
    },
    message: "math/rand is predictable; use crypto/rand for tokens, passwords and keys",
    context: SECRET_CONTEXT,
    ifFile: /"math\/rand(?:\/v2)?"/,
    unlessFile: /^\s*rand\s+"math\/rand/m,
  },
  {
    hazard: "insecure-cookie",
    prefilter: /(?:Secure|HttpOnly)\s*:\s*false/,
    rule: {
      kind: "keyed_element",
      regex: "^(?:Secure|HttpOnly)\\s*:\\s*false$",
    },
    message: "Cookie set without the Secure or HttpOnly flag",
    fix: { description: "set the flag to true", rewrite: { pattern: /false$/, with: "true" } },
  },
  {
    hazard: "tls-verification-disabled",
    prefilter: /InsecureSkipVerify/,
    rule: { kind: "keyed_element", regex: "^InsecureSkipVerify\\s*:\\s*true$" },
    message: "TLS certificate verification is disabled (InsecureSkipVerify: true)",
    fix: { description: "verify certificates", rewrite: { pattern: /true$/, with: "false" } },
  },
  {
    hazard: "hardcoded-credential",
    prefilter: CREDENTIAL_WORDS,
    rule: {
      any: [
        { kind: "const_spec" },
        { kind: "var_spec" },
        { kind: "short_var_declaration" },
        { kind: "keyed_element" },
        { kind: "assignment_statement" },
      ],
    },
    credential: { key: "name", value: "value" },
    message: "A credential is written into the code",
    inTests: "low",
  },
];
