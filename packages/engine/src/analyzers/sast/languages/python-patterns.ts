// Pattern rules for Python.
import { CREDENTIAL_WORDS, SECRET_CONTEXT } from "./shared-patterns.ts";
import type { PatternSpec } from "./types.ts";

const FALSE_TO_TRUE = { pattern: /False$/, with: "True" };

/** A call whose first argument is a plain string literal (or a list of them): its text is fixed. */
const LITERAL_FIRST_ARGUMENT =
  /^[\w.]+\(\s*(?:[bBrRuU]{0,2}(["'])(?:(?!\1)[^\\\n]|\\.)*\1|\[\s*(?:[bBrRuU]{0,2}(["'])(?:(?!\2)[^\\\n]|\\.)*\2\s*,?\s*)+\])\s*[,)]/;

/** subprocess functions that take a command (a list, or a string with `shell=True`). */
const SUBPROCESS_CALL = "^(?:subprocess\\.)?(?:run|call|check_call|check_output|Popen)\\(";

/** The precise rules of a command run through a shell: an audit match on their line is theirs. */
const SHELL_RULES = {
  patterns: ["dynamic-shell-command", "shell-wildcard-injection"],
  taint: ["command-injection"],
} as const;

/** A string literal, single-line or triple-quoted. */
const PLAIN_STRING = String.raw`[bBrRuU]?(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"[^"\n]*"|'[^'\n]*')`;

/** Django `extra(…)` of inline literals only (bound `params` may be anything), `RawSQL("…", …)`. */
const INLINE_RAW_SQL = (() => {
  // items are separated by required commas, so no two `\s*` can share the same spaces (linear)
  const list = (item: string) => String.raw`(?:${item}(?:\s*,\s*${item})*(?:\s*,)?)?\s*`;
  const pair = String.raw`${PLAIN_STRING}\s*:\s*${PLAIN_STRING}`;
  const value = String.raw`(?:\{\s*${list(pair)}\}|\[\s*${list(PLAIN_STRING)}\])`;
  const item = String.raw`(?:(?:params|select_params)\s*=\s*(?:\[[^\]]*\]|\([^)]*\)|\w+)|(?:\w+\s*=\s*)?${value})`;
  return new RegExp(
    String.raw`^[\w.()'"=, ]*?\.extra\(\s*${list(item)}\)$|^(?:[\w.]+\.)?RawSQL\(\s*${PLAIN_STRING}\s*[,)]`,
  );
})();

/** A string literal (f-string, raw, bytes) whose text starts like a SQL statement. */
const SQL_LITERAL_START =
  /^[fFrRuUbB]{0,2}(?:"""|'''|"|')\s*(?:select\s+(?:(?:\*|distinct\s|count\(|[\w.]+\s*,)[\s\S]*?\sfrom\s|[\w.]+\s+from\s)|insert\s+into\s|update\s+\S+\s+set\s|delete\s+from\s|replace\s+into\s)/i;

/** Calls that write to a log or the console: `logging.info`, `logger.error`, `print`, `pprint`. */
const LOG_CALL =
  "^(?:logging|(?:self\\.|cls\\.|app\\.|current_app\\.)?(?:_?logger|_?log|LOGGER|LOG))\\.(?:debug|info|warning|warn|error|exception|critical|fatal|log)\\(|^(?:print|pprint|pprint\\.pprint)\\(";

/**
 * A credential-named name read in code position: after `(`, `,`, `{`, `:`, `=`, `%` or `+`, ending
 * the name (`auth_token`, `db_password`, `self.api_key`), not inside `len(…)`, `bool(…)` or a mask.
 */
const SECRET_VALUE_READ =
  /(?:(?<!\b(?:len|bool|type|hash|isinstance|mask\w*|redact\w*|obfuscate\w*|censor\w*))\(|[,{:=%+])\s*(?:[A-Za-z_]\w{0,40}\.){0,4}(?:[A-Za-z_]\w{0,40}_)?(?:password|passwd|pwd|passphrase|secret|secret_?key|api_?key|apikey|private_?key|access_?key|auth_?token|access_?token|refresh_?token|token|credentials?)\s*(?:[,)}+%\]]|$)/i;

/** Key sizes below 2048 bits (RSA, DSA). */
const SMALL_KEY = "(?:[0-9]{1,3}|1[0-9]{3}|20[0-3][0-9]|204[0-7])\\b";

/** Words of a security decision: what an `assert` must not be the only guard of. */
const SECURITY_CHECK =
  /\b(?:is_authenticated|is_admin|is_staff|is_superuser|has_perm\w*|has_permission|permission\w*|authori[sz]\w*|authenticat\w*|logged_in|is_owner|owner|role\w*|admin|csrf\w*|token|password|signature|verif\w*|allowed|access\w*|can_\w+|user\.\w+|request\.user)\b/i;

export const pythonPatterns: readonly PatternSpec[] = [
  {
    hazard: "weak-hash",
    prefilter: /hashlib|MD5|SHA1|SHA\b|MD4/,
    rule: {
      kind: "call",
      regex:
        "^(?:hashlib\\.(?:md5|sha1|md4|new)|Crypto\\.Hash\\.|MD5\\.new|MD4\\.new|SHA1\\.new|SHA\\.new|hashes\\.MD5|hashes\\.SHA1|MD5\\(|SHA1\\()",
    },
    // PyCryptodome (`MD5.new`) and cryptography (`hashes.SHA1()`) too
    where:
      /^(?:hashlib\.(?:md5|sha1|md4)\(|hashlib\.new\(\s*['"](?:md5|sha1|md4)['"]|(?:Crypto\.Hash\.)?(?:MD5|MD4|SHA1|SHA)\.new\(|(?:hashes\.)?(?:MD5|SHA1)\(\s*\)$)/i,
    message: "MD5/SHA-1 used on a password or secret; both are fast and broken for this purpose",
    context: SECRET_CONTEXT,
    unless: /usedforsecurity\s*=\s*False/,
  },
  {
    hazard: "weak-cipher",
    prefilter: /DES|ARC4|ARC2|Blowfish|CAST|ECB|TripleDES|IDEA|XOR|pyDes|des\(/,
    rule: {
      kind: "call",
      any: [
        { regex: "^(?:(?:Crypto\\.Cipher\\.)?(?:DES|DES3|ARC4|ARC2|Blowfish|CAST|XOR))\\.new\\(" },
        { regex: "^(?:pyDes\\.)?(?:des|triple_des)\\(" },
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
      regex:
        "^random\\.(?:random|randint|randrange|choice|choices|getrandbits|randbytes|sample|shuffle|uniform)\\(",
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
    prefilter: /_create_unverified_context|CERT_NONE|check_hostname|cert_reqs/,
    rule: {
      any: [
        { kind: "call", regex: "^ssl\\._create_unverified_context\\(" },
        { kind: "assignment", regex: "\\.verify_mode\\s*=\\s*ssl\\.CERT_NONE$" },
        { kind: "assignment", regex: "\\.check_hostname\\s*=\\s*False$" },
        // urllib3, ssl.wrap_socket, requests adapters
        {
          kind: "keyword_argument",
          regex: "^cert_reqs\\s*=\\s*(?:ssl\\.CERT_NONE|[\"']CERT_NONE[\"']|[\"']NONE[\"'])$",
        },
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
        "^(?:pickle|cPickle|_pickle|dill|cloudpickle|marshal|shelve|jsonpickle|joblib)\\.(?:loads?|open|decode|Unpickler)\\(|^(?:pd|pandas)\\.read_pickle\\(|^(?:np|numpy)\\.load\\([\\s\\S]*allow_pickle\\s*=\\s*True|^yaml\\.(?:unsafe_load|full_load|unsafe_load_all)\\(|^yaml\\.load(?:_all)?\\([\\s\\S]*Loader\\s*=\\s*(?:yaml\\.)?(?:Loader|UnsafeLoader|FullLoader)\\b",
    },
    message: "Deserializing with pickle/marshal or an unsafe YAML loader can run code embedded in the data",
  },
  {
    hazard: "unsafe-deserialization",
    prefilter: /torch\.load/,
    // torch.load unpickles unless weights_only=True (the default only from PyTorch 2.6)
    rule: {
      kind: "call",
      regex: "^torch\\.load\\(",
      not: {
        has: {
          kind: "argument_list",
          has: { kind: "keyword_argument", regex: "^weights_only\\s*=\\s*True$" },
        },
      },
    },
    message: "torch.load unpickles the file: a crafted model runs code unless weights_only=True",
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
    inTests: "low",
  },
  {
    hazard: "hardcoded-credential",
    prefilter: CREDENTIAL_WORDS,
    // `def connect(password="hunter2")` and `if password == "hunter2":`
    rule: {
      any: [
        { kind: "default_parameter" },
        { kind: "typed_default_parameter" },
        { kind: "comparison_operator", regex: "^\\S+\\s*(?:==|!=)\\s*\\S+$" },
      ],
    },
    credential: { key: "name", value: "value" },
    message: "A credential is written into the code",
    inTests: "low",
  },
  {
    hazard: "assert-used-for-security",
    prefilter: /\bassert\b/,
    rule: { kind: "assert_statement" },
    context: SECURITY_CHECK,
    message: "`assert` guards a security decision; `python -O` removes every assert",
    inTests: "skip",
  },
  {
    hazard: "bind-all-interfaces",
    prefilter: /0\.0\.0\.0|::|\.bind\(/,
    rule: {
      any: [
        {
          kind: "keyword_argument",
          regex: "^(?:host|bind|listen|address|addr)\\s*=\\s*[\"'](?:0\\.0\\.0\\.0|::)(?::\\d+)?[\"']$",
        },
        { kind: "call", regex: "\\.bind\\(\\s*\\(\\s*[\"'](?:0\\.0\\.0\\.0|::|)[\"']\\s*," },
        {
          kind: "assignment",
          regex:
            "^(?i:[A-Za-z_]*(?:host|bind|listen)[A-Za-z_]*)\\s*=\\s*[\"'](?:0\\.0\\.0\\.0|::)(?::\\d+)?[\"']$",
        },
      ],
    },
    message: "The server listens on every network interface, not only the one it is meant to serve",
    inTests: "skip",
  },
  {
    hazard: "insecure-temp-file",
    prefilter: /mktemp|tempnam|tmpnam/,
    rule: { kind: "call", regex: "^(?:tempfile\\.mktemp|os\\.tempnam|os\\.tmpnam)\\(" },
    message: "`mktemp` returns a name, not a file: another process can create it first (race)",
  },
  {
    hazard: "insecure-temp-file",
    prefilter: /["'](?:\/tmp|\/var\/tmp|\/dev\/shm)\b/,
    rule: {
      kind: "string",
      regex: "^[fFbBrRuU]{0,2}[\"'](?:/tmp|/var/tmp|/dev/shm)(?:/|[\"'])",
      inside: {
        any: [
          { kind: "argument_list" },
          { kind: "assignment" },
          { kind: "keyword_argument" },
          { kind: "default_parameter" },
          { kind: "binary_operator", inside: { kind: "argument_list" } },
        ],
      },
      // a prefix test names the directory, it does not create anything there
      not: {
        inside: {
          kind: "argument_list",
          inside: { kind: "call", regex: "^[\\w.]+\\.(?:startswith|endswith|find|index|replace|split)\\(" },
        },
      },
    },
    message: "A fixed path in a shared temporary directory: other users can create or link it first",
    inTests: "skip",
  },
  {
    hazard: "swallowed-exception",
    prefilter: /except/,
    rule: {
      kind: "except_clause",
      regex:
        "^except(?:\\s*\\(?\\s*(?:Exception|BaseException)\\s*\\)?(?:\\s+as\\s+[A-Za-z_][A-Za-z0-9_]*)?)?\\s*:\\s*(?:pass|continue)\\s*$",
    },
    message: "Every exception is caught and ignored: failures (including security checks) pass silently",
    inTests: "skip",
  },
  {
    hazard: "request-without-timeout",
    prefilter: /requests\./,
    rule: {
      kind: "call",
      regex: "^requests\\.(?:get|post|put|patch|delete|head|options|request)\\(",
      not: { has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^timeout\\s*=" } } },
    },
    message: "`requests` waits forever by default: a slow or hostile server hangs this worker",
    // fix: requestTimeoutFix (setting-fixes.ts), which leaves `**kwargs` calls and comments alone
  },
  {
    hazard: "old-tls-version",
    prefilter: /PROTOCOL_|_METHOD|TLSVersion/,
    rule: {
      any: [
        { kind: "attribute", regex: "^(?:ssl\\.)?PROTOCOL_(?:SSLv2|SSLv3|TLSv1|TLSv1_1)$" },
        { kind: "attribute", regex: "^(?:OpenSSL\\.)?SSL\\.(?:SSLv2|SSLv3|SSLv23|TLSv1|TLSv1_1)_METHOD$" },
        { kind: "attribute", regex: "^(?:ssl\\.)?TLSVersion\\.(?:SSLv3|TLSv1|TLSv1_1)$" },
      ],
    },
    message: "SSL 2/3 and TLS 1.0/1.1 are broken or deprecated protocol versions",
  },
  {
    hazard: "ssh-host-key-not-verified",
    prefilter: /set_missing_host_key_policy/,
    rule: {
      kind: "call",
      regex:
        "\\.set_missing_host_key_policy\\(\\s*(?:paramiko\\.)?(?:client\\.)?(?:AutoAddPolicy|WarningPolicy)\\b",
    },
    message: "SSH host keys of unknown servers are accepted: a man in the middle is not detected",
  },
  {
    hazard: "dynamic-shell-command",
    prefilter: /shell\s*=\s*True/,
    rule: {
      kind: "call",
      regex: SUBPROCESS_CALL,
      has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^shell\\s*=\\s*True$" } },
    },
    unless: LITERAL_FIRST_ARGUMENT,
    variable: true,
    unlessTaint: "command-injection",
    message: "A shell parses a command line built at run time (`shell=True` with a non-literal command)",
    inTests: "skip",
  },
  {
    hazard: "dynamic-shell-command",
    prefilter: /os\.system|os\.popen|getoutput|getstatusoutput|create_subprocess_shell|exec_command/,
    rule: {
      kind: "call",
      regex:
        "^(?:os\\.system|os\\.popen[234]?|subprocess\\.getoutput|subprocess\\.getstatusoutput|commands\\.getoutput|asyncio\\.create_subprocess_shell)\\(|\\.exec_command\\(",
    },
    unless: LITERAL_FIRST_ARGUMENT,
    variable: true,
    unlessTaint: "command-injection",
    message: "A shell parses a command line built at run time",
    inTests: "skip",
  },
  {
    hazard: "dynamic-shell-command",
    prefilter: /os\.(?:spawn|exec|startfile)|popen2\./,
    // no shell here, but the program itself comes from a variable: whoever sets it chooses what runs
    rule: {
      kind: "call",
      regex: "^(?:os\\.(?:spawn[lv]p?e?|exec[lv]p?e?|startfile)|popen2\\.(?:popen[234]|Popen[34]))\\(",
    },
    where:
      /^os\.spawn[lv]p?e?\(\s*[^,]+,\s*(?!\s|[bBrRuU]{0,2}["'])|^(?:os\.(?:exec[lv]p?e?|startfile)|popen2\.\w+)\(\s*(?!\s|[bBrRuU]{0,2}["'])/,
    unlessTaint: "command-injection",
    message: "A program chosen at run time is started; whoever controls the value controls what runs",
    inTests: "skip",
  },
  {
    hazard: "shell-wildcard-injection",
    prefilter: /\b(?:tar|chmod|chown|chgrp|rsync|zip|7z)\b[^\n]*\*/,
    rule: {
      kind: "call",
      regex: "^(?:os\\.system|os\\.popen|subprocess\\.|run|call|check_call|check_output|Popen)",
    },
    where:
      /^(?:os\.system|os\.popen[234]?|subprocess\.getoutput|subprocess\.getstatusoutput)\(\s*[fFrRuU]{0,2}["'][^"'\n]*\b(?:tar|chmod|chown|chgrp|rsync|zip|7z)\b[^"'\n]*(?:^|\s)\*|^(?:subprocess\.)?(?:run|call|check_call|check_output|Popen)\(\s*[fFrRuU]{0,2}["'][^"'\n]*\b(?:tar|chmod|chown|chgrp|rsync|zip|7z)\b[^"'\n]*(?:^|\s)\*[\s\S]*\bshell\s*=\s*True/,
    message: "A shell glob `*` expands file names that can be read as options (`--checkpoint-action=exec=…`)",
  },
  {
    hazard: "partial-executable-path",
    prefilter: /subprocess|os\.(?:system|popen|spawn|exec)/,
    rule: {
      kind: "call",
      regex:
        "^(?:subprocess\\.)?(?:run|call|check_call|check_output|Popen)\\(|^os\\.(?:system|popen|spawn|exec)",
    },
    where:
      /^(?:(?:subprocess\.)?(?:run|call|check_call|check_output|Popen)\(\s*\[?|os\.(?:system|popen|spawnlp?e?|spawnvp?e?|execlp?e?|execvp?e?)\(\s*(?:os\.P_\w+\s*,\s*)?)\s*[bBrRuU]{0,2}["'][A-Za-z_][\w+-]*(?:\s|["'])/,
    ifFile: /\bimport\s+(?:subprocess|os)\b|\bfrom\s+(?:subprocess|os)\s+import\b/,
    message: "The program is named without a path: whichever file comes first on PATH runs",
    inTests: "skip",
  },
  {
    hazard: "dynamic-code-evaluation",
    prefilter: /\b(?:eval|exec)\s*\(/,
    rule: {
      kind: "call",
      regex: "^(?:eval|exec|builtins\\.eval|builtins\\.exec)\\(",
      not: {
        has: {
          kind: "argument_list",
          has: { kind: "string", nthChild: 1, not: { has: { kind: "interpolation" } } },
        },
      },
    },
    variable: true,
    unlessTaint: "code-injection",
    message:
      "Code built at run time is evaluated; `ast.literal_eval` or a lookup table does the job without running code",
    inTests: "skip",
  },
  {
    hazard: "template-autoescape-disabled",
    prefilter: /Environment|autoescape/,
    rule: {
      kind: "call",
      regex: "^(?:jinja2\\.)?Environment\\(",
      any: [
        {
          not: {
            has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^autoescape\\s*=" } },
          },
        },
        {
          has: {
            kind: "argument_list",
            has: { kind: "keyword_argument", regex: "^autoescape\\s*=\\s*False$" },
          },
        },
      ],
    },
    ifFile: /\bjinja2\b/,
    message: "Jinja2 renders variables without HTML escaping (autoescape is off by default)",
  },
  {
    hazard: "template-autoescape-disabled",
    prefilter: /mako/,
    rule: {
      kind: "call",
      regex: "^(?:mako\\.template\\.)?(?:Template|TemplateLookup)\\(",
      not: {
        has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^default_filters\\s*=" } },
      },
    },
    ifFile: /\bmako\b/,
    message: "Mako renders expressions without HTML escaping unless default_filters says so",
  },
  {
    hazard: "debug-mode-enabled",
    prefilter: /debug\s*=\s*True|DEBUG|\.debug\s*=/,
    rule: {
      any: [
        {
          kind: "call",
          regex: "\\.run\\(",
          has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^debug\\s*=\\s*True$" } },
        },
        { kind: "assignment", regex: "^\\w+\\.debug\\s*=\\s*True$" },
        { kind: "assignment", regex: "^\\w+\\.config\\[\\s*[\"']DEBUG[\"']\\s*\\]\\s*=\\s*True$" },
      ],
    },
    ifFile: /\bflask\b|\bFlask\b|werkzeug/,
    message:
      "Flask/Werkzeug debug mode: its interactive debugger runs Python sent by whoever reaches the page",
    inTests: "skip",
  },
  {
    hazard: "debug-mode-enabled",
    prefilter: /DEBUG/,
    rule: { kind: "assignment", regex: "^DEBUG\\s*=\\s*True$" },
    ifPath:
      /(?:^|\/)settings(?:\/[^/]*|[_.-]?(?:prod\w*|production|base|common))?\.py$|(?:^|\/)settings\.py$/,
    message: "Django DEBUG = True: error pages show settings, SQL and stack traces to visitors",
    fix: { description: "turn debug mode off", rewrite: { pattern: /True$/, with: "False" } },
    inTests: "skip",
  },
  {
    hazard: "cleartext-protocol",
    prefilter: /telnetlib|ftplib|Telnet|FTP/,
    rule: {
      kind: "call",
      any: [{ regex: "^(?:telnetlib\\.)?Telnet\\(" }, { regex: "^(?:ftplib\\.)?FTP\\(" }],
    },
    ifFile: /\b(?:telnetlib|ftplib)\b/,
    message: "Telnet and FTP send credentials and data in clear text",
  },
  {
    hazard: "cleartext-protocol",
    prefilter: /CommunityData|UsmUserData/,
    // SNMP v1/v2c authenticate with a community string sent in clear text; SNMPv3 without a
    // privacy key (the third argument or privKey=) authenticates but sends everything unencrypted
    rule: {
      kind: "call",
      any: [
        { regex: "^(?:[\\w.]+\\.)?CommunityData\\(" },
        {
          regex: "^(?:[\\w.]+\\.)?UsmUserData\\(",
          not: { has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^privKey\\s*=" } } },
        },
      ],
    },
    where:
      /^(?:[\w.]+\.)?CommunityData\(|^(?:[\w.]+\.)?UsmUserData\(\s*(?:[^,()]+(?:,\s*[^,()]+)?\s*|[^,()]+,\s*[^,()]+,\s*None\s*)\)$/,
    ifFile: /\bpysnmp\b/,
    message:
      "SNMP without privacy (v1/v2c community string, or v3 without a privacy key) sends data in clear text",
  },
  {
    hazard: "permissive-file-permissions",
    prefilter: /chmod|mkdir|makedirs|S_IWOTH|S_IRWXO/,
    rule: {
      kind: "call",
      any: [
        {
          regex:
            "^(?:os\\.)?(?:chmod|lchmod|fchmod|mkdir|makedirs)\\([^)]*,\\s*(?:mode\\s*=\\s*)?(?:0o?[0-7]*[2367]\\b|[^)]*stat\\.S_(?:IWOTH|IRWXO))",
        },
        {
          regex:
            "\\.(?:chmod|lchmod|mkdir)\\(\\s*(?:mode\\s*=\\s*)?(?:0o[0-7]*[2367]\\b|[^)]*stat\\.S_(?:IWOTH|IRWXO))",
        },
      ],
    },
    message: "Everyone on the machine may write this file or directory (world-writable mode)",
  },
  {
    hazard: "weak-key-size",
    prefilter: /generate|SEC[PT]/,
    rule: {
      kind: "call",
      any: [
        { regex: `^(?:rsa|dsa)\\.generate_private_key\\([\\s\\S]*key_size\\s*=\\s*${SMALL_KEY}` },
        { regex: `^rsa\\.generate_private_key\\(\\s*(?:public_exponent\\s*=\\s*)?\\d+\\s*,\\s*${SMALL_KEY}` },
        { regex: `^dsa\\.generate_private_key\\(\\s*${SMALL_KEY}` },
        {
          regex: `^(?:RSA|DSA|Crypto\\.PublicKey\\.(?:RSA|DSA))\\.generate\\(\\s*(?:bits\\s*=\\s*)?${SMALL_KEY}`,
        },
        {
          regex:
            "^ec\\.generate_private_key\\(\\s*(?:curve\\s*=\\s*)?(?:ec\\.)?(?:SECP192R1|SECT163K1|SECT163R2)\\b",
        },
      ],
    },
    message: "The key is too short: RSA and DSA need 2048 bits, elliptic curves 224",
  },
  {
    hazard: "logging-config-listener",
    prefilter: /listen\(/,
    rule: { kind: "call", regex: "^(?:logging\\.)?config\\.listen\\(" },
    ifFile: /logging\.config|from\s+logging\s+import\s+config/,
    message: "logging.config.listen() accepts configuration from the network, which can run code",
  },
  {
    hazard: "unsafe-archive-extraction",
    prefilter: /tarfile/,
    rule: {
      any: [
        { kind: "call", pattern: "$T.extractall($$$)" },
        { kind: "call", pattern: "$T.extract($$$)" },
      ],
      not: { has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^filter\\s*=" } } },
    },
    ifFileMentions:
      "(?:\\b$T\\s*=\\s*tarfile\\.(?:open|TarFile)|tarfile\\.(?:open|TarFile)\\([^\\n]*\\bas\\s+$T\\b)",
    message:
      "A tar archive is extracted without a filter: members named `../x` or links write outside the target",
  },
  {
    hazard: "dynamic-sql-query",
    prefilter: /\b(?:SELECT|INSERT|UPDATE|DELETE|REPLACE)\b[\s\S]*?\b(?:FROM|INTO|SET)\b/i,
    rule: {
      any: [
        // f"SELECT … {x}"
        { kind: "string", has: { kind: "interpolation", stopBy: "end" } },
        // "SELECT … %s" % x  and  "SELECT … " + x + …  (the outermost operation only)
        {
          kind: "binary_operator",
          regex: "^[^(]*[\"']\\s*[%+]",
          not: { inside: { kind: "binary_operator" } },
        },
        // "SELECT … {}".format(x)
        { kind: "call", regex: "[\"']\\.format\\(" },
      ],
    },
    where: SQL_LITERAL_START,
    variable: true,
    unlessTaint: "sql-injection",
    message: "SQL text is built from a variable; pass values as query parameters instead",
    inTests: "skip",
  },
  {
    hazard: "dynamic-sql-query",
    prefilter: /\.extra\(|RawSQL\(/,
    // Django's raw SQL fragments: `qs.extra(where=["id = %s" % x])`, `RawSQL(sql, params)`
    rule: { kind: "call", regex: "\\.extra\\(|RawSQL\\(" },
    where:
      /^[\w.]*\.extra\([\s\S]*(?:["']\s*[%+]|\b[fF]["']|["']\.format\()|^(?:[\w.]+\.)?RawSQL\(\s*(?![bBrRuU]?["'][^"'{}]*["']\s*[,)])/,
    variable: true,
    unlessTaint: "sql-injection",
    message: "Django raw SQL (extra/RawSQL) built from a variable; pass values in params",
    inTests: "skip",
  },
  {
    hazard: "html-marked-safe",
    prefilter: /mark_safe|Markup|SafeString|SafeText|SafeUnicode|SafeBytes/,
    rule: {
      kind: "call",
      regex:
        "^(?:(?:(?:django\\.utils\\.)?safestring\\.)?(?:mark_safe|SafeString|SafeText|SafeUnicode|SafeBytes)|(?:markupsafe\\.|flask\\.)?Markup)\\(\\s*\\S",
    },
    unless: LITERAL_FIRST_ARGUMENT,
    variable: true,
    unlessTaint: "xss",
    message: "A value built at run time is marked as safe HTML, so templates will not escape it",
    inTests: "skip",
  },

  {
    hazard: "secret-logged",
    // the credential words alone: one linear pass over the file
    prefilter: /pass(?:word|wd|phrase)|pwd|secret|token|api_?key|apikey|private_?key|access_?key|credential/i,
    rule: { kind: "call", regex: LOG_CALL },
    // a credential-named value read in the call (an argument, an f-string field, a dict value),
    // not a word of the message text, and not its length, truth or a masked form
    where: SECRET_VALUE_READ,
    message:
      "A password, token or key is written to the log or the console, where it is kept and read by others",
    inTests: "skip",
  },
  // The audit tier: constructs a reviewer should look at whatever the data, reported at low
  // severity where the precise rule of the same hazard says nothing on that line, never in tests.
  {
    hazard: "weak-hash-algorithm",
    prefilter: /hashlib|MD[245]|SHA1?\b/,
    rule: {
      kind: "call",
      regex:
        "^(?:hashlib\\.(?:md5|sha1|new)|(?:Crypto(?:dome)?\\.Hash\\.)?(?:MD2|MD4|MD5|SHA1?)\\.new|(?:[\\w.]*hashes\\.)?(?:MD5|SHA1))\\(",
    },
    where:
      /^(?:hashlib\.(?:md5|sha1)\(|hashlib\.new\(\s*(?:[^()]*?\bname\s*=\s*)?[bBrRuU]?["'](?:md5|md4|md2|sha1|sha)["']|(?:Crypto(?:dome)?\.Hash\.)?(?:MD2|MD4|MD5|SHA1?)\.new\(|(?:[\w.]*hashes\.)?(?:MD5|SHA1)\(\s*\)$)/i,
    // `usedforsecurity=False` (Python 3.9+; hashlib.new's third positional argument) marks a checksum
    unless: /usedforsecurity\s*=\s*False|^hashlib\.new\([^(),]+,[^(),]+,\s*False\s*\)/,
    message: "MD5/SHA-1 is broken for security; if this is a checksum, say so with `usedforsecurity=False`",
    unlessReported: { patterns: ["weak-hash"] },
    inTests: "skip",
  },
  {
    hazard: "non-cryptographic-random",
    prefilter: /random\./,
    rule: {
      kind: "call",
      regex:
        "^random\\.(?:random|randint|randrange|choice|choices|getrandbits|randbytes|sample|shuffle|uniform|triangular|betavariate|expovariate|gammavariate|gauss|lognormvariate|normalvariate|vonmisesvariate|paretovariate|weibullvariate|binomialvariate|Random)\\(",
    },
    ifFile: /\bimport\b[^\n]*\brandom\b/,
    message:
      "The random module is predictable: fine for simulations and jitter, never for tokens, keys or passwords (use `secrets`)",
    unlessReported: { patterns: ["weak-randomness"] },
    inTests: "skip",
  },
  {
    hazard: "shell-process-start",
    prefilter: /shell\s*=\s*True/,
    rule: {
      kind: "call",
      regex: SUBPROCESS_CALL,
      has: { kind: "argument_list", has: { kind: "keyword_argument", regex: "^shell\\s*=\\s*True$" } },
    },
    message:
      "A shell runs this command line (`shell=True`); an argument list without a shell is never re-parsed",
    unlessReported: SHELL_RULES,
    inTests: "skip",
  },
  {
    hazard: "shell-process-start",
    prefilter: /os\.system|os\.popen|getoutput|getstatusoutput|create_subprocess_shell|popen2\.|commands\./,
    rule: {
      kind: "call",
      regex:
        "^(?:os\\.system|os\\.popen[234]?|subprocess\\.getoutput|subprocess\\.getstatusoutput|commands\\.getoutput|commands\\.getstatusoutput|asyncio\\.create_subprocess_shell|popen2\\.(?:popen[234]|Popen[34]))\\(",
    },
    message: "A shell runs this command line; `subprocess.run([...])` with an argument list needs none",
    unlessReported: SHELL_RULES,
    inTests: "skip",
  },
  {
    hazard: "shell-process-start",
    prefilter: /exec_command/,
    // paramiko runs the command through the remote user's shell
    rule: { kind: "call", regex: "\\.exec_command\\(" },
    ifFile: /\bparamiko\b/,
    message: "The SSH server's shell runs this command line; quote every value put into it (`shlex.quote`)",
    unlessReported: SHELL_RULES,
    inTests: "skip",
  },
  {
    hazard: "xml-parser-not-hardened",
    prefilter: /xml|etree|sax/,
    rule: {
      kind: "call",
      regex:
        "^(?:xml\\.etree\\.c?ElementTree\\.(?:parse|iterparse|fromstring|fromstringlist|XML|XMLParser|XMLPullParser)|xml\\.dom\\.(?:minidom|pulldom|expatbuilder)\\.(?:parse|parseString)|xml\\.sax\\.(?:parse|parseString|make_parser)|xml\\.sax\\.expatreader\\.create_parser|xml\\.parsers\\.expat\\.ParserCreate)\\(",
    },
    unlessFile: /defuse_stdlib\(\)/,
    message:
      "The standard library's XML parsers have no limits of their own on entity expansion (they rely on the expat version); parse untrusted XML with defusedxml",
    unlessReported: { patterns: ["xxe"] },
    inTests: "skip",
  },
  {
    hazard: "xml-parser-not-hardened",
    prefilter: /lxml|etree/,
    rule: { kind: "call", regex: "^lxml\\.etree\\.(?:parse|fromstring|XML|iterparse|XMLParser)\\(" },
    // a parser configured in the file (`XMLParser(resolve_entities=False)`) is a decision taken
    unlessFile: /resolve_entities\s*=\s*False/,
    message:
      "lxml's default parser expands entities and reads DTDs; pass `XMLParser(resolve_entities=False, no_network=True)` or use defusedxml.lxml",
    unlessReported: { patterns: ["xxe"] },
    inTests: "skip",
  },
  {
    hazard: "xml-parser-not-hardened",
    prefilter: /XMLRPCServer/,
    rule: { kind: "call", regex: "^(?:[\\w.]*\\.)?(?:Simple|Doc)XMLRPCServer\\(" },
    unlessFile: /monkey_patch\(\)/,
    message:
      "An XML-RPC server parses XML from the network with the standard library's parser; call `defusedxml.xmlrpc.monkey_patch()` first",
    inTests: "skip",
  },
  {
    hazard: "code-evaluation",
    prefilter: /\b(?:eval|exec)\b/,
    rule: {
      any: [
        { kind: "call", regex: "^(?:eval|exec|builtins\\.eval|builtins\\.exec)\\(" },
        // Python 2's `exec "code"` statement
        { kind: "exec_statement" },
      ],
    },
    message:
      "eval/exec runs Python code; even a fixed string is better written as code, and data read with `ast.literal_eval` or a lookup",
    unlessReported: { patterns: ["dynamic-code-evaluation"], taint: ["code-injection"] },
    inTests: "skip",
  },
  {
    hazard: "unrestricted-url-scheme",
    prefilter: /urlopen|urlretrieve|URLopener|Request\(/,
    rule: {
      kind: "call",
      regex:
        "^(?:urllib\\.(?:request\\.)?(?:urlopen|urlretrieve|URLopener|FancyURLopener|Request)|urllib2\\.(?:urlopen|Request))\\(",
    },
    // a literal http(s) URL has its scheme fixed
    unless: /^[\w.]+\(\s*(?:url\s*=\s*)?[bBrRuU]?["']https?:\/\//i,
    message:
      "urllib opens file:// and ftp:// URLs as well as http(s); check the scheme before opening a URL that is not a literal",
    unlessReported: { taint: ["ssrf"] },
    inTests: "skip",
  },
  {
    hazard: "raw-sql-fragment",
    prefilter: /\.extra\(|RawSQL\(/,
    // the call of `extra` itself, not a chain around it (`qs.extra(…).distinct()`)
    rule: { kind: "call", has: { field: "function", regex: "\\.extra$|^(?:[\\w.]+\\.)?RawSQL$" } },
    ifFile: /\bdjango\b/,
    // inline literals only (bound `params` may be anything): the SQL text is in plain sight
    unless: INLINE_RAW_SQL,
    message:
      "Django raw SQL (extra/RawSQL) from text not written here; check that nothing from outside reaches it, and prefer the ORM or `params`",
    unlessReported: { patterns: ["dynamic-sql-query"], taint: ["sql-injection"] },
    inTests: "skip",
  },
  {
    hazard: "cgi-httpoxy",
    prefilter: /CGIHandler|CGIScript|CGIDirectory/,
    rule: {
      kind: "call",
      regex:
        "^(?:(?:wsgiref\\.handlers\\.)?CGIHandler|(?:twisted\\.web\\.twcgi\\.)?(?:CGIScript|CGIDirectory))\\(",
    },
    ifFile: /wsgiref|twcgi/,
    message:
      "Under CGI a request's `Proxy:` header becomes the HTTP_PROXY variable, which requests and urllib honour (httpoxy): outgoing requests can go through the client's proxy",
  },
];
