// The rule format of the SAST analyzer: per-language data (where untrusted data enters, which
// calls are dangerous for which hazard, which calls make data safe, and the pattern rules), read
// by one taint engine and one pattern matcher. A new framework is a new entry here, not new code.

/** The hazards the taint engine tracks; each is one rule `sast/<hazard>`. */
export type TaintHazard =
  | "sql-injection"
  | "nosql-injection"
  | "command-injection"
  | "code-injection"
  | "path-traversal"
  | "ssrf"
  | "open-redirect"
  | "xss"
  | "ldap-injection"
  | "xpath-injection"
  | "trust-boundary-violation"
  | "prototype-pollution"
  | "redos-regex"
  | "log-injection"
  | "smtp-address-injection"
  | "unhardened-decoding";

/** The hazards found by pattern (a dangerous construct, not a data flow); each is one rule. */
export type PatternHazard =
  | "weak-hash"
  | "weak-cipher"
  | "weak-randomness"
  | "insecure-cookie"
  | "tls-verification-disabled"
  | "hardcoded-credential"
  | "xxe"
  | "unsafe-deserialization"
  | "dom-xss"
  | "assert-used-for-security"
  | "bind-all-interfaces"
  | "insecure-temp-file"
  | "swallowed-exception"
  | "request-without-timeout"
  | "old-tls-version"
  | "ssh-host-key-not-verified"
  | "dynamic-shell-command"
  | "shell-wildcard-injection"
  | "partial-executable-path"
  | "dynamic-code-evaluation"
  | "template-autoescape-disabled"
  | "debug-mode-enabled"
  | "cleartext-protocol"
  | "permissive-file-permissions"
  | "weak-key-size"
  | "logging-config-listener"
  | "unsafe-archive-extraction"
  | "dynamic-sql-query"
  | "html-marked-safe"
  | "redos-regex"
  | "weak-jwt-verification"
  | "unsafe-package-use"
  | "http-server-without-timeout"
  | "spring-csrf-disabled"
  | "express-without-security-headers"
  | "express-without-csrf-protection"
  | "session-fixation"
  | "plaintext-password"
  | "unsanitized-markdown"
  | "template-url-injection"
  | "weak-password-policy"
  | "user-enumeration"
  | "unused-authorization-check"
  | "weak-hash-algorithm"
  | "non-cryptographic-random"
  | "shell-process-start"
  | "xml-parser-not-hardened"
  | "code-evaluation"
  | "unrestricted-url-scheme"
  | "raw-sql-fragment"
  | "cgi-httpoxy"
  | "secret-logged"
  | "weak-password-hash-cost"
  | "url-from-variable"
  | "file-path-from-variable"
  | "broad-file-permissions"
  | "unbounded-request-body"
  | "cross-origin-protection-bypass"
  | "filesystem-root-served"
  | "redirect-forwards-credentials"
  | "walked-path-race"
  | "ssh-key-callback-state"
  | "static-nonce";

export type Category = "security" | "best-practice" | "correctness";

/**
 * Where untrusted data enters: a syntax node of one of `kinds` whose source text matches `text`
 * (anchored by the author). `req.query.id` is tainted because it contains the `req.query` source.
 */
export interface SourceSpec {
  kinds: readonly string[];
  text: RegExp;
  /** Shown in the finding: "HTTP query parameter", "command-line argument". */
  label: string;
  /**
   * `local`: input of the invoking user (a CLI's arguments, environment, standard input), not of a
   * remote client. Its flows are reported by the audit rule `sast/unvalidated-local-input` at low
   * severity, not by the hazard's taint rule: the user already holds what the flow would reach.
   */
  tier?: "local";
}

/**
 * A parameter whose declaration marks it as untrusted (Spring's `@RequestParam String id`): every
 * use of the name inside its function is tainted.
 */
export interface ParameterSourceSpec {
  /** Matched against the parameter's source text. */
  text: RegExp;
  /**
   * Only parameters of functions whose decorators (Python) match: a route function's parameters
   * are request data (`@app.get("/items/{item_id}")`, `@app.route("/u/<name>")`).
   */
  decorators?: RegExp;
  /**
   * Parameters declared numeric by the route itself are not sources: a regex source in which
   * `$NAME` is the parameter's name, matched against the decorators (Flask `<int:id>`).
   */
  numericInRoute?: string;
  /** The file must contain this text for parameters to be examined at all. */
  prefilter: RegExp;
  label: string;
  /** As `SourceSpec.tier`: a program's own arguments (`main(String[] args)`) are the invoking user's. */
  tier?: "local";
}

/** A call whose result is safe for the listed hazards ("all" for a numeric conversion). */
export interface SanitizerSpec {
  /** Matched against the callee text (`parseInt`, `path.basename`, `html.escape`). */
  callee: RegExp;
  hazards: readonly TaintHazard[] | "all";
}

export interface FormatCallSpec {
  /** Matched against the callee text (`fmt.Sprintf`). */
  callee: RegExp;
  /** The position of the format string among the call's arguments. */
  format: number;
  /** The verbs (one letter) whose operand cannot carry text into the output. */
  cleanVerbs: RegExp;
}

/** A fix template: `{callee}`, `{arg0}`, `{args}` are replaced by the call's text. */
export interface FixTemplate {
  description: string;
  /** What the whole call is replaced with; undefined when only the description can be offered. */
  replacement?: string;
}

/** A call that does harm when the listed arguments carry untrusted data. */
export interface SinkSpec {
  hazard: TaintHazard;
  /** Matched against the callee text (`db.query`, `child_process.exec`, `cursor.execute`). */
  callee: RegExp;
  /** Which arguments (0-based) must not be tainted; "all" for any. */
  args: readonly number[] | "all";
  /** Shown in the finding: "SQL query", "shell command". */
  label: string;
  /** When the whole call text matches, the call is safe (e.g. `shell=False` is the default). */
  unlessCall?: RegExp;
  /** Only a sink when the whole call text matches (e.g. `subprocess.run(..., shell=True)`). */
  onlyCall?: RegExp;
  /** Only a sink in files whose text matches (`out.println` where `out = response.getWriter()`). */
  onlyFile?: RegExp;
  /**
   * Hazards for which the call's result carries its arguments' taint: a sink's result is otherwise
   * taken as clean (rows, a response), but a program's output can repeat what it was given.
   */
  resultCarries?: readonly TaintHazard[];
  fix?: FixTemplate;
}

/** An assignment to a property that does harm with untrusted data (`el.innerHTML = x`). */
export interface PropertySinkSpec {
  hazard: TaintHazard;
  /** Matched against the assignment target's text. */
  target: RegExp;
  label: string;
}

/**
 * A pattern rule for one language: an ast-grep rule object (pattern or kind, with `regex`, `has`,
 * `inside`, `not` …, see https://ast-grep.github.io/reference/rule.html) plus optional constraints
 * on the captured metavariables, and text tests on the whole match.
 */
export interface PatternSpec {
  hazard: PatternHazard;
  /**
   * A cheap test on the file text: when it fails, the ast-grep rule is not run at all (most files
   * contain none of the words a rule needs, and compiling a rule costs more than this regex).
   */
  prefilter: RegExp;
  /** ast-grep rule, passed as `{ rule, constraints }` to `findAll`. */
  rule: Record<string, unknown>;
  constraints?: Record<string, unknown>;
  /** The finding's message; `$X` names are replaced by the captured text. */
  message: string;
  /**
   * Only reported when the matched node's text matches this (a V8 regex): ast-grep compiles a
   * rule's `regex` (Rust, Unicode classes) on every `findAll`, which for long or case-insensitive
   * patterns cost more than the walk; a cheap kind rule plus this test does the same job.
   */
  where?: RegExp;
  /**
   * Java: the call's first argument is a name assigned from a property read (`String alg =
   * props.getProperty("hashAlg1", "SHA512")`); reported when the value the project's properties
   * file gives that key (or, without one, the read's default) matches this (`java-properties.ts`).
   */
  configuredArgument?: RegExp;
  /** When the matched node's text matches this, it is not reported (e.g. `usedforsecurity=False`). */
  unless?: RegExp;
  /** Only reported when the enclosing statement's text matches (e.g. a name mentioning password). */
  context?: RegExp;
  /** Not reported when the enclosing statement's text matches. */
  unlessContext?: RegExp;
  /** When this text appears anywhere in the file, the match is not reported (a hardening call). */
  unlessFile?: RegExp;
  /** `unlessFile` also counts in the scripts this file loads by a relative path (one level). */
  unlessInLocalModules?: true;
  /** Only reported when the file's text matches (e.g. it imports `math/rand`). */
  ifFile?: RegExp;
  /** Only reported when the file's path matches (Django's `DEBUG` lives in `settings.py`). */
  ifPath?: RegExp;
  /**
   * Only reported when the file's text matches this regex source after `$X` names are replaced by
   * the (escaped) captured text: `$T.extractall()` is a tar archive when `$T = tarfile.open` exists.
   */
  ifFileMentions?: string;
  /** Not reported when the file's text matches this regex source, `$X` names filled the same way. */
  unlessFileMentions?: string;
  /**
   * Not reported when the file's code (comments blanked out) matches this regex source after `$X`
   * names are replaced: `\\b$GUARD\\b[\\s\\S]*\\b$GUARD\\b` says the declared name is used again.
   */
  unlessCodeMentions?: string;
  /**
   * Not reported where the taint rule of this hazard already reports the same call: the tainted
   * case is that rule's finding, with its source and path; this pattern keeps the rest.
   */
  unlessTaint?: TaintHazard;
  /**
   * An audit pattern (a construct to review whatever the data): not reported on a line where one
   * of these rules reports, since the precise rule's finding is that line's finding.
   */
  unlessReported?: { patterns?: readonly PatternHazard[]; taint?: readonly TaintHazard[] };
  /**
   * Only reported when the match reads a variable: every name in it being a constant
   * (`UPPER_CASE`) or a conversion (`int`, `len`, `str`) means the text is fixed after all.
   */
  variable?: boolean;
  /**
   * Go: only reported when the call's first argument is a literal matching this, or a parameter
   * every call of its function in the package fills with literals, one of them matching
   * (`go-package.ts`).
   */
  firstArgumentLiteral?: RegExp;
  /**
   * Go: not reported when every template execution of the file (`.Execute(w, data)`,
   * `.ExecuteTemplate(w, name, data)`) is given escaped data, nil or a literal (`go-templates.ts`).
   */
  unlessTemplateDataEscaped?: true;
  /** In test code (`tests/`, `test_*.py` …): skipped, or reported at low severity. */
  inTests?: "skip" | "low";
  /**
   * A replacement for the matched node's text (or the captured `target` metavariable's text);
   * `$X` names are replaced by the captured text.
   */
  fix?: {
    description: string;
    replacement?: string;
    /** Rewrites the matched text instead of replacing it (`false` → `true` at the end). */
    rewrite?: { pattern: RegExp; with: string };
    target?: string;
  };
  /** Metavariable whose span is a secret (the finding masks it). */
  secret?: string;
  /**
   * A credential check on the matched node: its `key` field (or first named child) must name a
   * credential and its `value` field (or last named child) must be a non-placeholder string literal.
   * The value is masked in every snippet.
   */
  credential?: { key: string; value: string };
}

/** Syntax node kinds of one grammar that the taint engine walks. */
export interface GrammarKinds {
  /** Calls; their callee is the `function` field (or `object`.`name` in Java). */
  calls: readonly string[];
  /**
   * Declarations and assignments with their left and right fields. `inline`: the node's text is
   * `<left> <op>= <right>` (not a loop header), so a plain name's parts can be read from the text.
   */
  assignments: readonly {
    kind: string;
    left: string;
    right: string;
    augmented?: boolean;
    inline?: boolean;
  }[];
  /** Function-like nodes: a variable's scope. */
  functions: readonly string[];
  /** Variable references. */
  identifiers: readonly string[];
  /** `if` statements (for allow-list checks that return early). */
  ifs: readonly string[];
  /** Loops: their body may run zero or more times (`do … while` is not one: it runs at least once). */
  loops?: readonly string[];
  /** Switch statements: one case group runs (or none, without a default). */
  switches?: readonly string[];
  /** Parameters (for parameter sources). */
  parameters: readonly string[];
  /** Return statements (for return sinks). */
  returns?: readonly string[];
}

/**
 * A view function's return value that becomes the HTTP response body (a Flask route returning an
 * HTML string): a sink when the function's decorators match and the value is built text.
 */
export interface ReturnSinkSpec {
  hazard: TaintHazard;
  /** Matched against the decorators (or annotations) text of the enclosing function. */
  decorators: RegExp;
  /** Kinds of returned expressions that build text (a dict or a template render is not HTML text). */
  valueKinds: readonly string[];
  label: string;
}

/** See `LanguageSpec.callbackResults`. */
export interface CallbackResultSpec {
  /** Matched against the callee text (`needle.get`, `request`). */
  callee: RegExp;
  /** The arguments (0-based) whose taint the callback's data parameters take: the URL or options. */
  args: readonly number[];
  /** Leading parameters that carry no fetched data (Node's `err`). */
  skip: number;
}

export interface LanguageSpec {
  /** The ast-grep language name. */
  grammar: string;
  kinds: GrammarKinds;
  sources: readonly SourceSpec[];
  parameterSources?: readonly ParameterSourceSpec[];
  sanitizers: readonly SanitizerSpec[];
  /**
   * Printf-style calls whose format string is an argument: an argument the format consumes with
   * a verb that prints only digits or letters of a number (Go `%d`, `%x`, `%f`) is sanitized for
   * every hazard, as a number is (`format-verbs.ts`).
   */
  formatCalls?: readonly FormatCallSpec[];
  sinks: readonly SinkSpec[];
  propertySinks?: readonly PropertySinkSpec[];
  returnSinks?: readonly ReturnSinkSpec[];
  /**
   * Calls that write what they read into their `&v` arguments (Go `json.Unmarshal(body, &v)`,
   * `json.NewDecoder(r.Body).Decode(&v)`, gin `c.ShouldBindJSON(&v)`): `v` (and so every field of
   * it) takes the taint of the call's text, as if the call's value were assigned to it.
   */
  pointerFills?: readonly RegExp[];
  /**
   * Calls that hand what they fetched to a callback (`needle.get(url, (err, res, body) => …)`):
   * the callback's parameters after the first `skip` take the taint of the `args` given, since
   * whoever chose the URL chose the server that wrote the response.
   */
  callbackResults?: readonly CallbackResultSpec[];
  patterns: readonly PatternSpec[];
  /** Rules over the text where the tree says nothing (template files). */
  textPatterns?: readonly TextPatternSpec[];
}

/**
 * A pattern over a file's text, for template files (Jinja2, Django, EJS, Handlebars, Mustache)
 * whose markup the HTML grammar does not model: each match of `pattern` (global) is a finding at
 * the match, unless the matched text matches `unless` or the match is inside a comment or a
 * constant-false block of the template (`templates.ts`).
 */
export interface TextPatternSpec {
  hazard: PatternHazard;
  pattern: RegExp;
  unless?: RegExp;
  message: string;
}
