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

/**
 * The value (groups 3 quote, 4 value): a quoted one may hold `,` and `;`, an unquoted one stops
 * there; neither holds whitespace or quotes. Numbered groups: named ones cost an object per match
 * on the hot path.
 */
const ASSIGNED_VALUE = "([\"'`]?)((?<=[\"'`])[^\\s\"'`]{1,300}|[^\\s\"'`,;]{1,300})\\3";

/**
 * `name <op> value` in code and configuration (groups: 1 name, 2 operator, 3 quote, 4 value):
 * - `password = "…"`, `PASSWORD=…`, `export TOKEN=…`, `"password": "…"`, `password: …` (YAML), `:=` (Go),
 *   `=>` (PHP, Ruby), `<-` (R), `?=`, `+=`, `::=` and `:::=` (Make), `.=` (PHP), `||=` (Ruby);
 * - comparisons `password == "…"`, `!==`: a literal compared with a password is a hard-coded password;
 * - a type between the name and `=`: `const password: string = "…"`, `val token: String = "…"`,
 *   `var password string = "…"`, `char password[] = "…"`, C#'s `Secret { get; set; } = "…"`;
 * - Objective-C's `@"…"` strings;
 * - a subscript with a quoted key: `config["api_key"] = "…"`, `headers['x-api-key'] = '…'`.
 */
export const GENERIC_ASSIGNMENT = new RegExp(
  `(?<![\\w.-])(${NAME})(?:["']\\]|["'])?(?:\\[\\d{0,4}\\])?` +
    "(?:(?:[ \\t]{0,4}:[ \\t]{0,4}|[ \\t]{1,4})[A-Za-z_][\\w.]{0,30}(?:\\[\\])?\\??(?=[ \\t]{0,4}=[^=>]))?" +
    "(?:[ \\t]{1,4}\\{[ \\t]{0,4}get;[^}\\n]{0,40}\\})?" +
    "[ \\t]{0,8}(===?|!==?|:{1,3}=|[?+.]=|\\|\\|=|=>|<-|=|:)[ \\t]{0,8}(?![=>])@?" +
    ASSIGNED_VALUE,
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

/**
 * `secret "…";` (BIND TSIG keys, nginx, HCL-like configs): a name, a quoted value, a semicolon. The
 * space may be missing (`apikey"…";`): no language glues a name ending in a secret word to a string.
 */
const SPACED_STATEMENT = new RegExp(
  `(?<![\\w.-])(?<name>${NAME})[ \\t]{0,8}(?<quote>["'])(?<value>[^\\s"'\`]{1,300})\\k<quote>[ \\t]{0,4};`,
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

/** Where each shape's name, quote and value are; shapes without an operator have none. */
interface Shape {
  regex: RegExp;
  /** Run the shape only on lines holding this character (cheap `includes` before a regex). */
  needs?: string;
}

const SHAPES: readonly Shape[] = [
  { regex: SPACED_STATEMENT, needs: ";" },
  { regex: ARGUMENT_PAIR, needs: "," },
  { regex: SETTER_CALL, needs: "(" },
  { regex: MARKUP, needs: "<" },
];

function toMatch(
  match: RegExpExecArray,
  name: string,
  value: string,
  quote: string,
  op: string,
): GenericMatch {
  return {
    keyName: name.startsWith("export") ? name.replace(/^export[ \t]+/i, "") : name,
    value,
    index: match.index + match[0].lastIndexOf(value),
    quoted: quote !== "",
    comparison: op.length > 1 && (op[0] === "=" || op[0] === "!") && op[1] === "=",
  };
}

/**
 * Every shape's matches in one line of text, in order of position, at most one per value. The
 * assignment shape runs on every line; the others only on lines holding their punctuation, and
 * the merge is skipped when they find nothing (the common case: this runs on every keyword line).
 */
export function genericMatches(line: string): GenericMatch[] {
  const matches: GenericMatch[] = [];
  GENERIC_ASSIGNMENT.lastIndex = 0;
  for (let match = GENERIC_ASSIGNMENT.exec(line); match; match = GENERIC_ASSIGNMENT.exec(line)) {
    matches.push(toMatch(match, match[1]!, match[4]!, match[3]!, match[2]!));
  }
  let extra: GenericMatch[] | undefined;
  for (const { regex, needs } of SHAPES) {
    if (needs && !line.includes(needs)) continue;
    regex.lastIndex = 0;
    for (let match = regex.exec(line); match; match = regex.exec(line)) {
      const groups = match.groups!;
      extra ??= [];
      if (groups.name2) extra.push(toMatch(match, groups.name2, groups.value2!, groups.quote2!, ""));
      else
        extra.push(
          toMatch(match, groups.name!, groups.value!, groups.quote === "" ? "<" : groups.quote!, ""),
        );
    }
  }
  if (line.includes("==") || line.includes("!=")) {
    REVERSED_COMPARISON.lastIndex = 0;
    for (let match = REVERSED_COMPARISON.exec(line); match; match = REVERSED_COMPARISON.exec(line)) {
      const groups = match.groups!;
      extra ??= [];
      extra.push({
        keyName: groups.name!,
        value: groups.value!,
        index: match.index + groups.quote!.length,
        quoted: true,
        comparison: true,
      });
    }
  }
  if (!extra) return matches;
  const seen = new Set(matches.map((match) => match.index));
  for (const match of extra) {
    if (seen.has(match.index)) continue;
    seen.add(match.index);
    matches.push(match);
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
  if (!HAS_UPPER.test(name)) return name;
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2");
}

const HAS_UPPER = /[A-Z]/;

/** Words that make `<word>_key` / `<word>Key` a secret: `api_key`, `privateKey`, `DB_KEY`. */
const KEY_QUALIFIERS =
  "api|access|private|priv|auth|secret|service|account|db|database|client|signing|sign|encryption|encrypt|" +
  "master|app|application|license|licence|consumer|shared|subscription|storage|session|hmac|jwt|cookie|" +
  "admin|root|deploy|integration|webhook";

/**
 * A word of a snake_cased, lower-cased name that makes it a secret name: `password` and words
 * holding it (`dbpassword`), `pass`/`pwd` alone or after a qualifier (`dbpass`, `userpwd`),
 * `secret`/`token` alone or at a word's end (`clientsecret`, `accesstoken`), `creds`,
 * `credentials`, `passphrase`, `apikey`, and `key` after a qualifier (`api_key`, `private_key`);
 * `apikey` and `private_key` also inside a word (`theapikey`).
 */
const SECRET_NAME_WORD = new RegExp(
  "(?:^|[^a-z0-9ñ])(?:" +
    [
      "[a-z0-9]{0,40}passw[a-z0-9]{0,40}",
      "(?:db|user|admin|root|key|ftp|smtp|mail|sql|database|api|app|auth)?pass",
      "[a-z0-9]{0,40}(?:pwd|secrets?|tokens?|passphrase)",
      "creds?|credentials?|contrase(?:ñ|n)a",
      `(?:${KEY_QUALIFIERS})[^a-z0-9ñ]?key`,
    ].join("|") +
    ")(?=[^a-z0-9ñ]|$)",
);

/**
 * Whether a name says it holds a secret, judged on its words: `DB_PASS`, `mySecretString`,
 * `apiKey`, `AUTH_TOKEN`, `client-secret`, `credentials`. Not `tokenizer`, `keyboard`, `bypass`,
 * `secretsmanager`, `cacheKey` or `monkey`.
 */
export function isSecretName(name: string): boolean {
  return isSecretSnakeName(snakeCase(name));
}

/** `isSecretName` for a name already passed through `snakeCase`. */
export function isSecretSnakeName(snake: string): boolean {
  const lower = snake.toLowerCase();
  return SECRET_NAME_WORD.test(lower) || PRIVATE_KEY_OR_API_KEY_INSIDE.test(lower);
}

/**
 * `apikey` and `private_key` inside a longer word (`theapikey`, `fooprivate_keyfoo`): both are
 * specific enough; a word glued after them that names metadata (`apikeyname`) is ruled out by the
 * metadata check of the name. Apart from `SECRET_NAME_WORD`: inside its boundaries a
 * `[a-z0-9]{0,40}` run around the word backtracked at every position of every name.
 */
const PRIVATE_KEY_OR_API_KEY_INSIDE = /apikey|private[^a-z0-9ñ]?key/;
