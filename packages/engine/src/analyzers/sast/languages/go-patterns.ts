// Pattern rules for Go.
import { CREDENTIAL_WORDS, SECRET_CONTEXT } from "./shared-patterns.ts";
import type { PatternHazard, PatternSpec, TaintHazard } from "./types.ts";

/** math/rand (and v2) functions that draw numbers, and `New` for a generator of its own. */
const MATH_RAND_FUNCTIONS =
  "Int|Intn|Int31|Int31n|Int63|Int63n|Int32|Int32N|Int64|Int64N|IntN|Uint|Uint32|Uint32N|Uint64|Uint64N|UintN|N|Float32|Float64|ExpFloat64|NormFloat64|Read|Perm|Shuffle|New";

/** A Go string literal (interpreted or raw) with no interpolation: its value is fixed. */
const GO_STRING = '(?:"(?:[^"\\\\\\n]|\\\\.)*"|`[^`]*`)';

/** A SQL statement at the start of a Go string literal (after the opening quote). */
const GO_SQL_START =
  '^["`]\\s*(?i:select\\s+[\\s\\S]*?\\sfrom\\s|insert\\s+into\\s|update\\s+\\S+\\s+set\\s|delete\\s+from\\s|replace\\s+into\\s)';

/** Key sizes below 2048 bits. */
const SMALL_KEY = "(?:[0-9]{1,3}|1[0-9]{3}|20[0-3][0-9]|204[0-7])";

/** File modes in which other users may write (the "other" digit has the 2 bit), or any 07x7. */
const WORLD_WRITABLE_MODE = "0o?[0-7]?[0-7][0-7][2367]";

/** File modes that grant the group or other users anything (beyond 0600/0700). */
const SHARED_FILE_MODE = "0o?[0-7]?[0-7](?:[1-7][0-7]|[0-7][1-7])";

/** Directory modes in which the group may write or other users may list or enter (beyond 0750). */
const SHARED_DIRECTORY_MODE = "0o?[0-7]?[0-7](?:[2367][0-7]|[0-7][1-7])";

/** A byte slice written in the code: `[]byte("…")`, `[]byte{1, 2, …}`. */
const BYTE_LITERAL = '\\[\\]byte(?:\\(\\s*["`]|\\{)';

/** The block-mode and stream constructors that take an IV: `cipher.NewCTR(block, iv)`. */
const IV_CONSTRUCTORS = "cipher\\.New(?:CTR|OFB|CFBEncrypter|CFBDecrypter|CBCEncrypter|CBCDecrypter)";

/** The functions that open, create or remove a file by the path in their first argument. */
const FILE_PATH_CALLS =
  "os\\.(?:Open|OpenFile|ReadFile|WriteFile|Create|Remove|RemoveAll|ReadDir|Mkdir|MkdirAll|Chmod)|ioutil\\.(?:ReadFile|WriteFile|ReadDir)";

/** The argument at `position` (1-based) of a call whose text starts with one of `callees`. */
function argumentOf(callees: string, position: number): Record<string, unknown> {
  return {
    nthChild: position,
    inside: { kind: "argument_list", inside: { kind: "call_expression", regex: `^(?:${callees})\\(` } },
  };
}

/**
 * The audit of a sink's argument that is not fixed text (gosec G107/G304 report these whatever
 * the data): a parameter, a package variable (`-ldflags -X` and any file of the package can set
 * it, even when it is declared with a literal), or a value built from them. Flows from a known
 * source are the taint rules' findings and the local-input audit's, not these.
 */
function variableArgumentAudits(
  hazard: PatternHazard,
  precise: TaintHazard,
  calls: readonly { callees: string; position: number }[],
  message: string,
  unless?: RegExp,
  unlessAssigned?: string,
  precisePatterns: readonly PatternHazard[] = [],
): PatternSpec[] {
  return calls.flatMap(({ callees, position }) => {
    const common = {
      hazard,
      prefilter: new RegExp(callees),
      message,
      unlessReported: { taint: [precise], patterns: precisePatterns },
      inTests: "skip" as const,
      ...(unless ? { unless } : {}),
      // the argument is a name the file assigns from such a call (`fp = filepath.Clean(fp)`)
      ...(unlessAssigned
        ? {
            unlessFileMentions: `(?:^|\\n)[ \\t]*$NAME(?:[ \\t]*,[ \\t]*\\w+)*[ \\t]*:?=[ \\t]*(?:${unlessAssigned})`,
          }
        : {}),
    };
    return [
      { ...common, rule: { ...argumentOf(callees, position), pattern: "$NAME" }, variable: true },
      {
        ...common,
        rule: { ...argumentOf(callees, position), kind: "identifier", pattern: "$NAME" },
        // a package-level `var name = "…"` (alone or in a `var (…)` group) is still a variable
        ifFileMentions: "(?:^|\\n)var\\s+(?:\\([^)]*\\n\\s*)?$NAME\\b",
      },
    ];
  });
}

/**
 * The calls that change or create what a path names, following a symbolic link in any component:
 * remove, chmod/chown, truncate, create or open for writing.
 */
const PATH_MUTATIONS =
  "os\\.(?:Remove|RemoveAll|Chmod|Chown|Lchown|Chtimes|Truncate|Create|WriteFile|OpenFile|Rename|Link|Symlink|Mkdir|MkdirAll)";

/** A path in the walked tree: the callback's path parameter, `path + ".bak"`, `filepath.Join(path, …)`. */
const WALKED_PATH = {
  any: [
    { kind: "identifier", pattern: "$PATH" },
    { kind: "binary_expression", has: { field: "left", kind: "identifier", pattern: "$PATH" } },
    {
      kind: "call_expression",
      regex: "^(?:filepath|path)\\.(?:Join|Dir|Clean)\\(",
      has: { kind: "argument_list", has: { nthChild: 1, kind: "identifier", pattern: "$PATH" } },
    },
  ],
};

/** Inside the function literal passed to filepath.Walk/WalkDir, whose first parameter is `$PATH`. */
const IN_WALK_CALLBACK = {
  kind: "func_literal",
  stopBy: "end",
  has: {
    kind: "parameter_list",
    has: { kind: "parameter_declaration", nthChild: 1, has: { kind: "identifier", pattern: "$PATH" } },
  },
  inside: {
    kind: "argument_list",
    inside: { kind: "call_expression", regex: "^filepath\\.Walk(?:Dir)?\\(" },
  },
};

/**
 * G122: a Walk callback that removes, chmods or writes the path it was handed. Between the walk's
 * lstat and the call, whoever can write in the tree can swap a component for a symbolic link, and
 * the call follows it out of the tree (`rm -rf` of a user's directory deleting /etc). `os.Root`
 * (Go 1.24) resolves each path inside the opened directory and refuses links that leave it.
 */
function walkedPathRaces(): PatternSpec[] {
  const common = {
    hazard: "walked-path-race" as const,
    prefilter: /filepath\.Walk/,
    // opening for reading only changes nothing
    unless: /^os\.OpenFile\([^,]+,\s*os\.O_RDONLY\s*,/,
    message:
      "A path from filepath.Walk is changed with a call that follows symbolic links: whoever writes in the tree can redirect it outside",
    inTests: "skip" as const,
  };
  const sink = (argument: Record<string, unknown>, inside: Record<string, unknown>) => ({
    kind: "call_expression",
    regex: `^${PATH_MUTATIONS}\\(`,
    has: { kind: "argument_list", has: { nthChild: 1, ...argument } },
    inside,
  });
  return [
    { ...common, rule: sink(WALKED_PATH, IN_WALK_CALLBACK) },
    {
      ...common,
      // through a name the callback declares from it: `target := path + ".bak"`
      rule: sink(
        { kind: "identifier", pattern: "$TARGET" },
        {
          kind: "func_literal",
          stopBy: "end",
          all: [
            { has: IN_WALK_CALLBACK.has },
            {
              has: {
                kind: "short_var_declaration",
                stopBy: "end",
                all: [
                  { has: { field: "left", has: { kind: "identifier", pattern: "$TARGET" } } },
                  { has: { field: "right", has: WALKED_PATH } },
                ],
              },
            },
          ],
          inside: IN_WALK_CALLBACK.inside,
        },
      ),
    },
  ];
}

/**
 * A block-mode constructor or an AEAD's Seal/Open: the IV is the second argument of each. The
 * tree test names the method without Unicode classes (ast-grep compiles a rule's regex on every
 * search, and `\\w` or sixteen patterns cost more than the rest of the Go rules); `where` then
 * checks the package in V8.
 */
const IV_CALL = {
  kind: "call_expression",
  has: {
    field: "function",
    kind: "selector_expression",
    has: {
      field: "field",
      regex: "^(?:NewCTR|NewOFB|NewCFBEncrypter|NewCFBDecrypter|NewCBCEncrypter|NewCBCDecrypter|Seal|Open)$",
    },
  },
};
const IV_CALL_TEXT = new RegExp(`^(?:${IV_CONSTRUCTORS}|\\w+\\.(?:Seal|Open))\\(`);

/** The IV argument as `$IV`: a name, or a name converted (`[]byte(s)`) when `converted`. */
function ivArgument(converted: boolean): Record<string, unknown> {
  const name = { kind: "identifier", pattern: "$IV" };
  return {
    kind: "argument_list",
    has: {
      nthChild: 2,
      ...(converted ? { kind: "type_conversion_expression", has: { ...name, field: "operand" } } : name),
    },
  };
}

/** Fixed bytes as Go writes them: a string literal, `[]byte("…")`, `[]byte{1, 2, …}`. */
const FIXED_BYTES = '(?:"|`|\\[\\]byte\\s*[({]\\s*["`\\d])';

/**
 * The IV is the function's parameter number `position` (`func wrapper(iv []byte, b cipher.Block)`,
 * also `[]byte(s)` of a string parameter) and a call of that function in the file passes fixed
 * bytes there: a literal, or a name declared or assigned with one (`var globalIV = []byte("…")`).
 * One parameter per declaration is assumed (`func f(a, iv []byte)` is not matched).
 */
function ivParameters(): PatternSpec[] {
  return [1, 2, 3].map((position) => {
    const argument = `\\b$FN\\(\\s*(?:[^,()]+,\\s*){${position - 1}}`;
    const declared = `(?:\\s+(?:\\[\\]byte|string))?\\s*:?=\\s*${FIXED_BYTES}`;
    return {
      hazard: "static-nonce" as const,
      // `.Open(` alone is in most Go files; these specs need the import anyway
      prefilter: /"crypto\/cipher"/,
      rule: {
        ...IV_CALL,
        all: [{ any: [{ has: ivArgument(false) }, { has: ivArgument(true) }] }],
        inside: {
          kind: "function_declaration",
          stopBy: "end",
          all: [
            { has: { field: "name", pattern: "$FN" } },
            {
              has: {
                field: "parameters",
                has: {
                  kind: "parameter_declaration",
                  nthChild: position,
                  has: { kind: "identifier", pattern: "$IV" },
                },
              },
            },
          ],
        },
      },
      where: IV_CALL_TEXT,
      ifFile: /"crypto\/cipher"/,
      // the call passes a literal, or a name given one before or after the call
      ifFileMentions: `${argument}${FIXED_BYTES}|\\b(\\w+)${declared}[\\s\\S]*${argument}\\1\\s*[,)]|${argument}(\\w+)\\s*[,)][\\s\\S]*\\b\\2${declared}`,
      message:
        "The IV or nonce ($IV) is a parameter that a call of $FN in this file passes fixed bytes: every message it encrypts uses the same one",
    };
  });
}

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
    hazard: "weak-cipher",
    prefilter: /TLS_/,
    // a TLS configuration that offers these suites: RSA key exchange (no forward secrecy, the
    // ROBOT attacks), RC4 or 3DES; Go 1.22 dropped them from its defaults for these reasons
    rule: {
      kind: "selector_expression",
      regex: "^tls\\.TLS_(?:RSA_WITH_\\w+|\\w+_WITH_(?:RC4_128|3DES_EDE_CBC)_\\w+)$",
    },
    message: "TLS cipher suite without forward secrecy (RSA key exchange) or with RC4/3DES",
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
    // in a literal, or set on a config afterwards (`conf.InsecureSkipVerify = true`)
    rule: {
      any: [
        { kind: "keyed_element", regex: "^InsecureSkipVerify\\s*:\\s*true$" },
        { kind: "assignment_statement", regex: "\\.InsecureSkipVerify\\s*=\\s*true$" },
      ],
    },
    message: "TLS certificate verification is disabled (InsecureSkipVerify = true)",
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
  {
    hazard: "bind-all-interfaces",
    prefilter: /Listen/,
    // `net.Listen("tcp", ":8080")` and `"0.0.0.0:8080"` accept connections on every interface;
    // the HTTP helpers only when the address names 0.0.0.0 (":8080" there is the usual idiom
    // behind a container's port mapping, which chooses the exposure)
    rule: {
      kind: "call_expression",
      any: [
        {
          regex:
            '^(?:net\\.(?:Listen|ListenPacket)|tls\\.Listen)\\(\\s*"(?:tcp|tcp4|tcp6|udp|udp4|udp6)"\\s*,\\s*"(?:0\\.0\\.0\\.0|\\[::\\]|)?:\\d*"',
        },
        { regex: '^http\\.ListenAndServe(?:TLS)?\\(\\s*"(?:0\\.0\\.0\\.0|\\[::\\]):\\d*"' },
      ],
    },
    message: "The server listens on every network interface, not only the one it is meant to serve",
    inTests: "skip",
  },
  {
    hazard: "bind-all-interfaces",
    prefilter: /Listen/,
    // the same addresses held in a constant or a variable of the file: `const addr = ":9000"`
    // then `net.Listen("tcp", addr)`
    rule: {
      kind: "call_expression",
      any: [
        { pattern: "net.Listen($NETWORK, $ADDRESS)" },
        { pattern: "net.ListenPacket($NETWORK, $ADDRESS)" },
        { pattern: "tls.Listen($NETWORK, $ADDRESS, $CONFIG)" },
      ],
    },
    constraints: { ADDRESS: { kind: "identifier" } },
    ifFileMentions: '\\b$ADDRESS\\s*(?:[\\w.]+\\s*)?:?=\\s*"(?:0\\.0\\.0\\.0|\\[::\\]|)?:\\d*"',
    message: "The server listens on every network interface, not only the one it is meant to serve",
    inTests: "skip",
  },
  {
    hazard: "bind-all-interfaces",
    prefilter: /Listen/,
    // the network and address from a function that splits an all-interfaces address:
    // `net.Listen(parseListenAddr(":2000"))`
    rule: {
      kind: "call_expression",
      regex:
        '^(?:net\\.(?:Listen|ListenPacket)|tls\\.Listen)\\(\\s*[\\w.]+\\(\\s*"(?:0\\.0\\.0\\.0|\\[::\\]|)?:\\d*"\\s*\\)\\s*\\)$',
    },
    message:
      "The server listens on every network interface: the address its parsing function splits has no host",
    inTests: "skip",
  },
  {
    hazard: "bind-all-interfaces",
    prefilter: /Listen/,
    // the same through a name declared with such an address: `net.Listen(parseListenAddr(addr))`
    rule: {
      kind: "call_expression",
      regex: "^net\\.(?:Listen|ListenPacket)\\(\\s*[\\w.]+\\(\\s*[A-Za-z_]\\w*\\s*\\)\\s*\\)$",
      has: {
        kind: "argument_list",
        has: {
          kind: "call_expression",
          has: { kind: "argument_list", has: { kind: "identifier", pattern: "$ADDRESS" } },
        },
      },
    },
    ifFileMentions: '\\b$ADDRESS\\s*(?:[\\w.]+\\s*)?:?=\\s*"(?:0\\.0\\.0\\.0|\\[::\\]|)?:\\d*"',
    message:
      "The server listens on every network interface: the address its parsing function splits has no host",
    inTests: "skip",
  },
  {
    hazard: "bind-all-interfaces",
    prefilter: /ListenAndServe/,
    rule: {
      kind: "call_expression",
      any: [
        { pattern: "http.ListenAndServe($ADDRESS, $$$)" },
        { pattern: "http.ListenAndServeTLS($ADDRESS, $$$)" },
      ],
    },
    constraints: { ADDRESS: { kind: "identifier" } },
    ifFileMentions: '\\b$ADDRESS\\s*(?:[\\w.]+\\s*)?:?=\\s*"(?:0\\.0\\.0\\.0|\\[::\\]):\\d*"',
    message: "The server listens on every network interface, not only the one it is meant to serve",
    inTests: "skip",
  },
  {
    hazard: "permissive-file-permissions",
    prefilter: /os\.(?:WriteFile|OpenFile|Chmod|Mkdir|MkdirAll)|ioutil\.WriteFile/,
    rule: {
      kind: "call_expression",
      any: [
        {
          regex: `^(?:os\\.(?:WriteFile|Mkdir|MkdirAll|Chmod)|ioutil\\.WriteFile)\\([\\s\\S]*,\\s*(?:os\\.FileMode\\()?${WORLD_WRITABLE_MODE}\\)?\\s*\\)$`,
        },
        { regex: `^os\\.OpenFile\\([\\s\\S]*,\\s*(?:os\\.FileMode\\()?${WORLD_WRITABLE_MODE}\\)?\\s*\\)$` },
        { regex: "^os\\.(?:Chmod|WriteFile|Mkdir|MkdirAll|OpenFile)\\([\\s\\S]*os\\.ModePerm\\s*\\)$" },
      ],
    },
    message: "The file or directory is created with a mode in which other users may write",
  },
  {
    hazard: "weak-password-hash-cost",
    prefilter: /bcrypt\./,
    // bcrypt's cost is the base-2 logarithm of its work: below the library's default (10) an
    // offline guess costs 2^(10-cost) times less
    rule: {
      kind: "call_expression",
      regex: "^bcrypt\\.GenerateFromPassword\\([\\s\\S]*,\\s*(?:[0-9]|bcrypt\\.MinCost)\\s*\\)$",
    },
    message: "bcrypt hash with a cost below the default of 10: each password guess is cheaper to try",
    fix: {
      description: "use bcrypt.DefaultCost or higher",
      rewrite: { pattern: /(?:[0-9]|bcrypt\.MinCost)(\s*\))$/, with: "bcrypt.DefaultCost$1" },
    },
  },
  {
    hazard: "weak-key-size",
    prefilter: /GenerateKey|GenerateParameters/,
    rule: {
      kind: "call_expression",
      any: [
        { regex: `^rsa\\.GenerateKey\\([^,]+,\\s*${SMALL_KEY}\\s*\\)$` },
        { regex: `^rsa\\.GenerateMultiPrimeKey\\([^,]+,\\s*\\d+\\s*,\\s*${SMALL_KEY}\\s*\\)$` },
        { regex: "^dsa\\.GenerateParameters\\([\\s\\S]*dsa\\.L1024N160" },
      ],
    },
    message: "RSA/DSA key shorter than 2048 bits",
  },
  {
    hazard: "old-tls-version",
    prefilter: /VersionTLS1[01]|VersionSSL30/,
    rule: {
      kind: "keyed_element",
      regex: "^MinVersion\\s*:\\s*(?:tls\\.)?(?:VersionSSL30|VersionTLS10|VersionTLS11)$",
    },
    message: "TLS configuration accepts TLS 1.0/1.1 or SSL 3 (MinVersion)",
    fix: {
      description: "require TLS 1.2 or later",
      rewrite: { pattern: /(?:VersionSSL30|VersionTLS10|VersionTLS11)$/, with: "VersionTLS12" },
    },
  },
  {
    hazard: "old-tls-version",
    prefilter: /VersionTLS1[01]|VersionSSL30/,
    rule: {
      kind: "keyed_element",
      regex: "^MaxVersion\\s*:\\s*(?:tls\\.)?(?:VersionSSL30|VersionTLS10|VersionTLS11)$",
    },
    message: "TLS configuration caps the protocol at TLS 1.1 or older (MaxVersion)",
  },
  {
    hazard: "insecure-cookie",
    prefilter: /http\.Cookie\s*\{/,
    // a cookie literal that never sets Secure or HttpOnly gets false; a flag set from a
    // variable is not judged
    rule: {
      kind: "composite_literal",
      regex: "^http\\.Cookie\\s*\\{",
      any: [
        { not: { has: { kind: "literal_value", has: { kind: "keyed_element", regex: "^Secure\\s*:" } } } },
        { not: { has: { kind: "literal_value", has: { kind: "keyed_element", regex: "^HttpOnly\\s*:" } } } },
      ],
    },
    message: "Cookie created without the Secure or HttpOnly flag (both default to false)",
  },
  {
    hazard: "html-marked-safe",
    prefilter: /template\.(?:HTML|JS|URL|HTMLAttr|CSS|JSStr|Srcset)\(/,
    rule: {
      kind: "call_expression",
      regex: "^template\\.(?:HTML|JS|URL|HTMLAttr|CSS|JSStr|Srcset)\\(",
      has: {
        kind: "argument_list",
        not: { regex: `^\\(\\s*${GO_STRING}\\s*\\)$` },
      },
    },
    ifFile: /"html\/template"/,
    message:
      "A value that is not a literal is marked as trusted HTML/JS/URL: html/template will not escape it",
    unlessTaint: "xss",
  },
  {
    hazard: "template-autoescape-disabled",
    prefilter: /"text\/template"/,
    // text/template does no escaping: rendering it into an HTTP response is HTML without escapes
    rule: { kind: "import_spec", regex: '"text/template"$' },
    ifFile: /http\.ResponseWriter|gin\.Context|echo\.Context/,
    // data escaped before it is rendered (`html.EscapeString`) leaves the template nothing to escape
    unlessTemplateDataEscaped: true,
    message: "text/template renders into an HTTP response without escaping; use html/template",
    fix: {
      description: "use html/template (same API, contextual escaping)",
      rewrite: { pattern: /"text\/template"$/, with: '"html/template"' },
    },
  },
  {
    hazard: "dynamic-sql-query",
    prefilter: /(?:select|insert|update|delete|replace)\s/i,
    // fmt.Sprintf with a string verb (`%s`, `%v`, `%q`); `%d` formats a number, which cannot carry SQL
    rule: {
      kind: "call_expression",
      regex: "^fmt\\.Sprintf\\(",
      has: {
        kind: "argument_list",
        has: { nthChild: 1, regex: GO_SQL_START },
      },
    },
    where: /^fmt\.Sprintf\(\s*(?:"(?:[^"\\\n]|\\.)*%[-+# 0-9.]*[svqx]|`[^`]*%[-+# 0-9.]*[svqx])[\s\S]*,/,
    message: "SQL built with fmt.Sprintf from a variable; pass values as query arguments ($1, ?)",
    // `fmt.Sprintf("… FROM %s", table)` with `const table = "users"` is fixed text
    variable: true,
    unlessTaint: "sql-injection",
    inTests: "skip",
  },
  {
    hazard: "dynamic-sql-query",
    prefilter: /(?:select|insert|update|delete|replace)\s/i,
    rule: {
      kind: "binary_expression",
      regex: '^["`]',
      has: { field: "left", regex: GO_SQL_START },
      // a literal, a number formatted as text or a value quoted by lib/pq cannot carry SQL
      not: {
        has: {
          field: "right",
          any: [
            { kind: "interpreted_string_literal" },
            { kind: "raw_string_literal" },
            {
              kind: "call_expression",
              regex:
                "^(?:strconv\\.(?:Itoa|FormatInt|FormatUint|FormatFloat)|len|pq\\.QuoteLiteral|pq\\.QuoteIdentifier)\\(",
            },
          ],
        },
      },
    },
    message: "SQL built by concatenating a variable; pass values as query arguments ($1, ?)",
    variable: true,
    unlessTaint: "sql-injection",
    inTests: "skip",
  },
  {
    hazard: "dynamic-shell-command",
    prefilter: /exec\.Command/,
    rule: {
      kind: "call_expression",
      has: { field: "function", regex: "^exec\\.Command(?:Context)?$" },
    },
    // `exec.Command("sh", "-c", cmd)` (the shell parses whatever cmd holds) with a command that
    // is not one literal, or the program itself from a variable
    where:
      /^exec\.Command(?:Context)?\((?:\s*\w+\s*,)?\s*"(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da)?sh"\s*,\s*"-c"\s*,\s*(?!\s|"(?:[^"\\]|\\.)*"\s*\)$)|^exec\.Command\(\s*(?![\s"`])[^,)]+|^exec\.CommandContext\(\s*[^,]+,\s*(?![\s"`])[^,)]+/,
    message: "A command built from a variable is executed; any part of it that comes from outside runs",
    // `run := "sleep"` then `exec.Command(run)` runs a fixed program
    variable: true,
    unlessTaint: "command-injection",
    inTests: "skip",
  },
  {
    hazard: "dynamic-shell-command",
    prefilter: /syscall\.(?:Exec|ForkExec|StartProcess)/,
    // the low-level process calls, with the program path from a variable
    rule: { kind: "call_expression", regex: "^syscall\\.(?:Exec|ForkExec|StartProcess)\\(" },
    where: /^syscall\.(?:Exec|ForkExec|StartProcess)\(\s*(?![\s"`])/,
    message: "A program chosen at run time is started; whoever controls the path controls what runs",
    variable: true,
    unlessTaint: "command-injection",
    inTests: "skip",
  },
  {
    hazard: "partial-executable-path",
    prefilter: /syscall\.(?:Exec|ForkExec|StartProcess)/,
    // syscall searches no PATH: a relative program path is opened from the working directory, so
    // `syscall.Exec("sleep", …)` runs whatever `./sleep` is there (os/exec's lookup refuses that)
    rule: { kind: "call_expression", regex: "^syscall\\.(?:Exec|ForkExec|StartProcess)\\(" },
    firstArgumentLiteral: /^["`](?!\/)/,
    message: "The program path is relative: syscall starts the file of that name in the working directory",
    inTests: "skip",
  },
  {
    hazard: "unsafe-archive-extraction",
    prefilter: /archive\/(?:zip|tar)/,
    // Zip slip: an entry's name joined to the destination; without a prefix check after the
    // join, `../../x` writes outside it
    rule: {
      kind: "call_expression",
      regex: "^(?:filepath|path)\\.Join\\([\\s\\S]*\\.Name\\b",
    },
    where: /\b(?:f|file|entry|zf|zipFile|hdr|header|h|th|item)\.Name\b/,
    unlessFile: /strings\.HasPrefix\(|filepath\.IsLocal\(|filepath\.Rel\(|strings\.Contains\([^)]*"\.\."/,
    message: "An archive entry's name is joined to a path without checking it stays inside (zip slip)",
  },
  {
    hazard: "unsafe-archive-extraction",
    prefilter: /(?:gzip|zlib|flate|bzip2|lzw|zip|zstd)\./,
    // decompression bomb: copying a decompressing reader with no bound; io.LimitReader /
    // io.CopyN bound it
    rule: {
      any: [
        { pattern: "io.Copy($DST, $SRC)" },
        { pattern: "io.CopyBuffer($DST, $SRC, $BUF)" },
        // a one-argument call alone parses as a conversion; the context makes it a call
        { pattern: { context: "func f() { io.ReadAll($SRC) }", selector: "call_expression" } },
        { pattern: { context: "func f() { ioutil.ReadAll($SRC) }", selector: "call_expression" } },
      ],
    },
    constraints: { SRC: { kind: "identifier" } },
    ifFile: /"compress\/(?:gzip|zlib|flate|bzip2|lzw)"|"archive\/zip"|zstd\.NewReader/,
    // the copied reader is the one a decompressor (or a zip entry's Open) returned
    ifFileMentions:
      "\\b$SRC\\s*(?:,\\s*\\w+\\s*)?:?=\\s*(?:(?:gzip|zlib|flate|bzip2|lzw|zstd)\\.NewReader\\(|\\w+\\.Open\\(\\s*\\))",
    unlessFile: /io\.LimitReader|io\.CopyN|LimitedReader|MaxBytesReader/,
    message: "A decompressing reader is copied without a size limit (decompression bomb)",
  },
  {
    hazard: "http-server-without-timeout",
    prefilter: /ListenAndServe|http\.Serve(?:TLS)?\(|http\.Server\s*\{/,
    // the package-level helpers (on an address or a listener) build a Server with no timeouts at all
    rule: { kind: "call_expression", regex: "^http\\.(?:ListenAndServe|Serve)(?:TLS)?\\(" },
    message:
      "http.ListenAndServe and http.Serve have no read timeouts: slow clients hold connections open (Slowloris)",
    inTests: "skip",
  },
  {
    hazard: "http-server-without-timeout",
    prefilter: /http\.Server\s*\{/,
    rule: {
      kind: "composite_literal",
      regex: "^http\\.Server\\s*\\{",
      not: {
        has: {
          kind: "literal_value",
          has: { kind: "keyed_element", regex: "^(?:ReadHeaderTimeout|ReadTimeout)\\s*:" },
        },
      },
    },
    message:
      "http.Server without ReadHeaderTimeout or ReadTimeout: slow clients hold connections open (Slowloris)",
    inTests: "skip",
  },
  {
    hazard: "unsafe-package-use",
    prefilter: /unsafe\./,
    rule: {
      kind: "call_expression",
      regex: "^unsafe\\.(?:Pointer|Slice|String|StringData|SliceData|Add)\\(",
    },
    ifFile: /^\s*(?:import\s+)?"unsafe"/m,
    message: "The unsafe package bypasses Go's type and memory safety; a mistake here corrupts memory",
    inTests: "skip",
  },
  {
    hazard: "ssh-host-key-not-verified",
    prefilter: /InsecureIgnoreHostKey/,
    rule: { kind: "call_expression", regex: "^ssh\\.InsecureIgnoreHostKey\\(\\s*\\)$" },
    message:
      "SSH client accepts any host key (ssh.InsecureIgnoreHostKey): a man in the middle sees the session",
  },
  {
    hazard: "debug-mode-enabled",
    prefilter: /net\/http\/pprof/,
    // the blank import registers /debug/pprof/ handlers (heap dumps, goroutine stacks, CPU
    // profiles) on http.DefaultServeMux, which every ListenAndServe(addr, nil) serves
    rule: { kind: "import_spec", regex: '"net/http/pprof"$' },
    message:
      "net/http/pprof is imported: /debug/pprof/ exposes heap, goroutines and profiles on the default mux",
    inTests: "skip",
  },
  {
    hazard: "insecure-temp-file",
    prefilter: /["`](?:\/tmp|\/var\/tmp|\/dev\/shm)\//,
    // a fixed name in a shared directory, created or written: another user can create it or a
    // link to it first (os.CreateTemp picks an unpredictable name)
    rule: {
      kind: "call_expression",
      regex:
        '^(?:os\\.(?:Create|OpenFile|WriteFile|Mkdir|MkdirAll)|ioutil\\.WriteFile)\\(\\s*["`](?:/tmp|/var/tmp|/dev/shm)/',
    },
    message: "A fixed path in a shared temporary directory: other users can create or link it first",
    inTests: "skip",
  },
  {
    hazard: "unbounded-request-body",
    prefilter: /ParseMultipartForm/,
    // its argument bounds the memory, not the body: the rest of a multipart body is written to
    // temporary files, as much as the client sends, unless the body is wrapped in MaxBytesReader
    rule: { kind: "call_expression", regex: "^[\\w.]+\\.ParseMultipartForm\\(" },
    unlessFile: /MaxBytesReader|MaxBytesHandler/,
    message:
      "ParseMultipartForm without http.MaxBytesReader: a client can send a body of any size, spooled to disk",
    inTests: "skip",
  },
  {
    hazard: "cross-origin-protection-bypass",
    prefilter: /AddInsecureBypassPattern/,
    // a bypass for every path ("/", "/*", "/{rest...}", with or without a method) turns the
    // protection off
    rule: {
      kind: "call_expression",
      regex:
        '^[\\w.]+\\.AddInsecureBypassPattern\\(\\s*"(?:[A-Z]+ +)?(?:[\\w.-]*)/(?:\\*|\\{[^}]*\\.\\.\\.\\})?"\\s*\\)$',
    },
    message: "The cross-origin protection is bypassed for every path: it no longer protects anything",
  },
  {
    hazard: "cross-origin-protection-bypass",
    prefilter: /AddInsecureBypassPattern/,
    rule: {
      kind: "call_expression",
      regex: '^[\\w.]+\\.AddInsecureBypassPattern\\(\\s*[^\\s"`]',
    },
    message:
      "The paths exempt from cross-origin protection come from a variable: whoever sets it disables the check",
    variable: true,
  },
  {
    hazard: "filesystem-root-served",
    prefilter: /http\.Dir|os\.DirFS/,
    rule: {
      kind: "call_expression",
      regex: '^(?:http\\.Dir|os\\.DirFS)\\(\\s*"/"\\s*\\)$',
    },
    message: "The whole file system is served: every file the process can read is one URL away",
  },
  {
    hazard: "redirect-forwards-credentials",
    prefilter: /CheckRedirect/,
    // Go's client drops Authorization and Cookie headers when a redirect leaves the domain; a
    // CheckRedirect that copies the previous request's headers or sets them again undoes that
    rule: {
      any: [
        { kind: "assignment_statement", regex: "^\\w+\\.Header\\s*=\\s*\\w+\\[" },
        {
          kind: "call_expression",
          regex: '^\\w+\\.Header\\.(?:Set|Add)\\(\\s*"(?i:authorization|cookie|proxy-authorization)"',
        },
      ],
      inside: {
        kind: "func_literal",
        stopBy: "end",
        inside: {
          any: [
            { kind: "keyed_element", regex: "^CheckRedirect\\s*:" },
            { kind: "assignment_statement", regex: "\\.CheckRedirect\\s*=" },
          ],
          stopBy: "end",
        },
      },
    },
    message:
      "The redirect callback sends credentials on: Authorization or Cookie headers reach whatever host the redirect names",
  },
  {
    hazard: "static-nonce",
    prefilter: /cipher\.New/,
    // an IV or nonce written in the code is the same for every message: CTR, OFB and GCM then
    // reuse a key stream (two ciphertexts XOR to the plaintexts' XOR), CBC and CFB leak equal prefixes
    rule: { kind: "call_expression", regex: `^${IV_CONSTRUCTORS}\\([^,]+,\\s*${BYTE_LITERAL}` },
    message: "The IV is written in the code: every message is encrypted with the same one",
  },
  {
    hazard: "static-nonce",
    prefilter: /\.(?:Seal|Open)\(/,
    // AEAD.Seal(dst, nonce, plaintext, data), also a nonce from a function literal that returns one
    rule: {
      kind: "call_expression",
      regex: `^\\w+\\.(?:Seal|Open)\\(\\s*[^,]+,\\s*(?:${BYTE_LITERAL}|func\\(\\)\\s*\\[\\]byte\\s*\\{)`,
    },
    ifFile: /"crypto\/cipher"/,
    unless: /rand\.|ReadFull/,
    message:
      "The AEAD nonce is written in the code: reusing a GCM nonce exposes the plaintexts and the authentication key",
  },
  {
    hazard: "static-nonce",
    // `.Open(` alone is in most Go files; these specs need the import anyway
    prefilter: /"crypto\/cipher"/,
    rule: { ...IV_CALL, all: [{ has: ivArgument(false) }] },
    where: IV_CALL_TEXT,
    ifFile: /"crypto\/cipher"/,
    // a name declared with a literal, or a buffer from make that nothing random fills
    ifFileMentions: `\\b$IV\\s*(?:\\[\\]byte\\s*)?:?=\\s*(?:${BYTE_LITERAL}|make\\(\\s*\\[\\]byte)`,
    // a read into the whole buffer (`rand.Read(iv)`, `io.ReadFull(rand.Reader, iv[:])`, or
    // `iv[0:16]` of a 16-byte make); `rand.Read(iv[:8])` leaves the rest zero in every message
    unlessFileMentions: `(?:\\.Read|ReadFull)\\((?:[^()]*,\\s*)?$IV(?:\\[0?:\\])?\\s*\\)|\\b$IV\\s*:?=\\s*make\\(\\s*\\[\\]byte\\s*,\\s*(\\d+)\\s*\\)[\\s\\S]*?(?:\\.Read|ReadFull)\\((?:[^()]*,\\s*)?$IV\\[0?:\\1\\]\\s*\\)`,
    message:
      "The IV or nonce ($IV) is fixed (a literal, or a zeroed buffer nothing random fills): every message uses the same one",
  },
  ...ivParameters(),
  {
    hazard: "static-nonce",
    // `.Open(` alone is in most Go files; these specs need the import anyway
    prefilter: /"crypto\/cipher"/,
    rule: { ...IV_CALL, all: [{ has: ivArgument(false) }] },
    where: IV_CALL_TEXT,
    ifFile: /"crypto\/cipher"/,
    // a slice of a buffer from make that nothing reads into: `key, iv := k[:32], k[32:]`
    ifFileMentions: `\\b(\\w+)\\s*:?=\\s*make\\(\\s*\\[\\]byte\\b(?![\\s\\S]*(?:\\.Read|ReadFull)\\((?:[^()]*,\\s*)?\\1\\b)[\\s\\S]*?\\n[ \\t]*(?:\\w+\\s*,\\s*)*$IV(?:\\s*,\\s*\\w+)*\\s*:?=\\s*\\1\\[[^\\]\\n]*\\](?:\\s*,\\s*\\1\\[[^\\]\\n]*\\])*[ \\t]*\\n`,
    message:
      "The IV or nonce ($IV) is cut from a zeroed buffer nothing random fills: every message uses the same one",
  },
  ...walkedPathRaces(),
  {
    hazard: "ssh-key-callback-state",
    prefilter: /PublicKeyCallback/,
    // x/crypto/ssh calls PublicKeyCallback for every key the client offers, before the client
    // proves it holds the private key: the key (or anything made of it) written to a captured
    // variable, field, map or slice may be one the client never signed with. The returned
    // Permissions (its Extensions) are the per-connection place, handed back only after the proof
    rule: {
      kind: "assignment_statement",
      has: { field: "right", has: { kind: "identifier", pattern: "$KEY", stopBy: "end" } },
      // a name the callback declares itself (`var fp string`) is its own state
      not: {
        all: [
          { has: { field: "left", has: { kind: "identifier", nthChild: 1, pattern: "$LOCAL" } } },
          {
            inside: {
              kind: "func_literal",
              stopBy: "end",
              has: { kind: "var_spec", stopBy: "end", has: { kind: "identifier", pattern: "$LOCAL" } },
            },
          },
        ],
      },
      inside: {
        kind: "func_literal",
        stopBy: "end",
        has: {
          kind: "parameter_list",
          has: { kind: "parameter_declaration", nthChild: 2, has: { kind: "identifier", pattern: "$KEY" } },
        },
        inside: {
          any: [
            { kind: "keyed_element", regex: "^PublicKeyCallback\\s*:" },
            { kind: "assignment_statement", regex: "\\.PublicKeyCallback\\s*=" },
          ],
          stopBy: "end",
        },
      },
    },
    message:
      "The SSH public-key callback stores the offered key outside itself: it runs for keys the client never proved it holds",
  },
  // The audit tier: reviewed whatever the data, low severity, never in tests, not on a line the
  // precise rule of the hazard reports.
  {
    hazard: "weak-hash-algorithm",
    prefilter: /crypto\/(?:md5|sha1|md4)/,
    // the function as a value counts too: `hmac.New(sha1.New, key)`
    rule: { kind: "selector_expression", regex: "^(?:md5|sha1|md4)\\.(?:New|Sum)$" },
    ifFile: /"crypto\/(?:md5|sha1)"|"golang\.org\/x\/crypto\/md4"/,
    message:
      "MD5/SHA-1 is broken for signatures and integrity against tampering; review what this hash protects",
    unlessReported: { patterns: ["weak-hash"] },
    inTests: "skip",
  },
  {
    hazard: "weak-hash-algorithm",
    prefilter: /crypto\/(?:md5|sha1|md4)/,
    // an aliased import (`m "crypto/md5"`, or `_` registering crypto.MD5) hides the package name of the calls
    rule: { kind: "import_spec", regex: '^[\\w.]+\\s+"(?:crypto/(?:md5|sha1)|golang\\.org/x/crypto/md4)"$' },
    message: "MD5/SHA-1 imported under another name; review what this hash protects",
    inTests: "skip",
  },
  ...variableArgumentAudits(
    "url-from-variable",
    "ssrf",
    [
      { callees: "http\\.(?:Get|Head|Post|PostForm)", position: 1 },
      { callees: "http\\.NewRequest", position: 2 },
      { callees: "http\\.NewRequestWithContext", position: 3 },
    ],
    "An outgoing request goes to a URL that is not fixed in the code (a parameter or package variable): review who sets it",
  ),
  ...variableArgumentAudits(
    "file-path-from-variable",
    "path-traversal",
    [{ callees: FILE_PATH_CALLS, position: 1 }],
    "A file is opened at a path that is not fixed in the code (a parameter or package variable): review who sets it",
    // a path normalised or made relative where it is used was looked at (gosec takes it so too)
    /^filepath\.(?:Clean|Rel)\(/,
    // the same through a name; and a directory entry's own name (`d.Name()` from a walk or
    // ReadDir), a file the program found, with no separator in it
    "filepath\\.(?:Clean|Rel)\\(|\\w+\\.Name\\(\\)[ \\t]*(?:\\n|$)",
    // a Walk callback's own path changed by the call is that rule's finding
    ["walked-path-race"],
  ),
  {
    hazard: "broad-file-permissions",
    prefilter: /os\.(?:WriteFile|OpenFile|Chmod)|ioutil\.WriteFile/,
    rule: {
      kind: "call_expression",
      regex: `^(?:os\\.(?:WriteFile|OpenFile|Chmod)|ioutil\\.WriteFile)\\([\\s\\S]*,\\s*(?:os\\.FileMode\\()?${SHARED_FILE_MODE}\\)?\\s*\\)$`,
    },
    message: "The file is created readable (or more) by the group or other users: review what it holds",
    unlessReported: { patterns: ["permissive-file-permissions"] },
    inTests: "skip",
  },
  {
    hazard: "broad-file-permissions",
    prefilter: /os\.Mkdir/,
    rule: {
      kind: "call_expression",
      regex: `^os\\.(?:Mkdir|MkdirAll)\\([\\s\\S]*,\\s*(?:os\\.FileMode\\()?${SHARED_DIRECTORY_MODE}\\)?\\s*\\)$`,
    },
    message:
      "The directory is created open to other users (or writable by the group): review what it will hold",
    unlessReported: { patterns: ["permissive-file-permissions"] },
    inTests: "skip",
  },
  {
    hazard: "non-cryptographic-random",
    prefilter: /math\/rand/,
    rule: { kind: "call_expression", regex: `^rand\\.(?:${MATH_RAND_FUNCTIONS})\\(` },
    // imported under its own name (then crypto/rand cannot be `rand` in the same file)
    ifFile: /^\s*(?:import\s+)?"math\/rand(?:\/v2)?"/m,
    message:
      "math/rand is predictable: fine for jitter and sampling, never for tokens, keys or IDs that must not be guessed",
    unlessReported: { patterns: ["weak-randomness"] },
    inTests: "skip",
  },
  {
    hazard: "non-cryptographic-random",
    prefilter: /math\/rand/,
    rule: {
      kind: "call_expression",
      regex: `^\\w+\\.(?:${MATH_RAND_FUNCTIONS})\\(`,
      has: { field: "function", kind: "selector_expression", has: { field: "operand", pattern: "$PKG" } },
    },
    // math/rand under another name (`mrand "math/rand"`, next to crypto/rand)
    ifFileMentions: '(?:^|\\n)\\s*(?:import\\s+)?$PKG\\s+"math/rand(?:/v2)?"',
    message:
      "math/rand is predictable: fine for jitter and sampling, never for tokens, keys or IDs that must not be guessed",
    unlessReported: { patterns: ["weak-randomness"] },
    inTests: "skip",
  },
];
