// JavaScript and TypeScript (JSX/TSX included): Express/Koa/Fastify request data, Node's
// child_process, fs, vm, SQL and Mongo clients, template engines, and the DOM.
import { javascriptPatterns } from "./javascript-patterns.ts";
import type { LanguageSpec, SanitizerSpec, SinkSpec, SourceSpec } from "./types.ts";

export const javascriptSources: readonly SourceSpec[] = [
  {
    kinds: ["member_expression"],
    text: /^(?:req|request)\.(?:query|body|params|headers|cookies|signedCookies|files?)$/,
    label: "HTTP request data",
  },
  {
    kinds: ["member_expression"],
    text: /^req\.(?:originalUrl|url|path|hostname)$/,
    label: "HTTP request URL",
  },
  {
    kinds: ["call_expression"],
    text: /^req\.(?:param|get|header)\(/,
    label: "HTTP request data",
  },
  {
    kinds: ["member_expression"],
    text: /^ctx\.(?:query|params|cookies|headers|request\.(?:body|query|headers))$/,
    label: "HTTP request data",
  },
  {
    // Koa's request line and raw query string
    kinds: ["member_expression"],
    text: /^ctx\.(?:querystring|search|url|originalUrl|href|path|request\.(?:params|files|querystring|url|href|path))$/,
    label: "HTTP request data",
  },
  {
    // Next.js route handlers and the Fetch API `Request`: `await request.json()`, `req.formData()`
    kinds: ["call_expression"],
    text: /^(?:req|request)\.(?:json|text|formData)\(\s*\)$/,
    label: "HTTP request body",
  },
  {
    kinds: ["member_expression"],
    text: /^(?:req|request)\.nextUrl(?:\.searchParams)?$/,
    label: "HTTP request URL",
  },
  // The invoking user's input (`tier: "local"`): reported by the audit rule
  // `sast/unvalidated-local-input`, not by the hazards' taint rules.
  { kinds: ["member_expression"], text: /^process\.argv$/, label: "command-line argument", tier: "local" },
  { kinds: ["member_expression"], text: /^process\.env$/, label: "environment variable", tier: "local" },
  { kinds: ["member_expression"], text: /^process\.stdin$/, label: "standard input", tier: "local" },
  {
    kinds: ["member_expression"],
    text: /^(?:window\.|document\.)?location\.(?:hash|search|href)$/,
    label: "browser URL",
  },
];

export const javascriptSanitizers: readonly SanitizerSpec[] = [
  {
    callee:
      /^(?:parseInt|parseFloat|Number|Boolean|Math\.\w+|Number\.\w+|isNaN|uuidValidate|validator\.is\w+)$/,
    hazards: "all",
  },
  { callee: /\.(?:length|indexOf|includes|has|test|startsWith|endsWith)$/, hazards: "all" },
  {
    callee:
      /^(?:escape|escapeHtml|escapeHTML|_\.escape|he\.(?:encode|escape)|sanitizeHtml|DOMPurify\.sanitize|validator\.escape|xss|filterXSS|encodeURIComponent|encodeURI|htmlEscape)$/,
    hazards: ["xss"],
  },
  { callee: /^(?:path\.)?basename$|^sanitize(?:Filename)?$/, hazards: ["path-traversal"] },
  {
    callee:
      /^(?:(?:mysql|connection|pool|db|SqlString|sqlstring)\.)?(?:escape|escapeId|format)$|\.escapeLiteral$|\.escapeIdentifier$/,
    hazards: ["sql-injection"],
  },
  {
    callee: /^(?:shellEscape|shellescape|shescape\.quote|quote|shellQuote\.quote)$/,
    hazards: ["command-injection"],
  },
  {
    callee: /^(?:String|mongoSanitize|sanitize|ObjectId|mongoose\.Types\.ObjectId)$|\.toString$/,
    hazards: ["nosql-injection"],
  },
  { callee: /^(?:encodeURIComponent)$/, hazards: ["ssrf", "open-redirect"] },
  {
    // a string has no keys to merge and is no property path of its own choosing
    callee: /^(?:String|JSON\.stringify)$|\.toString$/,
    hazards: ["prototype-pollution"],
  },
  {
    // a regex built from escaped text matches that text literally
    callee:
      /^(?:_\.escapeRegExp|lodash\.escapeRegExp|escapeRegExp|escapeStringRegexp|escapeRegex|RegExp\.escape)$/,
    hazards: ["redos-regex"],
  },
  {
    // JSON and URL encoding turn CR/LF into escapes; a `.replace` is taken as the usual
    // `.replace(/[\r\n]/g, "")` (any replace: one unvetted call is a missed finding, not a false one)
    callee:
      /^(?:JSON\.stringify|encodeURIComponent|encodeURI|querystring\.escape)$|\.replace(?:All)?$|\.encodeFor\w+$|^(?:sanitizeLog|escapeLog)\w*$/,
    hazards: ["log-injection"],
  },
  { callee: /^(?:ldapEscape\.filter|ldapEscape\.dn|escapeLDAP|ldapEscape)$/, hazards: ["ldap-injection"] },
];

export const javascriptSinks: readonly SinkSpec[] = [
  {
    hazard: "sql-injection",
    callee:
      /^(?:[\w$]+\.)*(?:db|conn|connection|pool|client|sequelize|knex|mysql|pg|sql|database|prisma|tx|trx)\.(?:query|execute|raw|\$queryRawUnsafe|\$executeRawUnsafe)$/i,
    args: [0],
    label: "SQL query",
    fix: {
      description: 'pass untrusted values as bind parameters (`db.query("… WHERE id = ?", [id])`)',
    },
  },
  {
    // pg-promise: every query method takes the SQL text first (values are the second argument)
    hazard: "sql-injection",
    callee:
      /^(?:[\w$]+\.)*(?:db|t|task|tx|conn|connection|client|database)\.(?:one|many|any|none|oneOrNone|manyOrNone|multi|multiResult|result|each|map)$/,
    args: [0],
    label: "SQL query",
    onlyFile: /require\(\s*['"]pg-promise['"]\s*\)|from\s+['"]pg-promise['"]/,
    fix: {
      description: 'pass untrusted values as bind parameters (`db.one("… WHERE id = $1", [id])`)',
    },
  },
  {
    // TypeORM: the entity manager, data source and query runner run raw SQL
    hazard: "sql-injection",
    callee:
      /^(?:[\w$]+\.)*(?:manager|entityManager|dataSource|appDataSource|queryRunner|repo|repository|[\w$]*Repository)\.query$/,
    args: [0],
    label: "SQL query",
    fix: {
      description: 'pass untrusted values as bind parameters (`manager.query("… WHERE id = $1", [id])`)',
    },
  },
  {
    // Knex raw fragments and Sequelize literals are pasted into the statement as they are
    hazard: "sql-injection",
    callee:
      /\.(?:whereRaw|orWhereRaw|andWhereRaw|havingRaw|orHavingRaw|orderByRaw|groupByRaw|joinRaw|fromRaw|selectRaw)$|^(?:[\w$]+\.)?(?:sequelize|Sequelize)\.literal$/,
    args: [0],
    label: "raw SQL fragment",
  },
  {
    // TypeORM query builder conditions are SQL text; values belong in the parameters object
    hazard: "sql-injection",
    callee:
      /createQueryBuilder\([\s\S]*\)\s*\.(?:where|andWhere|orWhere|having|andHaving|orHaving|orderBy|addOrderBy|groupBy|select|addSelect)$/,
    args: [0],
    label: "query builder condition",
  },
  {
    // sqlite3's get/all/run/exec/prepare, but `db.get(key)` is also every key-value store's read:
    // only a call whose text shows SQL counts
    hazard: "sql-injection",
    callee: /^(?:[\w$]+\.)*(?:db|conn|connection|database|sqlite|tx)\.(?:run|all|get|exec|prepare)$/i,
    args: [0],
    label: "SQL query",
    onlyCall: /\b(?:SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA)\b/i,
  },
  {
    hazard: "nosql-injection",
    callee:
      /\.(?:find|findOne|findOneAndUpdate|findOneAndDelete|findOneAndReplace|updateOne|updateMany|deleteOne|deleteMany|countDocuments|replaceOne|aggregate|\$where)$/,
    args: [0],
    label: "MongoDB query",
    // arrays' own find, and SQL ORMs (Sequelize, TypeORM) whose options object starts with `where`
    unlessCall: /^(?:\[|[\w$]+\s*\.\s*(?:filter|map)\b)|^[\w$.]+\(\s*\{\s*['"]?where['"]?\s*:/,
  },
  {
    hazard: "command-injection",
    callee: /^(?:(?:child_process|cp|childProcess|shell|shelljs)\.)?(?:exec|execSync)$/,
    args: [0],
    label: "shell command",
    fix: { description: "run the program with `execFile(file, [args])`, which starts no shell" },
  },
  {
    hazard: "command-injection",
    callee: /^(?:(?:child_process|cp|childProcess)\.)?(?:spawn|spawnSync|execFile|execFileSync|fork)$/,
    args: [0],
    label: "program path",
  },
  {
    hazard: "command-injection",
    callee: /^(?:(?:child_process|cp|childProcess)\.)?(?:spawn|spawnSync|execFile|execFileSync)$/,
    args: "all",
    label: "shell command",
    onlyCall: /shell\s*:\s*true/,
  },
  {
    hazard: "code-injection",
    callee:
      /^(?:eval|setTimeout|setInterval|vm\.(?:runInNewContext|runInThisContext|runInContext|compileFunction|Script)|Script)$/,
    args: [0],
    label: "code evaluation",
  },
  { hazard: "code-injection", callee: /^Function$/, args: "all", label: "code evaluation" },
  {
    // mathjs before v6 named its evaluator `eval`; those versions have known sandbox escapes
    hazard: "code-injection",
    callee: /^(?:mathjs|math)\.eval$/,
    args: [0],
    label: "mathjs expression (mathjs < 6)",
  },
  {
    hazard: "code-injection",
    callee:
      /^(?:ejs\.(?:render|compile)|pug\.(?:render|compile)|jade\.(?:render|compile)|Handlebars\.compile|handlebars\.compile|_\.template|lodash\.template|nunjucks\.renderString|mustache\.render|Mustache\.render|dot\.template|doT\.template)$/,
    args: [0],
    label: "template compilation (server-side template injection)",
  },
  {
    hazard: "path-traversal",
    callee:
      /^(?:(?:fs|fsp|fsPromises|fs\.promises|fse|fsExtra)\.)(?:readFile|readFileSync|writeFile|writeFileSync|appendFile|appendFileSync|createReadStream|createWriteStream|unlink|unlinkSync|rm|rmSync|readdir|readdirSync|open|openSync|stat|statSync|access|accessSync|copyFile|rename|mkdir|remove|outputFile|readJson|readJsonSync)$|^(?:readFile|readFileSync|writeFile|writeFileSync|createReadStream|createWriteStream|unlink|unlinkSync)$/,
    args: [0],
    label: "file path",
  },
  {
    hazard: "path-traversal",
    callee: /^(?:res|response)\.(?:sendFile|download|sendfile)$/,
    args: [0],
    label: "file path",
    unlessCall: /\broot\s*:/,
  },
  {
    // Express resolves the view name under the views folder and renders whatever file it names:
    // `res.render("tutorial/" + req.params.page)` reaches any template (or file the engine reads)
    hazard: "path-traversal",
    callee: /^(?:res|response)\.render$/,
    args: [0],
    label: "template path",
  },
  {
    hazard: "ssrf",
    callee:
      /^(?:fetch|axios|got|request|needle|superagent|undici\.request|(?:axios|got|http|https|request|needle|superagent|ky)\.(?:get|post|put|patch|delete|head|request|options))$/,
    args: [0],
    label: "outgoing request URL",
  },
  {
    hazard: "open-redirect",
    callee: /^(?:res|response|reply|ctx)\.redirect$/,
    args: "all",
    label: "redirect target",
  },
  {
    hazard: "xss",
    callee: /^(?:res|response|reply)(?:\.(?:status|code|type|header|set)\([^)]*\))*\.(?:send|write|end)$/,
    args: [0],
    label: "HTTP response body",
  },
  { hazard: "xss", callee: /^document\.(?:write|writeln)$/, args: "all", label: "document.write" },
  {
    // deep merges copy `__proto__`/`constructor.prototype` keys of a parsed JSON body into
    // Object.prototype; the target (argument 0) is the application's own object
    hazard: "prototype-pollution",
    callee:
      /^(?:_|lodash|hoek|Hoek)\.(?:merge|mergeWith|defaultsDeep)$|^(?:merge|deepMerge|deepmerge|mergeDeep|mergeRecursive|deepExtend|defaultsDeep)$|^(?:deepmerge|merge)\.all$/,
    args: [1, 2, 3, 4, 5],
    label: "deep merge source",
  },
  {
    // a path of `__proto__.isAdmin` writes into Object.prototype
    hazard: "prototype-pollution",
    callee:
      /^(?:_|lodash|dot|dotProp|objectPath|dottie)\.(?:set|setWith|zipObjectDeep|setProperty|setPath)$|^(?:setValue|setPath|setDeep|dset)$/,
    args: [1],
    label: "property path",
  },
  {
    // jQuery-style extend is deep only with `true` first
    hazard: "prototype-pollution",
    callee: /^(?:\$|jQuery|extend)\.extend$|^extend$/,
    args: [2, 3, 4, 5],
    label: "deep merge source",
    onlyCall: /^[\w$.]+\(\s*true\s*,/,
  },
  {
    hazard: "redos-regex",
    callee: /^RegExp$/,
    args: [0],
    label: "regular expression",
  },
  {
    // Node's console writes text as it is: a CR/LF in a logged string starts a forged log line.
    // An object (`console.log(req.body)`) goes through util.inspect, which escapes its strings.
    hazard: "log-injection",
    callee: /^(?:console\.(?:log|info|warn|error|debug|trace)|process\.(?:stdout|stderr)\.write)$/,
    args: "all",
    label: "log output",
    unlessCall:
      /^[\w$.]+\(\s*(?:(?:req|request)\.(?:body|query|params|headers|cookies)|ctx\.(?:query|params|headers|request\.body))\s*\)$/,
  },
  {
    // log4js writes plain text lines (winston, pino and bunyan default to JSON, which escapes)
    hazard: "log-injection",
    callee:
      /^(?:logger|log|log4js|logger4js|[\w$]*[lL]ogger)\.(?:trace|debug|info|warn|error|fatal|log|mark)$/,
    args: "all",
    label: "log output",
    onlyFile: /require\(\s*['"]log4js['"]\s*\)|from\s+['"]log4js['"]/,
  },
  {
    hazard: "ldap-injection",
    callee: /^(?:ldap\w*|client|ldapClient)\.search$/i,
    args: "all",
    label: "LDAP search filter",
  },
  {
    hazard: "xpath-injection",
    callee: /^(?:xpath\.(?:select|select1|evaluate|parse)|document\.evaluate|select)$/,
    args: [0],
    label: "XPath expression",
  },
];

const kinds = {
  calls: ["call_expression", "new_expression"],
  assignments: [
    { kind: "variable_declarator", left: "name", right: "value", inline: true },
    { kind: "assignment_expression", left: "left", right: "right", inline: true },
    { kind: "augmented_assignment_expression", left: "left", right: "right", augmented: true, inline: true },
    { kind: "for_in_statement", left: "left", right: "right" },
  ],
  functions: [
    "function_declaration",
    "function_expression",
    "arrow_function",
    "method_definition",
    "generator_function_declaration",
  ],
  identifiers: ["identifier", "shorthand_property_identifier"],
  ifs: ["if_statement"],
  loops: ["for_statement", "for_in_statement", "while_statement"],
  switches: ["switch_statement"],
  parameters: [],
  returns: ["return_statement"],
} as const;

const propertySinks = [
  {
    hazard: "open-redirect" as const,
    target: /^(?:window\.|document\.)?location(?:\.href)?$/,
    label: "browser navigation",
  },
  {
    hazard: "trust-boundary-violation" as const,
    target: /^req\.session\.[\w$.]+$/,
    label: "session attribute",
  },
  { hazard: "xss" as const, target: /^ctx\.body$/, label: "HTTP response body" },
];

export const javascriptSpec: LanguageSpec = {
  grammar: "javascript",
  kinds,
  sources: javascriptSources,
  sanitizers: javascriptSanitizers,
  sinks: javascriptSinks,
  propertySinks,
  // HTTP clients that pass the response to a callback; the URL is the first argument, but
  // `needle(method, url, …)` and `needle.request(method, url, …)` take the method first.
  callbackResults: [
    { callee: /^needle\.(?:get|head|post|put|patch|delete)$/, args: [0], skip: 1 },
    { callee: /^needle(?:\.request)?$/, args: [1], skip: 1 },
    { callee: /^request(?:\.(?:get|post|put|patch|del|delete|head))?$/, args: [0], skip: 1 },
    { callee: /^https?\.(?:get|request)$/, args: [0], skip: 0 },
  ],
  patterns: javascriptPatterns,
};

/** Plain TypeScript has no JSX, and ast-grep refuses a rule naming a kind the grammar lacks. */
export const typescriptSpec: LanguageSpec = {
  ...javascriptSpec,
  grammar: "typescript",
  patterns: javascriptPatterns.filter((pattern) => !JSON.stringify(pattern.rule).includes('"jsx_')),
};
export const tsxSpec: LanguageSpec = { ...javascriptSpec, grammar: "tsx" };
