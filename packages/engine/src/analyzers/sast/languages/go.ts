// Go: net/http, gin and gorilla/mux request data and `os.Args`; database/sql and GORM, os/exec,
// text/template, os and ioutil files, net/http clients, redirects and response writers.
import { goPatterns } from "./go-patterns.ts";
import type { LanguageSpec } from "./types.ts";

// the request itself: net/http handlers' `r`, gin's `c.Request` field and echo's `c.Request()`
const REQUEST = "(?:r|req|request|httpReq|(?:c|ctx)\\.Request(?:\\(\\))?)";

const GO_CLEAN_VERBS = /^[bdoOxXeEfFgGtpUT]$/;

export const goSpec: LanguageSpec = {
  grammar: "go",
  kinds: {
    calls: ["call_expression"],
    assignments: [
      { kind: "short_var_declaration", left: "left", right: "right", inline: true },
      { kind: "assignment_statement", left: "left", right: "right", inline: true },
      { kind: "var_spec", left: "name", right: "value", inline: true },
      { kind: "range_clause", left: "left", right: "right" },
    ],
    functions: ["function_declaration", "method_declaration", "func_literal"],
    returns: ["return_statement"],
    identifiers: ["identifier"],
    ifs: ["if_statement"],
    loops: ["for_statement"],
    switches: ["expression_switch_statement", "type_switch_statement", "select_statement"],
    parameters: [],
  },
  sources: [
    {
      kinds: ["call_expression"],
      text: new RegExp(
        `^${REQUEST}\\.(?:URL\\.Query\\(\\)|FormValue\\(|PostFormValue\\(|Cookie\\(|Cookies\\(\\)|UserAgent\\(\\)|Referer\\(\\))`,
      ),
      label: "HTTP request data",
    },
    {
      kinds: ["selector_expression"],
      text: new RegExp(
        `^${REQUEST}\\.(?:Form|PostForm|Header|Body|URL\\.Path|URL\\.RawQuery|MultipartForm|Host)$`,
      ),
      label: "HTTP request data",
    },
    {
      kinds: ["call_expression"],
      // gin (Query, GetQuery, PostForm, GetRawData …) and echo (QueryParam, FormValue, Param …)
      text: /^(?:c|ctx)\.(?:Query|DefaultQuery|GetQuery|QueryArray|GetQueryArray|QueryMap|Param|Params|PostForm|DefaultPostForm|GetPostForm|PostFormArray|PostFormMap|GetHeader|Cookie|FormValue|FormParams|QueryParam|QueryParams|QueryString|ParamValues|GetRawData|FormFile)\(/,
      label: "HTTP request data",
    },
    {
      kinds: ["call_expression"],
      // gin `Bind*`/`ShouldBind*`/`MustBindWith`, echo `Bind`, fiber `BodyParser`/`QueryParser`/
      // `ParamsParser`/`ReqHeaderParser` decode the request into their `&v` argument (pointerFills);
      // fiber's `c.Cookies("k")` returns request data
      text: /^(?:c|ctx)\.(?:Bind\w*|ShouldBind\w*|MustBindWith|BodyParser|QueryParser|ParamsParser|ReqHeaderParser|Cookies)\(/,
      label: "HTTP request data",
    },
    { kinds: ["call_expression"], text: /^(?:c|ctx)\.Body\(\)/, label: "HTTP request body" },
    { kinds: ["call_expression"], text: /^mux\.Vars\(/, label: "HTTP request path variable" },
    // The invoking user's input (`tier: "local"`): reported by the audit rule
    // `sast/unvalidated-local-input`, not by the hazards' taint rules.
    { kinds: ["selector_expression"], text: /^os\.Args$/, label: "command-line argument", tier: "local" },
    {
      kinds: ["call_expression"],
      // flag.String/Int… return a pointer read as `*name`; StringVar/Var fill `&v` (pointerFills)
      text: /^flag\.(?:Arg|Args|String|StringVar|Var|Func|TextVar)\(/,
      label: "command-line argument",
      tier: "local",
    },
    {
      kinds: ["call_expression"],
      text: /^(?:os|syscall)\.(?:Getenv|LookupEnv|Environ)\(/,
      label: "environment variable",
      tier: "local",
    },
    // `bufio.NewReader(os.Stdin)`, `bufio.NewScanner(os.Stdin)`: what the reader returns carries it
    { kinds: ["selector_expression"], text: /^os\.Stdin$/, label: "standard input", tier: "local" },
    { kinds: ["call_expression"], text: /^fmt\.Scan(?:ln|f)?\(/, label: "standard input", tier: "local" },
  ],
  sanitizers: [
    {
      callee:
        /^(?:strconv\.(?:Atoi|ParseInt|ParseUint|ParseFloat|ParseBool)|len|uuid\.Parse|uuid\.MustParse|net\.ParseIP)$/,
      hazards: "all",
    },
    {
      callee:
        /^(?:html\.EscapeString|template\.HTMLEscapeString|template\.JSEscapeString|url\.QueryEscape|url\.PathEscape)$/,
      hazards: ["xss"],
    },
    { callee: /^(?:filepath\.Base|path\.Base)$/, hazards: ["path-traversal"] },
    { callee: /^(?:url\.QueryEscape|url\.PathEscape)$/, hazards: ["ssrf", "open-redirect"] },
    { callee: /^ldap\.EscapeFilter$/, hazards: ["ldap-injection"] },
    // encoding/json escapes <, > and & (as \u003c …) unless told not to
    { callee: /^json\.Marshal$/, hazards: ["xss"] },
    // JSON and Go quoting escape line breaks; a replacement is taken as the author's encoding
    {
      callee:
        /^(?:json\.Marshal|strconv\.Quote(?:ToASCII)?|strings\.(?:ReplaceAll|Replace|NewReplacer\([^)]*\)\.Replace))$/,
      hazards: ["log-injection"],
    },
    // a parsed address's `.Address` is a bare addr-spec: no `>`, spaces or line breaks
    { callee: /^mail\.(?:ParseAddress|ParseAddressList)$/, hazards: ["smtp-address-injection"] },
    // lib/pq quotes a name or a value for PostgreSQL
    { callee: /^pq\.(?:QuoteIdentifier|QuoteLiteral)$/, hazards: ["sql-injection"] },
  ],
  // fmt prints these verbs' operands as digits, hex or a type name (`%x` of a string is hex too);
  // `%c` is left out: a number picks any character, a quote among them
  formatCalls: [
    { callee: /^fmt\.(?:Sprintf|Errorf|Printf)$/, format: 0, cleanVerbs: GO_CLEAN_VERBS },
    { callee: /^fmt\.Fprintf$/, format: 1, cleanVerbs: GO_CLEAN_VERBS },
    {
      callee: /^(?:log|logger|\w*Logger)\.(?:Printf|Fatalf|Panicf)$/,
      format: 0,
      cleanVerbs: GO_CLEAN_VERBS,
    },
  ],
  sinks: [
    {
      hazard: "sql-injection",
      callee:
        /^(?:[\w.]+)\.(?:Query|QueryRow|Exec|Prepare|Raw|Where|Order|Queryx|QueryRowx|Select|MustExec|NamedExec)$/,
      args: [0],
      label: "SQL query",
      // a prepared statement (`stmt, _ := db.Prepare(…)`) takes bind arguments only
      unlessCall:
        /^(?:strings|bytes|regexp|url|template|json|xml)\.|^(?:stmt|\w*Stmt)\.(?:Query|QueryRow|Exec)\(/,
      fix: { description: 'pass untrusted values as arguments: db.Query("… WHERE id = $1", id)' },
    },
    {
      hazard: "sql-injection",
      callee: /^(?:[\w.]+)\.(?:QueryContext|QueryRowContext|ExecContext|PrepareContext)$/,
      args: [1],
      label: "SQL query",
      unlessCall: /^(?:stmt|\w*Stmt)\.(?:Query|QueryRow|Exec)Context\(/,
    },
    {
      hazard: "command-injection",
      callee: /^exec\.Command(?:Context)?$/,
      args: "all",
      label: "shell command",
      onlyCall:
        /^exec\.Command(?:Context)?\((?:\s*ctx\s*,)?\s*"(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da)?sh"\s*,\s*"-c"/,
      fix: { description: "run the program directly: exec.Command(program, arg1, arg2) without sh -c" },
      resultCarries: ["xss"],
    },
    {
      hazard: "command-injection",
      callee: /^exec\.Command$/,
      args: [0],
      label: "program path",
      // what the program prints can repeat its arguments (`ping`'s error names the host)
      resultCarries: ["xss"],
    },
    { hazard: "command-injection", callee: /^syscall\.Exec$/, args: [0], label: "program path" },
    {
      hazard: "code-injection",
      callee: /^(?:template\.New\([^)]*\)|tmpl|tpl|t|texttemplate\.New\([^)]*\))\.Parse$/,
      args: [0],
      label: "template compilation (server-side template injection)",
    },
    {
      hazard: "path-traversal",
      callee:
        /^(?:os\.(?:Open|OpenFile|ReadFile|WriteFile|Create|Remove|RemoveAll|ReadDir|Mkdir|MkdirAll)|ioutil\.(?:ReadFile|WriteFile|ReadDir))$/,
      args: [0],
      label: "file path",
    },
    { hazard: "path-traversal", callee: /^http\.ServeFile$/, args: [2], label: "file path" },
    // gin c.File / c.FileAttachment, echo c.File / c.Attachment / c.Inline serve the named file
    {
      hazard: "path-traversal",
      callee: /^(?:c|ctx)\.(?:File|FileAttachment|Attachment|Inline)$/,
      args: [0],
      label: "file path",
    },
    { hazard: "path-traversal", callee: /^(?:c|ctx)\.SaveUploadedFile$/, args: [1], label: "file path" },
    {
      hazard: "ssrf",
      callee: /^(?:http\.(?:Get|Post|Head|PostForm)|(?:client|httpClient|c)\.(?:Get|Post|Head))$/,
      args: [0],
      label: "outgoing request URL",
    },
    { hazard: "ssrf", callee: /^http\.NewRequest$/, args: [1], label: "outgoing request URL" },
    { hazard: "ssrf", callee: /^http\.NewRequestWithContext$/, args: [2], label: "outgoing request URL" },
    { hazard: "open-redirect", callee: /^http\.Redirect$/, args: [2], label: "redirect target" },
    { hazard: "open-redirect", callee: /^(?:c|ctx)\.Redirect$/, args: [1], label: "redirect target" },
    { hazard: "xss", callee: /^(?:w|rw|writer|resp|res)\.Write$/, args: [0], label: "HTTP response body" },
    // gin's response writer, and echo's c.HTML (which writes its argument as text/html)
    {
      hazard: "xss",
      callee: /^(?:c|ctx)\.Writer\.(?:Write|WriteString)$/,
      args: [0],
      label: "HTTP response body",
    },
    {
      hazard: "xss",
      callee: /^(?:c|ctx)\.HTML$/,
      args: [1],
      label: "HTML response body",
      onlyCall: /^\w+\.HTML\([^,]+,[^,]+\)$/,
    },
    {
      hazard: "xss",
      callee: /^(?:fmt\.Fprintf|fmt\.Fprint|fmt\.Fprintln|io\.WriteString)$/,
      args: "all",
      label: "HTTP response body",
      onlyCall: /^[\w.]+\(\s*(?:w|rw|writer|resp|res)\s*,/,
    },
    {
      hazard: "xss",
      callee: /^template\.(?:HTML|JS|URL|HTMLAttr|CSS)$/,
      args: [0],
      label: "trusted-HTML conversion",
    },
    {
      hazard: "ldap-injection",
      callee: /^ldap\.NewSearchRequest$/,
      args: "all",
      label: "LDAP search filter",
    },
    {
      hazard: "xpath-injection",
      callee: /^(?:xmlquery|htmlquery|xpath)\.(?:Find|FindOne|Query|QueryAll|Compile|MustCompile)$/,
      args: "all",
      label: "XPath expression",
    },
    // the standard logger writes the message as it is (a `\r\n` in it starts a forged entry); slog's
    // handlers quote attribute values, so only its message argument is a sink
    {
      hazard: "log-injection",
      callee:
        /^(?:log|logger|\w*Logger)\.(?:Print|Printf|Println|Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln)$/,
      args: "all",
      label: "log output",
      unlessCall: /^[\w.]+\(\s*"(?:[^"\\%]|\\.|%%)*%q"\s*,/,
    },
    {
      hazard: "log-injection",
      callee: /^(?:slog|logger|\w*Logger)\.(?:Debug|Info|Warn|Error)$/,
      args: [0],
      label: "log message",
      onlyFile: /"log\/slog"/,
    },
    // net/smtp rejects CR and LF in these but writes them inside `<…>` as they are: a `>` closes
    // the address and what follows is read as ESMTP parameters; and the client picks the parties
    {
      hazard: "smtp-address-injection",
      callee: /^smtp\.SendMail$/,
      args: [2, 3],
      label: "SMTP envelope address",
    },
    {
      hazard: "smtp-address-injection",
      callee: /^\w+\.(?:Mail|Rcpt)$/,
      args: [0],
      label: "SMTP envelope address",
      onlyFile: /"net\/smtp"/,
    },
    // encoding/gob says it is not hardened against adversarial input (type descriptions in the
    // stream drive allocations); encoding/xml has no configurable limits and a history of
    // resource-exhaustion fixes. encoding/json is left out: the same exposure, everywhere, by design
    {
      hazard: "unhardened-decoding",
      callee: /^(?:gob|xml)\.NewDecoder$/,
      args: [0],
      label: "decoder input",
    },
    { hazard: "unhardened-decoding", callee: /^xml\.Unmarshal$/, args: [0], label: "decoder input" },
  ],
  propertySinks: [
    { hazard: "trust-boundary-violation", target: /^session\.Values\[/, label: "session value" },
  ],
  // decoders and binders fill the struct their pointer argument points to
  pointerFills: [
    /^(?:c|ctx)\.(?:Bind\w*|ShouldBind\w*|MustBindWith|BodyParser|QueryParser|ParamsParser|ReqHeaderParser)$/,
    /^(?:json|xml|yaml|toml|msgpack|proto|protojson)\.Unmarshal$/,
    /\.Decode$/,
    // standard input and command-line flags read into `&v`
    /^fmt\.(?:Scan|Scanln|Scanf|Fscan|Fscanln|Fscanf)$/,
    /^flag\.(?:StringVar|Var|TextVar)$/,
  ],
  patterns: goPatterns,
};
