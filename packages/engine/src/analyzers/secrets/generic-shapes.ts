// The shapes in which code and configuration give a secret a name: `name = value` in its many
// syntaxes, `name "value";` statements, `"value" == name` comparisons, `"name", "value"` argument pairs, `setName("value")` calls and XML (`<name>v</name>`,
// `<add key="name" value="v"/>`). Each shape is one bounded regex with named groups; which names
// count as secret names is decided here too, on the name's words, so `tokenizer` or
// `secretsManagerArn` never reach the entropy checks.

/**
 * Words a secret name contains, loose on purpose: the regexes only need a literal to anchor on,
 * `isSecretName` decides on the whole name. Every match contains `pass`, `pwd`, `secret`, `token`,
 * `key`, `cred` or `contrase`: the prefilter runs the shapes only on lines holding one of them.
 */
const NAME_WORDS = "pass|pwd|secret|token|key|cred|contrase";

/** A name: an identifier holding one of the words, dots and dashes allowed (`spring.datasource.password`). */
const NAME = `[\\w.-]{0,40}?(?:${NAME_WORDS})[\\w.-]{0,40}?`;

/** A quoted value may hold `,` and `;`; an unquoted one stops there. Neither holds whitespace or quotes. */
const VALUE = "(?<quote>[\"'`]?)(?<value>(?<=[\"'`])[^\\s\"'`]{1,300}|[^\\s\"'`,;]{1,300})\\k<quote>";

/**
 * `name <op> value` in code and configuration:
 * - `password = "…"`, `PASSWORD=…`, `export TOKEN=…`, `"password": "…"`, `password: …` (YAML), `:=` (Go),
 *   `=>` (PHP, Ruby), `<-` (R), `?=` (Make), `||=` (Ruby), `::=`;
 * - comparisons `password == "…"`, `!==`: a literal compared with a password is a hard-coded password;
 * - a type between the name and `=`: `const password: string = "…"`, `val token: String = "…"`,
 *   `var password string = "…"`, `char password[] = "…"`, C#'s `Secret { get; set; } = "…"`;
 * - Objective-C's `@"…"` strings.
 */
export const GENERIC_ASSIGNMENT = new RegExp(
  `(?<![\\w.-])(?<name>${NAME})["']?(?:\\[\\d{0,4}\\])?` +
    "(?:(?:[ \\t]{0,4}:[ \\t]{0,4}|[ \\t]{1,4})[A-Za-z_][\\w.]{0,30}(?:\\[\\])?\\??(?=[ \\t]{0,4}=[^=>]))?" +
    "(?:[ \\t]{1,4}\\{[ \\t]{0,4}get;[^}\\n]{0,40}\\})?" +
    "[ \\t]{0,8}(?<op>===?|!==?|::=|:=|\\?=|\\|\\|=|=>|<-|=|:)[ \\t]{0,8}(?![=>])@?" +
    VALUE,
  "gi",
);

/** `("api_key", "…")`, `put("password", "…")`, `["secret", "…"]`: a quoted name, a comma, a quoted value. */
const ARGUMENT_PAIR = new RegExp(
  `(?<=["'])(?<name>${NAME})["'][ \\t]{0,4},[ \\t]{0,4}@?(?<quote>["'])(?<value>[^\\s"'\`]{1,300})\\k<quote>`,
  "gi",
);

/** `setPassword("…")`, `.withApiKey('…')`, `auth.password("…")` is left to the assignment shapes. */
const SETTER_CALL = new RegExp(
  `(?<![A-Za-z0-9_])(?:set|with)_?(?<name>[A-Za-z0-9_]{0,30}?(?:${NAME_WORDS})[A-Za-z0-9_]{0,30}?)` +
    `[ \\t]{0,4}\\([ \\t]{0,4}@?(?<quote>["'])(?<value>[^\\s"'\`]{1,300})\\k<quote>[ \\t]{0,4}\\)`,
  "gi",
);

/** `secret "…";` (BIND TSIG keys, nginx, HCL-like configs): a name, a space, a quoted value, a semicolon. */
const SPACED_STATEMENT = new RegExp(
  `(?<![\\w.-])(?<name>${NAME})[ \\t]{1,8}(?<quote>["'])(?<value>[^\\s"'\`]{1,300})\\k<quote>[ \\t]{0,4};`,
  "gi",
);

/** `"…" == password`, `'…' !== apiKey`: a literal compared with a secret name, written the other way round. */
const REVERSED_COMPARISON = new RegExp(
  `(?<quote>["'])(?<value>[^\\s"'\`]{1,300})\\k<quote>[ \\t]{0,4}(?:===?|!==?)[ \\t]{0,4}["']?\\$?\\{?(?<name>${NAME})(?![\\w.-])`,
  "gi",
);

/** `<password>…</password>` and `<add key="DbPassword" value="…" />` (.NET appSettings, nuget.config). */
const MARKUP = new RegExp(
  `<(?<name>${NAME})>(?<quote>)(?<value>[^<>\\s]{1,300})</\\k<name>>` +
    `|<add[ \\t]{1,8}key=["'](?<name2>${NAME})["'][ \\t]{1,8}value=(?<quote2>["'])(?<value2>[^\\s"'<>]{1,300})\\k<quote2>`,
  "gi",
);

export interface GenericMatch {
  /** The name, without a leading `export`. */
  keyName: string;
  value: string;
  /** Index of the value in the scanned text. */
  index: number;
  quoted: boolean;
  /** `==`, `!=` and their strict forms: the value must be a quoted literal to count. */
  comparison: boolean;
}

/** Every shape's matches in one line of text, in order of position, at most one per value. */
export function genericMatches(line: string): GenericMatch[] {
  const matches: GenericMatch[] = [];
  const seen = new Set<number>();
  const push = (match: RegExpExecArray, name: string, value: string, quote: string, op = "") => {
    const index = match.index + match[0].lastIndexOf(value);
    if (seen.has(index)) return;
    seen.add(index);
    matches.push({
      keyName: name.replace(/^export[ \t]+/i, ""),
      value,
      index,
      quoted: quote !== "",
      comparison: /^[=!]=/.test(op),
    });
  };
  for (const match of line.matchAll(GENERIC_ASSIGNMENT)) {
    const groups = match.groups!;
    push(match, groups.name!, groups.value!, groups.quote!, groups.op);
  }
  if (line.includes(";")) {
    for (const match of line.matchAll(SPACED_STATEMENT)) {
      push(match, match.groups!.name!, match.groups!.value!, match.groups!.quote!);
    }
  }
  if (line.includes("==") || line.includes("!=")) {
    for (const match of line.matchAll(REVERSED_COMPARISON)) {
      const groups = match.groups!;
      const index = match.index + groups.quote!.length;
      if (seen.has(index)) continue;
      seen.add(index);
      matches.push({ keyName: groups.name!, value: groups.value!, index, quoted: true, comparison: true });
    }
  }
  if (line.includes(",")) {
    for (const match of line.matchAll(ARGUMENT_PAIR)) {
      push(match, match.groups!.name!, match.groups!.value!, match.groups!.quote!);
    }
  }
  if (line.includes("(")) {
    for (const match of line.matchAll(SETTER_CALL)) {
      push(match, match.groups!.name!, match.groups!.value!, match.groups!.quote!);
    }
  }
  if (line.includes("<")) {
    for (const match of line.matchAll(MARKUP)) {
      const groups = match.groups!;
      if (groups.name) push(match, groups.name, groups.value!, "<");
      else push(match, groups.name2!, groups.value2!, groups.quote2!);
    }
  }
  return matches.sort((a, b) => a.index - b.index);
}

/** Every regex of this module, for the ReDoS test. */
export const GENERIC_SHAPES: readonly RegExp[] = [
  GENERIC_ASSIGNMENT,
  SPACED_STATEMENT,
  REVERSED_COMPARISON,
  ARGUMENT_PAIR,
  SETTER_CALL,
  MARKUP,
];

/** `passwordSecretName` → `password_Secret_Name`, so word checks see camelCase words too. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2");
}

/** Words that make `<word>_key` / `<word>Key` a secret: `api_key`, `privateKey`, `DB_KEY`. */
const KEY_QUALIFIERS = new Set([
  "api",
  "access",
  "private",
  "priv",
  "auth",
  "secret",
  "service",
  "account",
  "db",
  "database",
  "client",
  "signing",
  "sign",
  "encryption",
  "encrypt",
  "master",
  "app",
  "application",
  "license",
  "licence",
  "consumer",
  "shared",
  "subscription",
  "storage",
  "session",
  "hmac",
  "jwt",
  "cookie",
  "admin",
  "root",
  "deploy",
  "integration",
  "webhook",
]);

/** A single word that is a secret name by itself, or ends in one (`dbpassword`, `clientsecret`). */
function isSecretWord(word: string): boolean {
  return (
    word.includes("passw") ||
    /^(?:pass|pwd|passphrase|creds?|credentials?|contrase(?:ñ|n)a|apikey|secrets?|tokens?)$/.test(word) ||
    /(?:pass|pwd|secret|token|passphrase)$/.test(word) ||
    /^(?:api|access|private|priv|auth|secret|service|account|db|client|signing|encryption|master|app|consumer|session)key$/.test(
      word,
    )
  );
}

/**
 * Whether a name says it holds a secret, judged on its words: `DB_PASS`, `mySecretString`,
 * `apiKey`, `AUTH_TOKEN`, `client-secret`, `credentials`. Not `tokenizer`, `keyboard`, `bypass`,
 * `secretsmanager`, `cacheKey` or `monkey`.
 */
export function isSecretName(name: string): boolean {
  const words = snakeCase(name)
    .toLowerCase()
    .split(/[^a-z0-9ñ]+/)
    .filter((word) => word.length > 0);
  return words.some(
    (word, index) =>
      isSecretWord(word) || (word === "key" && index > 0 && KEY_QUALIFIERS.has(words[index - 1]!)),
  );
}
