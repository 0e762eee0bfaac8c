// Pattern rules for JavaScript and TypeScript (no data flow: the construct itself is the hazard).
import { CREDENTIAL_WORDS, SECRET_CONTEXT } from "./shared-patterns.ts";
import type { PatternSpec } from "./types.ts";

const SANITIZED_HTML = "^(?:DOMPurify\\.sanitize|sanitize\\w*|escape\\w*|he\\.encode|xss|filterXSS)\\(";

/** One atom of a group body: an escape, a character class, or a character that is not a
 * parenthesis or quantifier; atoms are disjoint by their first character, so a class such as
 * `[+-]` or an escape such as `\+` is never read as a quantifier. */
const ATOM = String.raw`(?:\\.|\[(?:\\.|[^\]\\])*\]|[^()\\[+*?{|])`;
const ANY_QUANTIFIER = String.raw`(?:[+*?]|\{\d*,?\d*\})\??`;
const UNBOUNDED = String.raw`(?:[+*]|\{\d+,\}|\{\d+,\d{2,}\})\??`;
/**
 * A group whose every atom is quantified, one of them without bound, itself quantified without
 * bound: `(a+)+`, `(\w+\s?)*`, `([a-z0-9]+)*`. A mandatory atom (`(\s\w+)*`, `(\d+\.)+`)
 * separates the iterations, so each character can be consumed only one way: not reported.
 * Anchored and refused past 400 characters to keep the search short.
 */
const NESTED_QUANTIFIER = new RegExp(
  String.raw`^(?![\s\S]{400})[\s\S]*?\((?:\?:)?(?:${ATOM}${ANY_QUANTIFIER})*?${ATOM}${UNBOUNDED}(?:${ATOM}${ANY_QUANTIFIER})*\)${UNBOUNDED}`,
);

/** A value that is fixed text: a string literal or a template literal without substitutions. */
const NOT_BUILT_STRING = [
  { kind: "string" },
  { kind: "template_string", not: { has: { kind: "template_substitution" } } },
];

/** The options object of a template engine's set-up or compile call. */
const TEMPLATE_ENGINE_CALL = {
  any: [{ kind: "call_expression" }, { kind: "new_expression" }],
  regex:
    "^(?:new\\s+)?[\\w$.]*(?i:swig|nunjucks|environment|handlebars|hbs|compile|configure|setDefaults|init)\\w*\\(",
  stopBy: "end",
};

/** Where an Express application is made: `express()`. */
const EXPRESS_APP = {
  prefilter: /express\(\s*\)/,
  rule: { kind: "call_expression", regex: "^express\\(\\s*\\)$" },
} as const;

/** The Express header rule's spec but for which files it judges (its two variants below). */
const EXPRESS_WITHOUT_SECURITY_HEADERS = {
  hazard: "express-without-security-headers",
  ...EXPRESS_APP,
  unlessFile:
    /helmet|lusca|x-powered-by|Content-Security-Policy|X-Frame-Options|Strict-Transport-Security|frameguard|hsts\(/i,
  unlessInLocalModules: true,
  inTests: "skip",
  message:
    "Express application served without security headers (no helmet, no X-Frame-Options, CSP or HSTS) and with X-Powered-By on",
} as const satisfies Omit<PatternSpec, "ifFile">;

/** A property that holds a user's password as typed (`password`, `passwd`, `pwd`). */
const PASSWORD_KEY = "^[\"']?(?i:password|passwd|pwd)[\"']?$";

/** A record's password field given a plain name or member (`password`, `req.body.password`), not a hash. */
const PLAIN_PASSWORD_FIELD = {
  any: [
    {
      kind: "pair",
      all: [
        { has: { field: "key", regex: PASSWORD_KEY } },
        {
          has: {
            field: "value",
            any: [{ kind: "identifier" }, { kind: "member_expression" }],
            not: { regex: "(?i)hash|crypt|digest" },
          },
        },
      ],
    },
    { kind: "shorthand_property_identifier", regex: "^(?:password|passwd|pwd)$" },
  ],
} as const;

/** Any call that hashes or derives a key (bcrypt, argon2, scrypt, pbkdf2, `hashPassword`): the file stores hashes. */
const HASH_CALL = /(?:hash|bcrypt|argon2|scrypt|pbkdf2|crypt)\w*\s*\(/i;

/** A name that is a password-checking function (`comparePassword`, `checkPwd`, `isValidPassword`). */
const PASSWORD_CHECK_NAME =
  "(?i)^(?:is)?(?:compare|check|verify|validate|match|valid|correct)_?(?:password|passwd|pwd|pass)";

const FUNCTION_KINDS = [
  { kind: "arrow_function" },
  { kind: "function_expression" },
  { kind: "function_declaration" },
  { kind: "method_definition" },
] as const;

/** A message saying the account does not exist ("Invalid username", "User not found"). */
const USER_UNKNOWN_MESSAGE =
  "(?i)^[\"'`](?:(?:invalid|unknown|wrong|incorrect|no such) ?(?:user ?name|user|login|account|e-?mail)\\b|(?:user ?name|user|account|e-?mail) (?:not found|does not exist|doesn't exist|is not registered))";

/** A message saying the password is wrong ("Invalid password", "Incorrect password"). */
const PASSWORD_WRONG_MESSAGE = "(?i)^[\"'`](?:invalid|wrong|incorrect|bad) password\\b";

/** Names of route guards that check who the caller is or may be (`isAdmin`, `requireRole`, `ensureLoggedIn`). */
const AUTHORIZATION_GUARD_NAME =
  "^(?:is|has|require|requires|ensure|check|must|only|verify)_?(?:Admin|admin|Administrator|Role|role|Roles|Permission|permission|Permissions|Staff|staff|SuperUser|Superuser|superuser|Owner|owner|Authorized|authorized|Authorised|LoggedIn|loggedIn|Authenticated|authenticated|Auth|auth)\\w*$|^(?:admin|Admin)(?:Only|Required|Guard|Middleware)$";

/** Equality in both orders, loose and strict, with `$P` the password side. */
const EQUALITY_WITH_PASSWORD = ["===", "==", "!==", "!="].flatMap((operator) => [
  { pattern: `$X ${operator} $OWNER.password` },
  { pattern: `$OWNER.password ${operator} $X` },
]);

export const javascriptPatterns: readonly PatternSpec[] = [
  {
    hazard: "weak-hash",
    prefilter: /createHash/,
    rule: {
      kind: "call_expression",
      regex: "^[\\w$.]*createHash\\(\\s*['\"`](?i:md5|md4|sha1|sha-1|ripemd160)['\"`]",
    },
    message: "MD5/SHA-1 used on a password or secret; both are fast and broken for this purpose",
    context: SECRET_CONTEXT,
  },
  {
    // the `md5`/`blueimp-md5`/`sha1` packages: a one-call MD5 or SHA-1, here of a secret or token
    hazard: "weak-hash",
    prefilter: /\b(?:md5|sha1)\s*\(/,
    rule: { kind: "call_expression", regex: "^(?:md5|sha1)\\(" },
    ifFile:
      /require\(\s*['"](?:md5|blueimp-md5|sha1|js-md5|js-sha1)['"]\s*\)|from\s+['"](?:md5|blueimp-md5|sha1|js-md5|js-sha1)['"]/,
    message: "MD5/SHA-1 used on a password or secret; both are fast and broken for this purpose",
    context: SECRET_CONTEXT,
  },
  {
    hazard: "weak-cipher",
    prefilter: /createCipheriv/,
    rule: {
      kind: "call_expression",
      regex:
        "^[\\w$.]*createCipheriv\\(\\s*['\"`](?i:des|des-ede|des-ede3|des3|rc4|rc2|bf|blowfish|[\\w-]*-ecb)[\\w-]*['\"`]",
    },
    message: "Broken or unauthenticated cipher mode (DES, 3DES, RC4, Blowfish or ECB)",
  },
  {
    hazard: "weak-cipher",
    prefilter: /createCipher\(/,
    rule: { kind: "call_expression", regex: "^[\\w$.]*createCipher\\(" },
    message:
      "crypto.createCipher derives the key with MD5 and reuses the IV; use createCipheriv with AES-GCM",
  },
  {
    hazard: "weak-randomness",
    prefilter: /Math\.random/,
    rule: { kind: "call_expression", regex: "^Math\\.random\\(\\s*\\)$" },
    message: "Math.random() is predictable; it must not produce tokens, passwords or keys",
    context: SECRET_CONTEXT,
  },
  {
    hazard: "insecure-cookie",
    prefilter: /(?:secure|httpOnly)["\x27]?\s*:\s*false/,
    rule: {
      kind: "pair",
      regex: "^['\"]?(?:secure|httpOnly)['\"]?\\s*:\\s*false$",
      inside: {
        kind: "call_expression",
        regex: "^[\\w$.]*(?i:cookie|session)\\w*\\(",
        stopBy: { kind: "call_expression" },
      },
    },
    message: "Cookie set without the Secure or HttpOnly flag",
    fix: { description: "set the flag to true", rewrite: { pattern: /false$/, with: "true" } },
  },
  {
    // Express's res.cookie sets neither flag unless asked: a session or token cookie without
    // options, or with an options literal lacking httpOnly (an options variable is unknown)
    hazard: "insecure-cookie",
    prefilter: /\.cookie\(/,
    rule: {
      kind: "call_expression",
      regex:
        "^(?:res|response|reply|ctx\\.cookies)\\.(?:cookie|set(?:Cookie)?)\\(\\s*['\"`](?i:[\\w.-]*(?:session|sess|sid|token|auth|jwt|remember)[\\w.-]*)['\"`]",
      has: {
        field: "arguments",
        not: {
          has: {
            nthChild: 3,
            not: {
              kind: "object",
              not: { has: { stopBy: "end", kind: "property_identifier", regex: "^httpOnly$" } },
            },
          },
        },
      },
    },
    message: "Session or token cookie set without the HttpOnly flag (and Secure), so scripts can read it",
  },
  {
    // express-session's default cookie is not Secure: a session({ … }) literal without a cookie
    // object, or whose cookie object never mentions secure
    hazard: "insecure-cookie",
    prefilter: /express-session/,
    rule: {
      kind: "call_expression",
      regex: "^(?:session|expressSession)\\(\\s*\\{",
      has: {
        field: "arguments",
        has: {
          kind: "object",
          not: {
            has: {
              kind: "pair",
              has: { field: "key", regex: "^['\"]?cookie['\"]?$" },
              not: {
                has: {
                  field: "value",
                  kind: "object",
                  not: { has: { stopBy: "end", kind: "property_identifier", regex: "^secure$" } },
                },
              },
            },
          },
        },
      },
    },
    ifFile: /require\(\s*['"]express-session['"]\s*\)|from\s+['"]express-session['"]/,
    message: "express-session cookie without the Secure flag: the session id also travels over plain HTTP",
  },
  {
    hazard: "tls-verification-disabled",
    prefilter: /rejectUnauthorized/,
    rule: { kind: "pair", regex: "^['\"]?rejectUnauthorized['\"]?\\s*:\\s*false$" },
    message: "TLS certificate verification is disabled (rejectUnauthorized: false)",
    fix: {
      description: "verify certificates (rejectUnauthorized: true)",
      replacement: "rejectUnauthorized: true",
    },
  },
  {
    hazard: "tls-verification-disabled",
    prefilter: /NODE_TLS_REJECT_UNAUTHORIZED/,
    rule: {
      kind: "assignment_expression",
      regex: "^process\\.env\\.NODE_TLS_REJECT_UNAUTHORIZED\\s*=\\s*['\"`]?0['\"`]?$",
    },
    message: "NODE_TLS_REJECT_UNAUTHORIZED=0 disables certificate verification for the whole process",
    // any value but "0" verifies; "1" says so
    fix: {
      description: "verify certificates (NODE_TLS_REJECT_UNAUTHORIZED=1)",
      rewrite: { pattern: /0(['"`]?)$/, with: "1$1" },
    },
  },
  {
    hazard: "xxe",
    prefilter: /noent/,
    rule: { kind: "call_expression", regex: "^[\\w$.]*parseXml(?:String)?\\([\\s\\S]*noent\\s*:\\s*true" },
    message: "libxmljs parses with noent: true, which expands external entities (XXE)",
  },
  {
    hazard: "unsafe-deserialization",
    prefilter: /unserialize/,
    rule: { kind: "call_expression", regex: "^(?:serialize|nodeSerialize|serializer)\\.unserialize\\(" },
    message: "node-serialize's unserialize runs functions embedded in the data (remote code execution)",
  },
  {
    hazard: "unsafe-deserialization",
    prefilter: /DEFAULT_FULL_SCHEMA|JS_SCHEMA|unsafe/,
    rule: {
      kind: "call_expression",
      regex: "^(?:yaml|jsyaml|YAML)\\.load\\([\\s\\S]*(?:DEFAULT_FULL_SCHEMA|JS_SCHEMA|unsafe)",
    },
    message: "js-yaml load with the JavaScript types schema can run code",
  },
  {
    hazard: "dom-xss",
    prefilter: /innerHTML|outerHTML/,
    rule: {
      kind: "assignment_expression",
      has: { field: "left", regex: "\\.(?:innerHTML|outerHTML)$" },
      not: {
        has: {
          field: "right",
          any: [
            { kind: "string" },
            { kind: "template_string", not: { has: { kind: "template_substitution" } } },
            { regex: SANITIZED_HTML },
          ],
        },
      },
    },
    message: "HTML built from a non-constant value is assigned to innerHTML/outerHTML",
  },
  {
    hazard: "dom-xss",
    prefilter: /insertAdjacentHTML|document\.write/,
    rule: {
      kind: "call_expression",
      regex: "^(?:[\\w$.]+\\.insertAdjacentHTML|document\\.write(?:ln)?)\\(",
      not: { has: { field: "arguments", has: { stopBy: "end", regex: SANITIZED_HTML } } },
      has: { field: "arguments", has: { not: { any: [{ kind: "string" }, { regex: "^[(),]$" }] } } },
    },
    message: "HTML built from a non-constant value is written into the document",
    unless: /^[\w$.]+\.insertAdjacentHTML\(\s*["'`][\w-]+["'`]\s*,\s*["'`][^$`]*["'`]\s*\)$/,
  },
  {
    hazard: "dom-xss",
    prefilter: /dangerouslySetInnerHTML/,
    rule: {
      kind: "jsx_attribute",
      regex: "^dangerouslySetInnerHTML",
      not: { regex: "__html\\s*:\\s*(?:['\"]|DOMPurify\\.sanitize\\(|sanitize\\w*\\()" },
    },
    message: "dangerouslySetInnerHTML with a value that is not sanitized",
  },
  {
    hazard: "dom-xss",
    prefilter: /bypassSecurityTrust/,
    rule: {
      kind: "call_expression",
      regex: "\\.bypassSecurityTrust(?:Html|Script|Style|Url|ResourceUrl)\\(",
      not: { regex: "\\.bypassSecurityTrust\\w+\\(\\s*['\"][^'\"]*['\"]\\s*\\)$" },
    },
    message: "Angular sanitization is bypassed for a non-constant value",
  },
  {
    // Star height above one: a quantified group whose body is itself quantified (`(a+)+`,
    // `(\w+\s?)*`, `(\d+){2,}`). On a near-miss input the engine tries every way of splitting the
    // text between the two quantifiers: exponential time. The body is read token by token
    // (escapes, classes, single characters), so `([+-]\d)+` and `(\+)+` do not count.
    hazard: "redos-regex",
    prefilter: /[+*}]\s*\)\s*[+*{]/,
    rule: { kind: "regex_pattern" },
    where: NESTED_QUANTIFIER,
    message:
      "Regular expression with a quantified group whose body is itself quantified (catastrophic backtracking)",
  },
  {
    // jsonwebtoken accepts unsigned tokens only when "none" is listed or chosen explicitly
    hazard: "weak-jwt-verification",
    prefilter: /none/i,
    rule: {
      kind: "pair",
      regex: "^['\"]?(?:algorithms?|alg)['\"]?\\s*:\\s*(?:\\[[^\\]]*)?['\"`](?i:none)['\"`]",
    },
    message: 'JWTs are signed or accepted with the "none" algorithm: anyone can forge a token',
  },
  {
    // Without `algorithms`, jsonwebtoken before v9 takes the algorithm from the token's header:
    // an RS256 public key then verifies an HS256 token forged with that key as the HMAC secret.
    hazard: "weak-jwt-verification",
    prefilter: /jwt\.verify|jsonwebtoken/,
    rule: {
      kind: "call_expression",
      regex: "^(?:jwt|jsonwebtoken)\\.verify\\(",
      // options absent, a callback, or an object literal without `algorithms`; an options
      // variable is an unknown value and does not flag
      has: {
        field: "arguments",
        not: {
          has: {
            nthChild: 3,
            not: {
              any: [
                { kind: "arrow_function" },
                { kind: "function_expression" },
                {
                  kind: "object",
                  not: { has: { stopBy: "end", kind: "property_identifier", regex: "^algorithms$" } },
                },
              ],
            },
          },
        },
      },
    },
    unless: /algorithms\s*[:,}]/,
    message: "jwt.verify without an `algorithms` list lets the token choose how it is checked",
  },
  {
    // MongoDB runs a `$where` string as JavaScript on the server: built from a variable, it is
    // code evaluation of whatever the variable holds (a request value is `nosql-injection`)
    hazard: "dynamic-code-evaluation",
    prefilter: /\$where/,
    rule: {
      any: [
        {
          kind: "pair",
          has: { field: "key", regex: "^['\"]?\\$where['\"]?$" },
          not: { has: { field: "value", any: NOT_BUILT_STRING } },
        },
        {
          kind: "call_expression",
          regex: "^[\\w$.]+\\.\\$where\\(",
          has: { field: "arguments", has: { nthChild: 1, not: { any: NOT_BUILT_STRING } } },
        },
      ],
    },
    variable: true,
    unlessTaint: "nosql-injection",
    message: "MongoDB `$where` JavaScript built from a value at run time: it runs on the database server",
  },
  {
    // eval, new Function, vm and string timers compile their argument; the tainted case is
    // `code-injection`
    hazard: "dynamic-code-evaluation",
    prefilter:
      /\beval\s*\(|\bFunction\s*\(|\bvm\.|\bset(?:Timeout|Interval)\s*\(\s*(?:`|['"][^'"]*['"]\s*\+)/,
    rule: {
      any: [
        {
          kind: "call_expression",
          regex: "^(?:eval|vm\\.(?:runInNewContext|runInThisContext|runInContext|compileFunction))\\(",
          has: { field: "arguments", has: { nthChild: 1, not: { any: NOT_BUILT_STRING } } },
        },
        {
          kind: "new_expression",
          regex: "^new\\s+(?:vm\\.)?(?:Function|Script)\\(",
          has: { field: "arguments", has: { not: { any: [...NOT_BUILT_STRING, { regex: "^[(),]$" }] } } },
        },
        {
          // a timer given a string, not a function
          kind: "call_expression",
          regex: "^(?:window\\.)?set(?:Timeout|Interval)\\(",
          has: {
            field: "arguments",
            has: {
              nthChild: 1,
              any: [
                { kind: "template_string", has: { kind: "template_substitution" } },
                { kind: "binary_expression", regex: "^['\"`]|['\"`]$" },
              ],
            },
          },
        },
      ],
    },
    variable: true,
    unlessTaint: "code-injection",
    message: "Code compiled from a value built at run time (`eval`, `Function`, `vm`, a string timer)",
  },
  {
    // swig's `autoescape: false`, Nunjucks `configure({ autoescape: false })`: every
    // `{{ value }}` is then inserted as HTML
    hazard: "template-autoescape-disabled",
    prefilter: /autoescape/,
    rule: {
      kind: "pair",
      regex: "^['\"]?autoescape['\"]?\\s*:\\s*false$",
      inside: TEMPLATE_ENGINE_CALL,
    },
    message: "Template engine configured without HTML escaping: every printed value is inserted as markup",
    fix: { description: "escape by default", rewrite: { pattern: /false$/, with: "true" } },
  },
  {
    // Handlebars `compile(source, { noEscape: true })`
    hazard: "template-autoescape-disabled",
    prefilter: /noEscape/,
    rule: { kind: "pair", regex: "^['\"]?noEscape['\"]?\\s*:\\s*true$", inside: TEMPLATE_ENGINE_CALL },
    message: "Handlebars compiled with noEscape: every printed value is inserted as markup",
    fix: { description: "escape by default", rewrite: { pattern: /true$/, with: "false" } },
  },
  {
    // A login that writes the user into the session it was given keeps the session id an
    // attacker may have planted (session fixation); express-session's `regenerate` issues a new
    // one. cookie-session keeps the data in the signed cookie itself and has no id to fix.
    // Judged per write: a sign-up that regenerates does not excuse a login in the same file that
    // does not. A `regenerate` given a named or promised callback is followed no further: the file
    // is trusted then.
    hazard: "session-fixation",
    prefilter: /req\.session\./,
    rule: {
      kind: "assignment_expression",
      has: {
        field: "left",
        regex:
          "^req\\.session\\.(?:user|userId|user_id|uid|account|accountId|auth|authenticated|isAuthenticated|logged|loggedIn|isLoggedIn|login|username|userName|user_name)$",
      },
      not: {
        any: [
          { has: { field: "right", regex: "^(?:null|undefined|false|void 0)$" } },
          {
            inside: {
              kind: "call_expression",
              has: { field: "function", regex: "\\.regenerate$" },
              stopBy: "end",
            },
          },
        ],
      },
    },
    unlessFile:
      /\.regenerate\s*\(\s*(?:\)|[A-Za-z_$][\w$.]*\s*\))|promisify\s*\([^)]*regenerate|cookie-session|cookieSession/,
    inTests: "skip",
    message:
      "The user is stored in the session without `req.session.regenerate()`: the session id from before the login stays valid",
  },
  {
    // A user record built with the password as typed and written to the database: a copy of the
    // table is every user's password (and, reused, their other accounts'). Only direct driver
    // writes: an ORM's `create`/`save` may hash in a model hook defined elsewhere.
    hazard: "plaintext-password",
    prefilter: /\.insert(?:One|Many)?\s*\(/,
    rule: {
      ...PLAIN_PASSWORD_FIELD,
      inside: {
        kind: "object",
        inside: { kind: "variable_declarator", has: { field: "name", pattern: "$RECORD" } },
      },
    },
    ifFileMentions: "\\.insert(?:One|Many)?\\(\\s*$RECORD\\b",
    unlessFile: HASH_CALL,
    inTests: "skip",
    message: "The password is stored as it was typed: `$RECORD` is inserted without hashing it",
  },
  {
    hazard: "plaintext-password",
    prefilter: /\.insert(?:One|Many)?\s*\(/,
    rule: {
      ...PLAIN_PASSWORD_FIELD,
      inside: {
        kind: "object",
        inside: {
          kind: "arguments",
          inside: { kind: "call_expression", has: { field: "function", regex: "\\.insert(?:One|Many)?$" } },
        },
      },
    },
    unlessFile: HASH_CALL,
    inTests: "skip",
    message: "The password is stored as it was typed: the inserted record holds it without hashing",
  },
  {
    // A password compared with `===` to the stored one: the store holds the password itself
    // (and the comparison leaks its length and prefix through timing).
    hazard: "plaintext-password",
    prefilter: /\.password\b/,
    rule: { any: EQUALITY_WITH_PASSWORD },
    constraints: {
      // the form's own fields (`req.body.password == req.body.confirm`) are a confirmation check
      OWNER: {
        not: {
          regex:
            "^(?:req|request|ctx|event)(?:\\.\\w+)?$|^(?:body|params|query|form|input|values|fields|data|args)$",
        },
      },
      X: {
        any: [{ kind: "identifier" }, { kind: "member_expression" }],
        not: {
          regex: "(?i)^(?:undefined|null)$|confirm|verify|repeat|again|retype|cpassword|password2|hash",
        },
      },
    },
    inTests: "skip",
    message: "A password is compared as plain text with `$OWNER.password`: the stored password is not hashed",
  },
  {
    // `comparePassword(fromDb, fromUser) { return fromDb === fromUser }`: the helper every login calls
    hazard: "plaintext-password",
    prefilter: /(?:compare|check|verify|validate|match|valid|correct)_?(?:password|passwd|pwd|pass)/i,
    rule: {
      any: ["===", "==", "!==", "!="].map((operator) => ({ pattern: `$A ${operator} $B` })),
      inside: {
        any: FUNCTION_KINDS.map((kind) => ({
          ...kind,
          any: [
            { has: { field: "name", regex: PASSWORD_CHECK_NAME } },
            { inside: { kind: "variable_declarator", has: { field: "name", regex: PASSWORD_CHECK_NAME } } },
            { inside: { kind: "pair", has: { field: "key", regex: PASSWORD_CHECK_NAME } } },
            {
              inside: {
                kind: "assignment_expression",
                has: { field: "left", regex: `${PASSWORD_CHECK_NAME.replace("^", "^(?:[\\w$]+\\.)*")}` },
              },
            },
          ],
        })),
        stopBy: { any: FUNCTION_KINDS },
      },
    },
    constraints: { A: { kind: "identifier" }, B: { kind: "identifier" } },
    inTests: "skip",
    message:
      "A password-checking function compares `$A` and `$B` as plain text: the stored password is not hashed",
  },
  {
    // `const PASS_RE = /^.{1,20}$/`: the password pattern's length floor is below 8
    hazard: "weak-password-policy",
    prefilter: /pass|pwd/i,
    rule: {
      kind: "variable_declarator",
      has: { field: "name", regex: "(?i)pass(?:word)?|pwd" },
      all: [{ has: { field: "value", kind: "regex" } }],
    },
    where: /=\s*\/\^[^\n]*\{[0-7],\d*\}\$\/[a-z]*\s*$/,
    inTests: "skip",
    message: "The password pattern accepts fewer than 8 characters",
  },
  {
    // `if (password.length < 6)`: a floor of 2 to 7 characters (a floor of 1 is a presence check).
    // Only an `if` condition: a rule that rejects input, not a heuristic about some password's shape.
    hazard: "weak-password-policy",
    prefilter: /pass\w*\.length|pwd\.length/i,
    rule: {
      kind: "binary_expression",
      has: { field: "left", regex: "(?i)(?:^|\\.)(?:new_?)?(?:password|passwd|pass|pwd)\\.length$" },
      inside: {
        kind: "parenthesized_expression",
        inside: { kind: "if_statement" },
        stopBy: { any: [{ kind: "statement_block" }, { kind: "parenthesized_expression" }] },
      },
    },
    where: /\.length\s*(?:<\s*[2-7]|>=\s*[2-7]|>\s*[1-6])\s*$/,
    inTests: "skip",
    message: "The password length check accepts fewer than 8 characters",
  },
  {
    // Joi, zod, yup: `password: Joi.string().min(6)`
    hazard: "weak-password-policy",
    prefilter: /\.min\(\s*[2-7]\s*\)/,
    rule: {
      kind: "pair",
      has: { field: "key", regex: PASSWORD_KEY },
    },
    where: /\.min\(\s*[2-7]\s*\)/,
    inTests: "skip",
    message: "The password schema accepts fewer than 8 characters",
  },
  {
    // A login that answers "invalid username" and "invalid password" differently tells an
    // attacker which accounts exist: both messages in the function that handles the attempt.
    hazard: "user-enumeration",
    prefilter: /password/i,
    rule: {
      kind: "string",
      regex: USER_UNKNOWN_MESSAGE,
      // "Invalid username or password" is the one answer for both
      not: { regex: "(?i)password" },
      inside: {
        any: FUNCTION_KINDS.map((kind) => ({
          ...kind,
          has: { kind: "string", regex: PASSWORD_WRONG_MESSAGE, stopBy: "end" },
        })),
        stopBy: { any: FUNCTION_KINDS },
      },
    },
    ifFile: /log_?in|sign_?in|authenticat/i,
    inTests: "skip",
    message:
      "The login answers an unknown user differently from a wrong password: the difference tells which accounts exist",
  },
  {
    // `const isAdmin = sessionHandler.isAdminUserMiddleware;` in the file that mounts the routes,
    // and no route uses it: the check meant for some route guards none (NodeGoat's benefits page)
    hazard: "unused-authorization-check",
    prefilter: /\.(?:get|post|put|patch|delete|all|use)\s*\(/,
    rule: {
      any: [{ kind: "variable_declarator" }, { kind: "function_declaration" }],
      has: { field: "name", pattern: "$GUARD" },
      // an exported guard is for other modules' routes
      not: {
        any: [
          { inside: { kind: "export_statement" } },
          { inside: { kind: "lexical_declaration", inside: { kind: "export_statement" } } },
        ],
      },
    },
    constraints: { GUARD: { regex: AUTHORIZATION_GUARD_NAME } },
    ifFile: /\.(?:get|post|put|patch|delete|all)\s*\(\s*['"`]\//,
    unlessCodeMentions: "\\b$GUARD\\b[\\s\\S]*\\b$GUARD\\b",
    inTests: "skip",
    message: "`$GUARD` checks who may call a route, but no route in this file uses it",
  },
  // An Express application that starts a server (`listen`), or the Express generator's app.js
  // (bin/www starts it; other modules exporting an app are sub-applications whose parent sets the
  // headers), and never sets the security headers: clickjacking, MIME sniffing, no HSTS
  { ...EXPRESS_WITHOUT_SECURITY_HEADERS, ifFile: /\.listen\s*\(/ },
  {
    ...EXPRESS_WITHOUT_SECURITY_HEADERS,
    ifFile: /module\.exports\s*=\s*app\b|export\s+default\s+app\b/,
    ifPath: /(?:^|\/)(?:app|server)\.[cm]?[jt]s$/,
  },
  {
    // Cookie sessions plus form posts and no CSRF token check: another site can submit the
    // forms in the user's name. SameSite=strict/lax cookies are the other accepted defence.
    hazard: "express-without-csrf-protection",
    ...EXPRESS_APP,
    ifFile:
      /^(?=[\s\S]*?(?:express-session|cookie-session|cookie-parser))(?=[\s\S]*?(?:urlencoded|bodyParser\(\s*\)|express\.bodyParser|multer))/,
    unlessFile: /csrf|csurf|lusca|xsrf|sameSite\s*:\s*['"`]?(?:strict|lax)|SameSite=(?:Strict|Lax)/i,
    unlessInLocalModules: true,
    inTests: "skip",
    message:
      "Express application with cookie sessions and form posts but no CSRF protection (no csurf/csrf token check, no SameSite cookies)",
  },
  {
    // A signing secret is a credential whatever it reads like: "keyboard cat" signs real cookies.
    hazard: "hardcoded-credential",
    prefilter: /secret|privateKey/,
    rule: {
      kind: "pair",
      all: [
        {
          has: { field: "key", regex: "^['\"]?(?:secret|secretOrKey|secretOrPrivateKey|privateKey)['\"]?$" },
        },
        { has: { field: "value", kind: "string", regex: "^['\"].+['\"]$", pattern: "$S" } },
      ],
      inside: {
        any: [{ kind: "call_expression" }, { kind: "new_expression" }],
        regex: "^(?:new\\s+)?[\\w$.]*(?i:session|jwt|cookie|strategy)\\w*\\(",
        stopBy: "end",
      },
    },
    secret: "S",
    message: "The session or token signing secret is written into the code",
    inTests: "low",
  },
  {
    hazard: "hardcoded-credential",
    prefilter: /jwt\.(?:sign|verify)|cookieParser/,
    rule: {
      any: [
        {
          kind: "call_expression",
          regex: "^jwt\\.(?:sign|verify)\\(",
          has: {
            field: "arguments",
            has: { nthChild: 2, kind: "string", regex: "^['\"].+['\"]$", pattern: "$S" },
          },
        },
        {
          kind: "call_expression",
          regex: "^cookieParser\\(",
          has: {
            field: "arguments",
            has: { nthChild: 1, kind: "string", regex: "^['\"].+['\"]$", pattern: "$S" },
          },
        },
      ],
    },
    secret: "S",
    message: "The token or cookie signing secret is written into the code",
    inTests: "low",
  },
  {
    hazard: "hardcoded-credential",
    prefilter: CREDENTIAL_WORDS,
    rule: { any: [{ kind: "variable_declarator" }, { kind: "pair" }, { kind: "assignment_expression" }] },
    credential: { key: "name", value: "value" },
    message: "A credential is written into the code",
    inTests: "low",
  },
  // The audit tier: reviewed whatever the data, low severity, never in tests, not on a line the
  // precise rule of the hazard reports.
  {
    hazard: "weak-hash-algorithm",
    prefilter: /createHash/,
    rule: { kind: "call_expression", regex: "^[\\w$.]*createHash\\(\\s*['\"`](?i:md5|md4|sha1|sha-1)['\"`]" },
    message:
      "MD5/SHA-1 is broken for signatures and integrity against tampering; review what this hash protects",
    unlessReported: { patterns: ["weak-hash"] },
    inTests: "skip",
  },
  {
    hazard: "non-cryptographic-random",
    prefilter: /Math\.random/,
    rule: { kind: "call_expression", regex: "^Math\\.random\\(\\s*\\)$" },
    message:
      "Math.random() is predictable: fine for animation and jitter, never for tokens, keys or IDs that must not be guessed",
    unlessReported: { patterns: ["weak-randomness"] },
    inTests: "skip",
  },
];
