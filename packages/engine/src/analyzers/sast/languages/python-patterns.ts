// Pattern rules for Python.
import { CREDENTIAL_WORDS, SECRET_CONTEXT } from "./shared-patterns.ts";
import type { PatternSpec } from "./types.ts";

const FALSE_TO_TRUE = { pattern: /False$/, with: "True" };

export const pythonPatterns: readonly PatternSpec[] = [
  {
    hazard: "weak-hash",
    prefilter: /hashlib/,
    rule: {
      kind: "call",
      any: [
        { regex: "^hashlib\\.(?:md5|sha1|md4)\\(" },
        { regex: "^hashlib\\.new\\(\\s*['\"](?i:md5|sha1|md4)['\"]" },
      ],
    },
    message: "MD5/SHA-1 used on a password or secret; both are fast and broken for this purpose",
    context: SECRET_CONTEXT,
    unless: /usedforsecurity\s*=\s*False/,
  },
  {
    hazard: "weak-cipher",
    prefilter: /DES|ARC4|ARC2|Blowfish|CAST|ECB|TripleDES|IDEA/,
    rule: {
      kind: "call",
      any: [
        { regex: "^(?:DES|DES3|ARC4|ARC2|Blowfish|CAST)\\.new\\(" },
        { regex: "^AES\\.new\\([\\s\\S]*MODE_ECB" },
        { regex: "^(?:algorithms\\.)?(?:TripleDES|ARC4|Blowfish|CAST5|IDEA)\\(" },
        { regex: "^(?:modes\\.)?ECB\\(\\s*\\)$" },
      ],
    },
    message: "Broken or unauthenticated cipher (DES, 3DES, RC4, Blowfish or ECB mode)",
  },
  {
    hazard: "weak-randomness",
    prefilter: /random\./,
    rule: {
      kind: "call",
      regex: "^random\\.(?:random|randint|randrange|choice|choices|getrandbits|sample|uniform)\\(",
    },
    message: "The random module is predictable; use the secrets module for tokens, passwords and keys",
    context: SECRET_CONTEXT,
  },
  {
    hazard: "insecure-cookie",
    prefilter: /set_cookie/,
    rule: {
      kind: "keyword_argument",
      regex: "^(?:secure|httponly)\\s*=\\s*False$",
      inside: { kind: "call", regex: "set_cookie\\(", stopBy: "end" },
    },
    message: "Cookie set without the Secure or HttpOnly flag",
    fix: { description: "set the flag to True", rewrite: FALSE_TO_TRUE },
  },
  {
    hazard: "insecure-cookie",
    prefilter: /_COOKIE_/,
    rule: {
      kind: "assignment",
      regex: "^(?:SESSION_COOKIE_SECURE|CSRF_COOKIE_SECURE|SESSION_COOKIE_HTTPONLY)\\s*=\\s*False$",
    },
    message: "Django session or CSRF cookie configured without Secure/HttpOnly",
    fix: { description: "set the flag to True", rewrite: FALSE_TO_TRUE },
  },
  {
    hazard: "tls-verification-disabled",
    prefilter: /verify\s*=\s*False/,
    rule: { kind: "keyword_argument", regex: "^verify\\s*=\\s*False$" },
    message: "TLS certificate verification is disabled (verify=False)",
    fix: { description: "verify certificates (verify=True)", rewrite: FALSE_TO_TRUE },
  },
  {
    hazard: "tls-verification-disabled",
    prefilter: /_create_unverified_context|CERT_NONE|check_hostname/,
    rule: {
      any: [
        { kind: "call", regex: "^ssl\\._create_unverified_context\\(" },
        { kind: "assignment", regex: "\\.verify_mode\\s*=\\s*ssl\\.CERT_NONE$" },
        { kind: "assignment", regex: "\\.check_hostname\\s*=\\s*False$" },
      ],
    },
    message: "TLS certificate or host name verification is disabled",
  },
  {
    hazard: "xxe",
    prefilter: /resolve_entities|no_network|feature_external/,
    rule: {
      kind: "call",
      any: [
        { regex: "XMLParser\\([\\s\\S]*resolve_entities\\s*=\\s*True" },
        { regex: "XMLParser\\([\\s\\S]*no_network\\s*=\\s*False" },
        {
          regex:
            "\\.setFeature\\(\\s*(?:xml\\.sax\\.handler\\.)?feature_external_(?:ges|pes)\\s*,\\s*(?:True|1)\\s*\\)",
        },
      ],
    },
    message: "XML parser configured to resolve external entities (XXE)",
  },
  {
    hazard: "unsafe-deserialization",
    prefilter: /pickle|dill|marshal|shelve|jsonpickle|yaml\./,
    rule: {
      kind: "call",
      regex:
        "^(?:pickle|cPickle|_pickle|dill|marshal|shelve|jsonpickle)\\.(?:loads?|open|decode|Unpickler)\\(|^yaml\\.(?:unsafe_load|full_load|unsafe_load_all)\\(|^yaml\\.load(?:_all)?\\([\\s\\S]*Loader\\s*=\\s*(?:yaml\\.)?(?:Loader|UnsafeLoader|FullLoader)\\b",
    },
    message: "Deserializing with pickle/marshal or an unsafe YAML loader can run code embedded in the data",
  },
  {
    hazard: "unsafe-deserialization",
    prefilter: /yaml\.load\(/,
    rule: {
      kind: "call",
      regex: "^yaml\\.load\\(",
      not: { regex: "Loader\\s*=" },
    },
    message: "yaml.load without a safe Loader can construct arbitrary Python objects",
    fix: {
      description: "use yaml.safe_load",
      rewrite: { pattern: /^yaml\.load\(/, with: "yaml.safe_load(" },
    },
  },
  {
    hazard: "hardcoded-credential",
    prefilter: CREDENTIAL_WORDS,
    rule: { any: [{ kind: "assignment" }, { kind: "keyword_argument" }, { kind: "pair" }] },
    credential: { key: "left", value: "right" },
    message: "A credential is written into the code",
  },
];
