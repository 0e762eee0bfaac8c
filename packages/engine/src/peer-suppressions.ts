// Suppression comments of the scanners a project may already run: gosec's `// #nosec G304 -- reason`
// (and `//gosec:disable G304 -- reason`) and bandit's `# nosec B602 -- reason`. A team that marked a
// line for them decided about the hazard Rampart reports there, so the marker suppresses Rampart's
// code-analysis (`sast/*`) findings of the same hazard on that line. As with `rampart:ignore`, the
// finding is kept, marked with the marker's place and reason; unlike it, a marker without a reason
// still applies (neither tool's syntax asks for one, and a team's triage should not resurface) and
// says "no justification given", so an auditor sees which decisions were never explained. G101
// (hardcoded credentials) covers the secrets detectors' findings too, and a gosec marker on a line
// that opens a block or literal covers the lines to its close, as gosec reads it.

/** Which Rampart rule ids each peer code stands for (matched against the whole id). */
const GOSEC: Record<string, RegExp> = {
  // a value marked as not a hardcoded credential is not one for the secrets detectors either
  G101: /^(?:sast\/hardcoded-credential|secrets\/.+)$/,
  G102: /^sast\/bind-all-interfaces$/,
  G103: /^sast\/unsafe-package-use$/,
  G106: /^sast\/ssh-host-key-not-verified$/,
  G107: /^sast\/(?:ssrf|unvalidated-local-input|url-from-variable)$/,
  G108: /^sast\/debug-mode-enabled$/,
  G109: /^sast\/integer-overflow-conversion$/,
  G110: /^sast\/unsafe-archive-extraction$/,
  G111: /^sast\/filesystem-root-served$/,
  G112: /^sast\/http-server-without-timeout$/,
  G114: /^sast\/http-server-without-timeout$/,
  G115: /^sast\/integer-overflow-conversion$/,
  G117: /^sast\/secret-field-serialized$/,
  G119: /^sast\/redirect-forwards-credentials$/,
  G120: /^sast\/unbounded-request-body$/,
  G121: /^sast\/cross-origin-protection-bypass$/,
  G122: /^sast\/walked-path-race$/,
  G201: /^sast\/(?:sql-injection|dynamic-sql-query)$/,
  G202: /^sast\/(?:sql-injection|dynamic-sql-query)$/,
  G203: /^sast\/(?:xss|html-marked-safe|template-autoescape-disabled)$/,
  G204: /^sast\/(?:command-injection|dynamic-shell-command|partial-executable-path|unvalidated-local-input)$/,
  G301: /^sast\/(?:permissive|broad)-file-permissions$/,
  G302: /^sast\/(?:permissive|broad)-file-permissions$/,
  G303: /^sast\/insecure-temp-file$/,
  G304: /^sast\/(?:path-traversal|unvalidated-local-input|file-path-from-variable)$/,
  G305: /^sast\/unsafe-archive-extraction$/,
  G306: /^sast\/(?:permissive|broad)-file-permissions$/,
  G307: /^sast\/(?:permissive|broad)-file-permissions$/,
  // weak hashes, ciphers and randomness: the precise rules and their audit tiers (`weak-hash…`)
  G401: /^sast\/weak-(?:hash|cipher)/,
  G402: /^sast\/(?:tls-verification-disabled|old-tls-version|weak-cipher)$/,
  G403: /^sast\/weak-key-size$/,
  G404: /^sast\/(?:weak-randomness|non-cryptographic-random)/,
  G405: /^sast\/weak-(?:hash|cipher)/,
  G406: /^sast\/weak-(?:hash|cipher)/,
  G407: /^sast\/static-nonce$/,
  G408: /^sast\/ssh-key-callback-state$/,
  G409: /^sast\/weak-password-hash-cost$/,
  G501: /^sast\/weak-(?:hash|cipher)/,
  G502: /^sast\/weak-(?:hash|cipher)/,
  G503: /^sast\/weak-(?:hash|cipher)/,
  G504: /^sast\/weak-(?:hash|cipher)/,
  G505: /^sast\/weak-(?:hash|cipher)/,
  G506: /^sast\/weak-(?:hash|cipher)/,
  G507: /^sast\/weak-(?:hash|cipher)/,
  G601: /^sast\/unchecked-slice-bounds$/,
  G602: /^sast\/unchecked-slice-bounds$/,
  G701: /^sast\/(?:sql-injection|dynamic-sql-query)$/,
  G702: /^sast\/(?:command-injection|dynamic-shell-command|unvalidated-local-input)$/,
  G703: /^sast\/(?:path-traversal|unvalidated-local-input|file-path-from-variable)$/,
  G704: /^sast\/(?:ssrf|unvalidated-local-input|url-from-variable)$/,
  G705: /^sast\/xss$/,
  G706: /^sast\/(?:log-injection|unvalidated-local-input)$/,
  G707: /^sast\/smtp-address-injection$/,
  G709: /^sast\/unhardened-decoding$/,
};

const BANDIT: Record<string, RegExp> = {
  B101: /^sast\/assert-used-for-security$/,
  B102: /^sast\/(?:dynamic-code-evaluation|code-injection)$/,
  B103: /^sast\/permissive-file-permissions$/,
  B104: /^sast\/bind-all-interfaces$/,
  B105: /^sast\/hardcoded-credential$/,
  B106: /^sast\/hardcoded-credential$/,
  B107: /^sast\/hardcoded-credential$/,
  B108: /^sast\/insecure-temp-file$/,
  B110: /^sast\/swallowed-exception$/,
  B112: /^sast\/swallowed-exception$/,
  B113: /^sast\/request-without-timeout$/,
  B201: /^sast\/debug-mode-enabled$/,
  B202: /^sast\/unsafe-archive-extraction$/,
  B301: /^sast\/unsafe-deserialization$/,
  B302: /^sast\/unsafe-deserialization$/,
  B303: /^sast\/weak-(?:hash|cipher)/,
  B304: /^sast\/weak-(?:hash|cipher)/,
  B305: /^sast\/weak-(?:hash|cipher)/,
  B306: /^sast\/insecure-temp-file$/,
  B307: /^sast\/(?:dynamic-code-evaluation|code-injection|code-evaluation|unvalidated-local-input)$/,
  B308: /^sast\/(?:html-marked-safe|xss)$/,
  B310: /^sast\/(?:ssrf|unrestricted-url-scheme|unvalidated-local-input)$/,
  B311: /^sast\/(?:weak-randomness|non-cryptographic-random)/,
  B312: /^sast\/cleartext-protocol$/,
  B313: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B314: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B315: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B316: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B317: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B318: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B319: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B320: /^sast\/(?:xxe|xml-parser-not-hardened)$/,
  B321: /^sast\/cleartext-protocol$/,
  B323: /^sast\/tls-verification-disabled$/,
  B324: /^sast\/weak-(?:hash|cipher)/,
  B405: /^sast\/xml-parser-not-hardened$/,
  B406: /^sast\/xml-parser-not-hardened$/,
  B407: /^sast\/xml-parser-not-hardened$/,
  B408: /^sast\/xml-parser-not-hardened$/,
  B409: /^sast\/xml-parser-not-hardened$/,
  B410: /^sast\/xml-parser-not-hardened$/,
  B411: /^sast\/xml-parser-not-hardened$/,
  B412: /^sast\/cgi-httpoxy$/,
  B501: /^sast\/tls-verification-disabled$/,
  B502: /^sast\/old-tls-version$/,
  B503: /^sast\/old-tls-version$/,
  B504: /^sast\/old-tls-version$/,
  B505: /^sast\/weak-key-size$/,
  B506: /^sast\/unsafe-deserialization$/,
  B507: /^sast\/ssh-host-key-not-verified$/,
  B508: /^sast\/cleartext-protocol$/,
  B509: /^sast\/cleartext-protocol$/,
  B601: /^sast\/(?:command-injection|dynamic-shell-command|shell-process-start|unvalidated-local-input)$/,
  B602: /^sast\/(?:command-injection|dynamic-shell-command|shell-wildcard-injection|shell-process-start|unvalidated-local-input)$/,
  B603: /^sast\/(?:command-injection|dynamic-shell-command|unvalidated-local-input)$/,
  B604: /^sast\/(?:command-injection|dynamic-shell-command|shell-process-start|unvalidated-local-input)$/,
  B605: /^sast\/(?:command-injection|dynamic-shell-command|shell-process-start|unvalidated-local-input)$/,
  B606: /^sast\/(?:command-injection|dynamic-shell-command|unvalidated-local-input)$/,
  B607: /^sast\/partial-executable-path$/,
  B608: /^sast\/(?:sql-injection|dynamic-sql-query|unvalidated-local-input)$/,
  B609: /^sast\/shell-wildcard-injection$/,
  B610: /^sast\/(?:sql-injection|dynamic-sql-query|raw-sql-fragment)$/,
  B611: /^sast\/(?:sql-injection|dynamic-sql-query|raw-sql-fragment)$/,
  B612: /^sast\/logging-config-listener$/,
  B614: /^sast\/unsafe-deserialization$/,
  B701: /^sast\/template-autoescape-disabled$/,
  B702: /^sast\/template-autoescape-disabled$/,
  B703: /^sast\/(?:html-marked-safe|xss)$/,
  B704: /^sast\/(?:html-marked-safe|xss)$/,
};

/** Every `sast/*` rule: a marker without codes speaks about the whole line. */
const ANY_SAST = /^sast\//;

/**
 * gosec: `#nosec` in a `//` or `/*` comment, or `//gosec:disable`; bandit: `#` then `nosec`.
 * Codes follow (`G304 G101`, `B602,B607`, `: B602`); the reason after ` -- `.
 */
const GOSEC_MARKER = /\/[/*]\s*(?:#nosec|gosec:disable)\b([^\n]*)$/;
const BANDIT_MARKER = /#\s*nosec\b([^\n]*)$/;

export interface PeerMarker {
  tool: "gosec" | "bandit";
  /** The codes the marker names (`G304`), empty when it names none. */
  codes: string[];
}

export interface PeerSuppression extends PeerMarker {
  /** The justification after ` -- `; "" when none was given. */
  reason: string;
  /** Where the marker starts in the line (text before it decides whether it stands alone). */
  index: number;
}

/** Whether a peer marker covers a Rampart rule: a code that maps to it, or no code and any sast rule. */
export function peerCovers(marker: PeerMarker, ruleId: string): boolean {
  if (marker.codes.length === 0) return ANY_SAST.test(ruleId);
  const table = marker.tool === "gosec" ? GOSEC : BANDIT;
  return marker.codes.some((code) => table[code]?.test(ruleId) ?? false);
}

/** A suppression's reason as evidence: `gosec #nosec G304: <reason>`, or "no justification given". */
export function peerSuppressionReason(marker: PeerMarker, reason: string): string {
  const syntax = marker.tool === "gosec" ? "#nosec" : "nosec";
  const codes = marker.codes.length > 0 ? ` ${marker.codes.join(" ")}` : "";
  return `${marker.tool} ${syntax}${codes}: ${reason || "no justification given"}`;
}

/** Which syntax a file's peer markers use: gosec's in Go, bandit's in Python, none elsewhere. */
export function peerToolOf(path: string): "gosec" | "bandit" | undefined {
  if (path.endsWith(".go")) return "gosec";
  if (/\.pyi?$/.test(path)) return "bandit";
  return undefined;
}

/**
 * Where the line's comment starts (`#` in Python, `//` or `/*` in Go) outside string literals,
 * or -1: `subprocess.Popen('#nosec', shell=True)` has no marker. Strings spanning lines are not
 * followed (a marker inside one is taken as a comment: a rare, harmless miss).
 */
function commentStart(line: string, tool: "gosec" | "bandit"): number {
  let quote = "";
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === "\\" && quote !== "`") index++;
      else if (char === quote) quote = "";
      continue;
    }
    if (char === '"' || char === "'" || (tool === "gosec" && char === "`")) quote = char;
    else if (tool === "bandit" && char === "#") return index;
    else if (tool === "gosec" && char === "/" && (line[index + 1] === "/" || line[index + 1] === "*"))
      return index;
  }
  return -1;
}

/** The peer marker of one line, if any. */
export function peerSuppressionOf(line: string, tool: "gosec" | "bandit"): PeerSuppression | undefined {
  if (!line.includes("nosec") && !line.includes("gosec:disable")) return undefined;
  const comment = commentStart(line, tool);
  if (comment === -1) return undefined;
  const found = (tool === "gosec" ? GOSEC_MARKER : BANDIT_MARKER).exec(line.slice(comment));
  if (!found) return undefined;
  const rest = found[1]!.replace(/\s*\*\/\s*$/, "");
  const separator = rest.indexOf("--");
  const codeText = separator === -1 ? rest : rest.slice(0, separator);
  const reason = separator === -1 ? "" : rest.slice(separator + 2).trim();
  // a code Rampart has no rule for covers nothing; no code at all covers every sast rule
  const codes = [...codeText.toUpperCase().matchAll(/\b([GB]\d{3})\b/g)].map((code) => code[1]!);
  return { tool, codes, reason, index: comment + found.index };
}

/** Bound on hostile input: lines a gosec marker's block is followed through. */
const MAX_BLOCK_LINES = 2000;

/**
 * gosec reads a marker as the comment of the syntax node it sits on, and suppresses what it finds
 * anywhere inside that node: `_ = Config{ // #nosec G101` covers the fields below it, and a marker
 * above `var cmd = &struct{…}{…}` covers the whole literal. The last line (1-based) of the
 * brackets (or raw string) opened on line `index` (0-based) and still open at its end; undefined
 * when the line closes what it opens. Strings, runes and comments are skipped; raw strings may span lines.
 */
export function gosecBlockEnd(lines: readonly string[], index: number): number | undefined {
  let depth = 0;
  let rawString = false;
  let blockComment = false;
  for (let at = index; at < lines.length && at < index + MAX_BLOCK_LINES; at++) {
    const line = lines[at]!;
    for (let column = 0; column < line.length; column++) {
      const char = line[column]!;
      if (rawString) {
        if (char === "`") rawString = false;
      } else if (blockComment) {
        if (char === "*" && line[column + 1] === "/") {
          blockComment = false;
          column++;
        }
      } else if (char === "`") rawString = true;
      else if (char === '"' || char === "'") {
        for (column++; column < line.length && line[column] !== char; column++) {
          if (line[column] === "\\") column++;
        }
      } else if (char === "/" && line[column + 1] === "/") break;
      else if (char === "/" && line[column + 1] === "*") {
        blockComment = true;
        column++;
      } else if (char === "{" || char === "(" || char === "[") depth++;
      else if (char === "}" || char === ")" || char === "]") depth--;
    }
    const open = depth > 0 || rawString;
    if (at === index && !open) return undefined;
    if (!open) return at + 1;
  }
  return undefined;
}
