// Python: Flask, Django, FastAPI/Starlette request data (and, as the audit tier, `sys.argv`, the
// environment and standard input); DB-API cursors, pymongo,
// subprocess/os, eval/exec and Jinja2, open/os/shutil, requests/httpx/urllib, redirects, HTML.
import { pythonPatterns } from "./python-patterns.ts";
import type { LanguageSpec } from "./types.ts";

export const pythonSpec: LanguageSpec = {
  grammar: "python",
  kinds: {
    calls: ["call"],
    assignments: [
      { kind: "assignment", left: "left", right: "right", inline: true },
      { kind: "augmented_assignment", left: "left", right: "right", augmented: true, inline: true },
      { kind: "for_statement", left: "left", right: "right" },
    ],
    functions: ["function_definition", "lambda"],
    identifiers: ["identifier"],
    ifs: ["if_statement"],
    loops: ["for_statement", "while_statement"],
    switches: ["match_statement"],
    parameters: [],
    returns: ["return_statement"],
  },
  sources: [
    {
      kinds: ["attribute"],
      text: /^request\.(?:args|form|values|json|data|cookies|headers|files|GET|POST|COOKIES|META|body|query_params|path_params|view_args)$/,
      label: "HTTP request data",
    },
    { kinds: ["call"], text: /^request\.get_json\(/, label: "HTTP request data" },
    {
      kinds: ["attribute", "call"],
      text: /^request\.(?:get_data|query_string|stream|FILES|environ|full_path|url|raw_post_data)$/,
      label: "HTTP request data",
    },
    // The invoking user's input (`tier: "local"`): reported by the audit rule
    // `sast/unvalidated-local-input`, not by the hazards' taint rules.
    { kinds: ["attribute"], text: /^sys\.argv$/, label: "command-line argument", tier: "local" },
    {
      // argparse: what `parser.parse_args()` returns holds the arguments
      kinds: ["call"],
      text: /^(?:\w+\.)*parse(?:_known)?_args\(/,
      label: "command-line argument",
      tier: "local",
    },
    { kinds: ["call"], text: /^(?:input|raw_input)\(/, label: "console input", tier: "local" },
    { kinds: ["attribute"], text: /^sys\.stdin$/, label: "standard input", tier: "local" },
    {
      kinds: ["attribute", "call"],
      text: /^os\.(?:environ|environb|getenv\()/,
      label: "environment variable",
      tier: "local",
    },
  ],
  parameterSources: [
    {
      // Route parameters are request data unless declared numeric (`item_id: int`,
      // `<int:item_id>`); injected dependencies, the request object and response helpers are not.
      decorators: /@\w+(?:\.\w+)*\.(?:route|get|post|put|patch|delete|api_route|websocket)\(/,
      text: /^[A-Za-z_]\w*(?:\s*:(?!\s*(?:Optional\[\s*|Annotated\[\s*)?(?:int|float|bool|UUID|uuid\.UUID|datetime|date|time|Decimal|PositiveInt|Request|Response|WebSocket|BackgroundTasks|Session|AsyncSession|HTTPConnection|SecurityScopes)\b)[^=]+?)?(?:\s*=\s*(?!\s*(?:Depends|Security)\()[\s\S]*)?$/,
      numericInRoute: "<(?:int|float|uuid):$NAME>",
      prefilter: /@\w+(?:\.\w+)*\.(?:route|get|post|put|patch|delete|api_route|websocket)\(/,
      label: "route parameter",
    },
  ],
  sanitizers: [
    {
      callee:
        /^(?:int|float|bool|len|abs|round|uuid\.UUID|UUID|ipaddress\.ip_address|datetime\.\w+\.fromisoformat)$/,
      hazards: "all",
    },
    {
      callee:
        /^(?:escape|html\.escape|markupsafe\.escape|flask\.escape|bleach\.clean|cgi\.escape|django\.utils\.html\.escape|conditional_escape|quote|urllib\.parse\.quote)$/,
      hazards: ["xss"],
    },
    {
      callee: /^(?:os\.path\.basename|secure_filename|werkzeug\.utils\.secure_filename)$/,
      hazards: ["path-traversal"],
    },
    { callee: /^(?:shlex\.quote|pipes\.quote)$/, hazards: ["command-injection"] },
    {
      callee:
        /^(?:escape_filter_chars|ldap\.filter\.escape_filter_chars|escape_dn_chars|ldap\.dn\.escape_dn_chars)$/,
      hazards: ["ldap-injection"],
    },
    { callee: /^(?:str|ObjectId|bson\.ObjectId)$/, hazards: ["nosql-injection"] },
    {
      callee: /^(?:quote|urllib\.parse\.quote|quote_plus|urllib\.parse\.quote_plus)$/,
      hazards: ["ssrf", "open-redirect"],
    },
  ],
  sinks: [
    {
      hazard: "sql-injection",
      // DB-API cursors, SQLAlchemy `text()` and `exec_driver_sql`, Django `.raw`/`.extra`/`RawSQL`.
      callee:
        /\.(?:execute|executemany|executescript|exec_driver_sql|raw|extra)$|^(?:pd\.|pandas\.)?read_sql(?:_query)?$|^(?:sqlalchemy\.|sa\.)?text$|^(?:\w+\.)*RawSQL$/,
      args: [0],
      label: "SQL query",
      fix: {
        description: 'pass untrusted values as parameters: cursor.execute("… WHERE id = %s", (user_id,))',
      },
    },
    {
      hazard: "nosql-injection",
      callee:
        /\.(?:find|find_one|find_one_and_update|find_one_and_delete|update_one|update_many|delete_one|delete_many|count_documents|replace_one)$/,
      args: [0],
      label: "MongoDB query",
      unlessCall: /^\w+\.find\(\s*["']/,
    },
    {
      hazard: "command-injection",
      callee:
        /^(?:os\.system|os\.popen[234]?|commands\.getoutput|subprocess\.getoutput|subprocess\.getstatusoutput|asyncio\.create_subprocess_shell|\w+\.exec_command)$/,
      args: [0],
      label: "shell command",
      fix: { description: "run the program with subprocess.run([program, arg, …]) and no shell" },
    },
    {
      hazard: "command-injection",
      callee: /^(?:subprocess\.(?:run|call|check_call|check_output|Popen)|Popen|run|check_output)$/,
      args: [0],
      label: "shell command",
      onlyCall: /\bshell\s*=\s*True\b/,
      fix: { description: "pass an argument list and drop shell=True" },
    },
    {
      hazard: "command-injection",
      callee: /^os\.(?:execv|execvp|execve|execl|execlp|spawnv|spawnvp|spawnl|spawnlp)$/,
      args: [0],
      label: "program path",
    },
    { hazard: "code-injection", callee: /^(?:eval|exec|compile)$/, args: [0], label: "code evaluation" },
    {
      hazard: "code-injection",
      callee:
        /^(?:render_template_string|flask\.render_template_string|jinja2\.Template|Template|mako\.template\.Template)$|\.from_string$/,
      args: [0],
      label: "template compilation (server-side template injection)",
      unlessCall: /^Template\(\s*["']/,
    },
    {
      hazard: "path-traversal",
      callee:
        /^(?:open|io\.open|codecs\.open|os\.remove|os\.unlink|os\.rmdir|os\.listdir|os\.makedirs|shutil\.rmtree|shutil\.copy\w*|shutil\.move|send_file|flask\.send_file|FileResponse|aiofiles\.open)$/,
      args: [0],
      label: "file path",
    },
    {
      hazard: "ssrf",
      callee:
        /^(?:requests|httpx|session|client|http|urllib3|self\.session)\.(?:get|post|put|delete|patch|head|options|request|urlopen)$|^(?:urllib\.request\.)?urlopen$/,
      args: [0],
      label: "outgoing request URL",
    },
    {
      hazard: "open-redirect",
      callee:
        /^(?:redirect|flask\.redirect|HttpResponseRedirect|HttpResponsePermanentRedirect|RedirectResponse)$/,
      args: [0],
      label: "redirect target",
    },
    {
      hazard: "xss",
      callee: /^(?:make_response|Markup|markupsafe\.Markup|mark_safe|SafeString|HttpResponse|HTMLResponse)$/,
      args: [0],
      label: "HTML response",
    },
    {
      hazard: "ldap-injection",
      callee: /^(?:conn|connection|ldap_conn|ldap|l|con)\w*\.search(?:_s|_ext|_ext_s|_st)?$/,
      args: "all",
      label: "LDAP search filter",
    },
    {
      hazard: "xpath-injection",
      callee: /\.xpath$|^(?:etree\.)?XPath$/,
      args: [0],
      label: "XPath expression",
    },
  ],
  propertySinks: [{ hazard: "trust-boundary-violation", target: /^session\[/, label: "session attribute" }],
  returnSinks: [
    {
      hazard: "xss",
      decorators: /@\w+\.(?:route|get|post|put|patch|delete)\(/,
      valueKinds: ["string", "binary_operator", "concatenated_string"],
      label: "HTML response of a Flask view",
    },
  ],
  patterns: pythonPatterns,
};
