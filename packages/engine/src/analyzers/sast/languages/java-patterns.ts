// Pattern rules for Java.
import { CREDENTIAL_WORDS, SECRET_CONTEXT } from "./shared-patterns.ts";
import type { PatternSpec } from "./types.ts";

export const javaPatterns: readonly PatternSpec[] = [
  {
    hazard: "weak-hash",
    prefilter: /MessageDigest|DigestUtils/,
    rule: {
      kind: "method_invocation",
      any: [
        { regex: '^(?:java\\.security\\.)?MessageDigest\\.getInstance\\(\\s*"(?i:md5|md4|md2|sha1|sha-1)"' },
        { regex: "^DigestUtils\\.(?:md5|sha1|sha)(?:Hex)?\\(" },
      ],
    },
    message: "MD5/SHA-1 used on a password or secret; both are fast and broken for this purpose",
    context: SECRET_CONTEXT,
  },
  {
    // A request handler hashing what it received (a password field, a token to store) with a
    // broken digest, even when the statement names nothing secret.
    hazard: "weak-hash",
    prefilter: /MessageDigest/,
    rule: {
      kind: "method_invocation",
      regex: '^(?:java\\.security\\.)?MessageDigest\\.getInstance\\(\\s*"(?i:md5|md4|md2|sha1|sha-1)"',
      inside: {
        kind: "method_declaration",
        regex: "HttpServletRequest|@RequestParam|@RequestBody",
        stopBy: "end",
      },
    },
    message: "MD5/SHA-1 digest of request data; both are fast and broken for protecting it",
    unlessContext: SECRET_CONTEXT,
  },
  {
    // The algorithm read from a properties file of the project: what runs is the file's value.
    hazard: "weak-hash",
    prefilter: /getProperty/,
    rule: {
      kind: "method_invocation",
      regex: "^(?:java\\.security\\.)?MessageDigest\\.getInstance\\(\\s*[A-Za-z_]\\w*\\s*[,)]",
      inside: {
        kind: "method_declaration",
        regex: "HttpServletRequest|@RequestParam|@RequestBody",
        stopBy: "end",
      },
    },
    configuredArgument: /^(?:md5|md4|md2|sha1|sha-1)$/i,
    message: "MD5/SHA-1 digest of request data: the project's properties file configures this algorithm",
  },
  {
    hazard: "weak-cipher",
    prefilter: /getProperty/,
    rule: {
      kind: "method_invocation",
      regex: "^(?:javax\\.crypto\\.)?Cipher\\.getInstance\\(\\s*[A-Za-z_]\\w*\\s*[,)]",
    },
    // RSA's "ECB" names no chaining mode (RSA seals one block), so `RSA/ECB/...` is not ECB.
    configuredArgument: /^(?:DES|DESede|TripleDES|RC4|ARCFOUR|RC2|Blowfish|AES$|AES\/ECB|(?!RSA\/)\w+\/ECB)/i,
    message: "Broken cipher or ECB mode, configured in the project's properties file",
  },
  {
    hazard: "weak-cipher",
    prefilter: /Cipher\.getInstance/,
    rule: {
      kind: "method_invocation",
      regex:
        '^(?:javax\\.crypto\\.)?Cipher\\.getInstance\\(\\s*"(?i:DES|DESede|TripleDES|RC4|ARCFOUR|RC2|Blowfish|AES"|AES/ECB|[\\w]+/ECB)',
      // `RSA/ECB/OAEP...`: the JCA spells RSA's single-block operation "ECB"; it is no chaining mode.
      not: { regex: '^(?:javax\\.crypto\\.)?Cipher\\.getInstance\\(\\s*"(?i:RSA)/' },
    },
    message: 'Broken cipher or ECB mode ("AES" alone means AES/ECB)',
  },
  {
    // Keys made for a broken cipher: `KeyGenerator.getInstance("DES")`, `new SecretKeySpec(k, "RC4")`
    hazard: "weak-cipher",
    prefilter: /KeyGenerator|SecretKeyFactory|SecretKeySpec/,
    rule: {
      any: [
        {
          kind: "method_invocation",
          regex:
            '^(?:javax\\.crypto\\.)?(?:KeyGenerator|SecretKeyFactory)\\.getInstance\\(\\s*"(?i:DES|DESede|TripleDES|RC4|ARCFOUR|RC2|Blowfish)"',
        },
        {
          kind: "object_creation_expression",
          regex:
            '^new\\s+(?:javax\\.crypto\\.spec\\.)?SecretKeySpec\\([^;]*,\\s*"(?i:DES|DESede|TripleDES|RC4|ARCFOUR|RC2|Blowfish)"\\s*\\)$',
        },
      ],
    },
    message: "Key made for a broken cipher (DES, 3DES, RC4, RC2, Blowfish)",
  },
  {
    hazard: "weak-randomness",
    prefilter: /Random|Math\.random/,
    rule: {
      any: [
        { kind: "object_creation_expression", regex: "^new\\s+(?:java\\.util\\.)?Random\\(" },
        { kind: "method_invocation", regex: "^Math\\.random\\(\\s*\\)$" },
        { kind: "method_invocation", regex: "^RandomStringUtils\\.random\\w*\\(" },
      ],
    },
    message: "java.util.Random is predictable; use SecureRandom for tokens, passwords and keys",
    context: SECRET_CONTEXT,
  },
  {
    // The value ends up in a cookie or the session (a "remember me" key, a session token) even
    // when the statement that draws it names nothing secret.
    hazard: "weak-randomness",
    prefilter: /Random|Math\.random/,
    rule: {
      any: [
        { kind: "object_creation_expression", regex: "^new\\s+(?:java\\.util\\.)?Random\\(" },
        { kind: "method_invocation", regex: "^(?:java\\.lang\\.)?Math\\.random\\(\\s*\\)$" },
      ],
      inside: {
        any: [{ kind: "method_declaration" }, { kind: "constructor_declaration" }],
        regex: "\\.addCookie\\(|getSession\\([^)]*\\)\\.setAttribute\\(|session\\.setAttribute\\(",
        stopBy: "end",
      },
    },
    message: "java.util.Random is predictable, and this method puts values into a cookie or the session",
    unlessContext: SECRET_CONTEXT,
  },
  {
    hazard: "insecure-cookie",
    prefilter: /setSecure|setHttpOnly/,
    rule: { kind: "method_invocation", regex: "\\.(?:setSecure|setHttpOnly)\\(\\s*false\\s*\\)$" },
    message: "Cookie set without the Secure or HttpOnly flag",
    fix: { description: "set the flag to true", rewrite: { pattern: /false(\s*\))$/, with: "true$1" } },
  },
  {
    hazard: "tls-verification-disabled",
    prefilter: /checkServerTrusted|boolean\s+verify|NoopHostnameVerifier|ALLOW_ALL_HOSTNAME_VERIFIER/,
    rule: {
      kind: "method_declaration",
      any: [
        {
          regex:
            "^(?:@Override\\s+)?public\\s+void\\s+checkServerTrusted\\s*\\([^)]*\\)\\s*(?:throws\\s+[\\w.,\\s]+)?\\{\\s*\\}$",
        },
        {
          regex:
            "^(?:@Override\\s+)?public\\s+boolean\\s+verify\\s*\\(\\s*String\\s+\\w+\\s*,\\s*SSLSession\\s+\\w+\\s*\\)\\s*\\{\\s*return\\s+true\\s*;\\s*\\}$",
        },
      ],
    },
    message: "A TrustManager or HostnameVerifier that accepts every certificate or host",
  },
  {
    hazard: "tls-verification-disabled",
    prefilter: /NoopHostnameVerifier|ALLOW_ALL_HOSTNAME_VERIFIER/,
    rule: {
      regex:
        "^(?:NoopHostnameVerifier\\.INSTANCE|SSLConnectionSocketFactory\\.ALLOW_ALL_HOSTNAME_VERIFIER|new\\s+NoopHostnameVerifier\\(\\s*\\))$",
    },
    message: "Host name verification is disabled",
  },
  {
    hazard: "xxe",
    prefilter: /Factory/,
    rule: {
      kind: "method_invocation",
      regex:
        "^(?:DocumentBuilderFactory|SAXParserFactory|XMLInputFactory|TransformerFactory|SchemaFactory|SAXTransformerFactory|XMLReaderFactory)\\.(?:newInstance|newFactory|newDefaultInstance|createXMLReader)\\(",
    },
    message: "XML parser factory created without disabling DTDs and external entities (XXE)",
    unlessFile:
      /disallow-doctype-decl|FEATURE_SECURE_PROCESSING|XMLConstants\.ACCESS_EXTERNAL_DTD|IS_SUPPORTING_EXTERNAL_ENTITIES\s*,\s*false|SUPPORT_DTD\s*,\s*false|external-general-entities"\s*,\s*false/,
  },
  {
    hazard: "unsafe-deserialization",
    prefilter: /ObjectInputStream|XMLDecoder|Yaml|fromXML/,
    rule: {
      any: [
        {
          kind: "object_creation_expression",
          regex: "^new\\s+(?:java\\.io\\.)?(?:ObjectInputStream|XMLDecoder)\\(",
        },
        { kind: "object_creation_expression", regex: "^new\\s+Yaml\\(\\s*\\)$" },
        { kind: "method_invocation", regex: "^(?:xstream|xStream|XSTREAM)\\.fromXML\\(" },
      ],
    },
    message: "Deserializing Java objects from a stream can run gadget chains (remote code execution)",
    unlessFile: /ObjectInputFilter|setObjectInputFilter|ValidatingObjectInputStream|allowTypes|addPermission/,
  },
  {
    // Spring Security: `http.csrf().disable()`, `http.csrf(c -> c.disable())`,
    // `http.csrf(AbstractHttpConfigurer::disable)`; exempting paths (`ignoringRequestMatchers`) is not this.
    hazard: "spring-csrf-disabled",
    prefilter: /\.csrf\(/,
    rule: { kind: "method_invocation", regex: "\\.csrf\\(" },
    where:
      /\.csrf\(\s*\)\s*\.disable\(\s*\)$|\.csrf\(\s*(?:\(?\s*(\w+)\s*\)?\s*->\s*\{?\s*\1\s*\.disable\(\s*\)\s*;?\s*\}?|\w*Configurer::disable)\s*\)$/,
    message: "Spring Security's CSRF protection is disabled for this filter chain",
  },
  {
    hazard: "hardcoded-credential",
    prefilter: CREDENTIAL_WORDS,
    rule: { any: [{ kind: "variable_declarator" }, { kind: "assignment_expression" }] },
    credential: { key: "name", value: "value" },
    message: "A credential is written into the code",
    inTests: "low",
  },
  // The audit tier: reviewed whatever the data, low severity, never in tests, not on a line the
  // precise rule of the hazard reports.
  {
    hazard: "weak-hash-algorithm",
    prefilter: /MessageDigest|DigestUtils/,
    rule: {
      kind: "method_invocation",
      any: [
        {
          regex:
            '^(?:java\\.security\\.)?MessageDigest\\.getInstance\\(\\s*"(?i:md5|md4|md2|sha1|sha-1|sha)"',
        },
        {
          regex:
            "^(?:org\\.apache\\.commons\\.codec\\.digest\\.)?DigestUtils\\.(?:md5|md2|sha1|sha|getMd5Digest|getMd2Digest|getSha1Digest|getShaDigest)(?:Hex)?\\(",
        },
      ],
    },
    message:
      "MD5/SHA-1 is broken for signatures and integrity against tampering; review what this hash protects",
    unlessReported: { patterns: ["weak-hash"] },
    inTests: "skip",
  },
  {
    hazard: "non-cryptographic-random",
    prefilter: /Random|Math\.random/,
    rule: {
      any: [
        { kind: "object_creation_expression", regex: "^new\\s+(?:java\\.util\\.)?Random\\(" },
        { kind: "method_invocation", regex: "^(?:java\\.lang\\.)?(?:Strict)?Math\\.random\\(\\s*\\)$" },
        {
          kind: "method_invocation",
          regex: "^(?:java\\.util\\.concurrent\\.)?ThreadLocalRandom\\.current\\(\\s*\\)$",
        },
        {
          kind: "method_invocation",
          regex: "^(?:org\\.apache\\.commons\\.lang3?\\.)?RandomStringUtils\\.random\\w*\\(",
        },
      ],
    },
    message:
      "java.util.Random is predictable: fine for simulations and jitter, never for tokens, keys or IDs that must not be guessed (SecureRandom)",
    unlessReported: { patterns: ["weak-randomness"] },
    inTests: "skip",
  },
];
