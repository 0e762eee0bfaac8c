// Java: servlet and Spring (annotated parameters) request data (and, as the audit tier,
// `main(String[] args)`, the environment and standard input); JDBC,
// JPA and JdbcTemplate, Runtime.exec/ProcessBuilder, script engines and SpEL, java.io/nio files,
// URL and RestTemplate, redirects, response writers, JNDI/LDAP, XPath and the HTTP session.
import { javaPatterns } from "./java-patterns.ts";
import type { LanguageSpec } from "./types.ts";

export const javaSpec: LanguageSpec = {
  grammar: "java",
  kinds: {
    calls: ["method_invocation", "object_creation_expression"],
    assignments: [
      { kind: "variable_declarator", left: "name", right: "value", inline: true },
      { kind: "assignment_expression", left: "left", right: "right", inline: true },
      { kind: "enhanced_for_statement", left: "name", right: "value" },
    ],
    functions: ["method_declaration", "constructor_declaration", "lambda_expression"],
    identifiers: ["identifier"],
    ifs: ["if_statement"],
    loops: ["for_statement", "enhanced_for_statement", "while_statement"],
    switches: ["switch_expression"],
    parameters: ["formal_parameter"],
    returns: ["return_statement"],
  },
  sources: [
    {
      kinds: ["method_invocation"],
      text: /^(?:request|req|httpRequest|servletRequest|httpServletRequest)\.(?:getParameter|getParameterValues|getParameterMap|getParameterNames|getHeader|getHeaders|getHeaderNames|getCookies|getQueryString|getRequestURI|getRequestURL|getInputStream|getReader|getPathInfo|getPart)\(/,
      label: "HTTP request data",
    },
    // The invoking user's input (`tier: "local"`): reported by the audit rule
    // `sast/unvalidated-local-input`, not by the hazards' taint rules.
    { kinds: ["method_invocation"], text: /^System\.getenv\(/, label: "environment variable", tier: "local" },
    { kinds: ["field_access"], text: /^System\.in$/, label: "standard input", tier: "local" },
    {
      kinds: ["method_invocation"],
      text: /^System\.console\(\)\.read(?:Line|Password)\(/,
      label: "console input",
      tier: "local",
    },
  ],
  parameterSources: [
    {
      text: /@(?:RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam|HeaderParam)\b/,
      label: "HTTP request parameter",
      prefilter:
        /@(?:RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam|HeaderParam)\b/,
    },
    {
      text: /^String\s*(?:\[\s*\]|\.\.\.)\s*args$/,
      label: "command-line argument",
      prefilter: /String\s*(?:\[\s*\]|\.\.\.)\s*args\b/,
      tier: "local",
    },
  ],
  sanitizers: [
    {
      callee:
        /^(?:Integer\.parseInt|Integer\.valueOf|Long\.parseLong|Long\.valueOf|Double\.parseDouble|Boolean\.parseBoolean|UUID\.fromString)$|\.(?:length|size|hashCode|isEmpty|equals|matches|contains)$/,
      hazards: "all",
    },
    {
      callee:
        /^(?:[\w.]+\.)?(?:Encode\.forHtml\w*|StringEscapeUtils\.escapeHtml4?|HtmlUtils\.htmlEscape\w*|ESAPI\.encoder\(\)\.encodeForHTML\w*|ESAPI\.encoder\(\)\.encodeForJavaScript|Jsoup\.clean|URLEncoder\.encode)$/,
      hazards: ["xss"],
    },
    // ESAPI's context encoders (benchmarks call them fully qualified: `org.owasp.esapi.ESAPI…`)
    { callee: /^(?:[\w.]+\.)?ESAPI\.encoder\(\)\.encodeForSQL$/, hazards: ["sql-injection"] },
    { callee: /^(?:[\w.]+\.)?ESAPI\.encoder\(\)\.encodeForOS$/, hazards: ["command-injection"] },
    { callee: /^(?:[\w.]+\.)?ESAPI\.encoder\(\)\.encodeForXPath$/, hazards: ["xpath-injection"] },
    {
      // URL encoding leaves no "/", "." sequences a path can climb with: `..%2F`
      callee: /^(?:java\.net\.)?URLEncoder\.encode$/,
      hazards: ["path-traversal"],
    },
    { callee: /^(?:FilenameUtils\.getName)$|\.getFileName$/, hazards: ["path-traversal"] },
    {
      callee:
        /^(?:[\w.]+\.)?(?:LdapEncoder\.filterEncode|LdapEncoder\.nameEncode|ESAPI\.encoder\(\)\.encodeForLDAP|ESAPI\.encoder\(\)\.encodeForDN)$/,
      hazards: ["ldap-injection"],
    },
    { callee: /^(?:java\.net\.)?URLEncoder\.encode$/, hazards: ["ssrf", "open-redirect"] },
  ],
  sinks: [
    {
      hazard: "sql-injection",
      callee:
        /\.(?:executeQuery|executeUpdate|executeLargeUpdate|addBatch|prepareStatement|prepareCall|createQuery|createNativeQuery|createSQLQuery|queryForList|queryForObject|queryForMap|queryForRowSet)$/,
      args: [0],
      label: "SQL query",
      unlessCall: /^(?:entityManager|em|session)\.createQuery\(\s*"[^"]*"\s*\)/,
      fix: {
        description: 'use a PreparedStatement with "?" placeholders and setString/setInt for each value',
      },
    },
    {
      // `execute`, `query` and `update` are also an executor's, an HTTP client's and a map's
      hazard: "sql-injection",
      callee:
        /^(?:[\w.]+\.)?(?:stmt|statement|st|ps|pstmt|conn|connection|jdbc\w*|\w*(?:[jJ]dbc|JDBC)[tT]emplate|template|db|em|entityManager)\.(?:execute|query|update|batchUpdate|queryForLong|queryForInt)$/,
      args: [0],
      label: "SQL query",
    },
    {
      hazard: "command-injection",
      callee: /^(?:(?:java\.lang\.)?Runtime\.getRuntime\(\)|runtime|rt|r)\.exec$/,
      args: "all",
      label: "command",
      fix: { description: "pass the program and its arguments as a String[] and allow-list the program" },
    },
    {
      hazard: "command-injection",
      callee: /^(?:java\.lang\.)?ProcessBuilder$|\.command$/,
      args: "all",
      label: "command",
    },
    {
      hazard: "code-injection",
      callee:
        /^(?:engine|scriptEngine|se|js|nashorn)\w*\.eval$|\.parseExpression$|^(?:Velocity|velocity|ve)\.evaluate$|^(?:shell|groovyShell|GroovyShell)\.evaluate$/,
      args: "all",
      label: "code evaluation",
    },
    {
      hazard: "path-traversal",
      callee:
        /^(?:java\.io\.)?(?:File|FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile|PrintWriter)$/,
      args: "all",
      label: "file path",
      unlessCall: /^new\s+PrintWriter\(\s*(?:response|resp|out|writer)/,
    },
    {
      hazard: "path-traversal",
      callee:
        /^(?:java\.nio\.file\.)?(?:Paths\.get|Path\.of|Files\.(?:readAllBytes|readAllLines|readString|write|writeString|delete|deleteIfExists|newInputStream|newOutputStream|newBufferedReader|lines|copy|move))$/,
      args: "all",
      label: "file path",
    },
    {
      hazard: "ssrf",
      callee: /^URL$|^URI\.create$|^HttpRequest\.newBuilder$/,
      args: [0],
      label: "outgoing request URL",
    },
    {
      hazard: "ssrf",
      callee:
        /^(?:restTemplate|template|rest|webClient)\w*\.(?:getForObject|getForEntity|postForObject|postForEntity|exchange|put|delete)$/,
      args: [0],
      label: "outgoing request URL",
    },
    { hazard: "open-redirect", callee: /\.sendRedirect$/, args: [0], label: "redirect target" },
    {
      hazard: "xss",
      callee: /(?:getWriter|getOutputStream)\(\)\.(?:print|println|write|printf|format|append)$/,
      args: "all",
      label: "HTTP response body",
    },
    {
      // `PrintWriter out = response.getWriter();` in a servlet: `out` is the response body
      hazard: "xss",
      callee: /^out\.(?:print|println|write|printf|format|append)$/,
      args: "all",
      label: "HTTP response body",
      onlyFile: /\bout\s*=\s*(?:response|resp|res)\.get(?:Writer|OutputStream)\(\s*\)/,
    },
    {
      hazard: "ldap-injection",
      callee: /^(?:ctx|dirContext|context|ldapTemplate|ldap\w*|dctx|idc|initialDirContext)\.search$/i,
      // base name and filter; `search(base, "(uid={0})", new Object[] { user }, controls)` hands
      // the user's value to JNDI as a filter argument, which it escapes
      args: [0, 1],
      label: "LDAP search filter",
    },
    {
      hazard: "xpath-injection",
      callee: /^(?:xpath|xPath|xp|path)\w*\.(?:compile|evaluate)$/,
      args: [0],
      label: "XPath expression",
    },
    {
      hazard: "trust-boundary-violation",
      // an untrusted attribute name is as bad as an untrusted value: later code trusts both
      callee: /^(?:session|httpSession|\w+\.getSession\(\w*\))\.(?:setAttribute|putValue)$/,
      args: "all",
      label: "session attribute",
    },
  ],
  patterns: javaPatterns,
};
