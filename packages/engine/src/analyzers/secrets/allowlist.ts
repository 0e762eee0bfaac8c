// The false-positive traps: values that only look like secrets (placeholders, template holes,
// documentation keys, hashes, ids) and files where matches are noise (lockfiles, test fixtures,
// minified bundles). Pure functions on strings; the model records their verdicts.

/** Keys published in provider documentation; they appear in thousands of READMEs. */
const DOCUMENTED_EXAMPLE_VALUES = new Set([
  "AKIAIOSFODNN7EXAMPLE",
  "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  "ASIAIOSFODNN7EXAMPLE",
  // Azurite / Azure Storage Emulator account key, published for local development.
  "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
]);

/** Words that mark a value as written by a human to stand for a secret. */
const PLACEHOLDER_SUBSTRINGS = [
  "example",
  "placeholder",
  "changeme",
  "change_me",
  "change-me",
  "replaceme",
  "replace_me",
  "redacted",
  "your_",
  "your-",
  "yourapi",
  "yourtoken",
  "yoursecret",
  "insert_",
  "insert-",
  "dummy",
  "notreal",
  "not_real",
  "not-a-real",
  "lorem",
  // A password that says it is one is a documentation value (`somepassword`, `Password123!`).
  "password",
  "passwd",
  // So does a token or key that spells out what it is (`ghs_InstallationOrActionToken0000`,
  // `VERYLONGSECRET…`): generated values do not contain English words this long.
  "token",
  "secret",
  // `RANDOMSTRINGHERE`, `randomstring123`: a value that says it stands for a random one.
  "randomstring",
];

const PLACEHOLDER_SUBSTRING = new RegExp(
  PLACEHOLDER_SUBSTRINGS.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
);

/** Words that count only when they stand alone or between separators (`test`, `my_fake_key`). */
const PLACEHOLDER_WORDS =
  /(?:^|[^a-z0-9])(?:test|testing|fake|sample|mock|foo|bar|baz|secret|pass|pwd|pw|user|username|changeit|token|none|null|undefined|todo|tbd|demo)(?:[^a-z0-9]|$)/;

/** References to somewhere else: environment, templates, interpolation, vault paths. */
export const REFERENCE_PATTERNS: readonly RegExp[] = [
  // ${VAR}, ${VAR:-x}, ${{ secrets.X }}, or one cut short by the value's end; not `${e]n(o` in a password.
  /\$\{\{?[ \t]{0,4}(?:[A-Za-z_][\w.:\-/|?'" ]{0,100})?(?:\}|$)/,
  /^\$[A-Za-z_][A-Za-z0-9_]*$/, // $VAR
  /^\$\(|^`/, // $(command) and `command` substitutions in shell
  /\{\{[^{}]{0,200}(?:\}\}|$)/, // {{ .Values.x }}, Jinja, or one cut short
  /^\{[A-Za-z0-9_:.-]*\}/, // {placeholder}, Spring's {cipher} prefix (an encrypted value)
  /%\([A-Za-z0-9_]+\)s/, // Python %(name)s
  /#\{[^{}]{1,100}\}/, // #{Variable}# (Octopus, Azure token replacement), Ruby interpolation
  /^(?:__|@@)[A-Za-z0-9_.-]{1,100}(?:__|@@)$/, // __TOKEN__ / @@TOKEN@@ replaced at deploy time
  /^%[A-Za-z0-9_]+%$/, // Windows %VAR%
  /^<[^>]*>?$/, // <token>
  /^\[[^\]]*\]$/, // [token]
  /process\.env/,
  /os\.environ/,
  /os\.getenv/,
  /getenv\(/i,
  /^env\(/i,
  /^vault:/i,
  /^secretref:/i,
  /^arn:aws:/,
  /^!(?:vault|ref|sub|getatt|secret)/i,
];

/**
 * A character every reference pattern needs (or the `__`/`@@` start of a deploy-time token):
 * values without one, such as every generated token, skip the twenty patterns at once.
 */
export const MAY_BE_REFERENCE = /[$`{%#<[.(:!]|^(?:__|@@)/;

/**
 * Whether the value has at most two distinct characters (code points, as a `Set` of the string
 * counts them), stopping at the third: building a Set of every value was most of the allowlist's
 * cost on a file full of assignments.
 */
export function hasAtMostTwoCharacters(value: string): boolean {
  let first: string | undefined;
  let second: string | undefined;
  for (const character of value) {
    if (character === first || character === second) continue;
    if (first === undefined) first = character;
    else if (second === undefined) second = character;
    else return false;
  }
  return true;
}

/** `abcdefgh`, `12345678`, `qwertyui`: keyboard and alphabet runs, both directions. */
const SEQUENCES = ["abcdefghijklmnopqrstuvwxyz", "0123456789", "qwertyuiopasdfghjklzxcvbnm"].flatMap(
  (run) => [run, run.split("").reverse().join("")],
);

/** `lower`: the value lower-cased (the caller has it already). */
function isSequential(lower: string): boolean {
  if (lower.length < 6) return false;
  for (const sequence of SEQUENCES) {
    if (sequence.includes(lower)) return true;
  }
  // Mostly a run: `abcdef123456` style. Count adjacent pairs that step by one.
  let steps = 0;
  for (let index = 1; index < lower.length; index++) {
    if (lower.charCodeAt(index) - lower.charCodeAt(index - 1) === 1) steps++;
  }
  return steps / (lower.length - 1) >= 0.8;
}

/** A run of six or more consecutive characters (`123456`, `abcdef`, `ABC-DEF1234`-style docs values). */
function hasSequentialRun(value: string, length = 6): boolean {
  let run = 1;
  for (let index = 1; index < value.length; index++) {
    const step = value.charCodeAt(index) - value.charCodeAt(index - 1);
    run = step === 1 && /[A-Za-z0-9]/.test(value[index]!) ? run + 1 : 1;
    if (run >= length) return true;
  }
  return false;
}

/**
 * A unit of 2 to 8 characters repeated, ASCII case ignored, over at least three quarters of the
 * value: `abcd1234abcd1234ABCD1234ABCD1234--__`, `ab12ab12ab12`. Generated secrets never repeat a
 * unit this way; hand-typed fill values do.
 */
function isRepeatedUnit(lower: string): boolean {
  if (lower.length < 12) return false;
  for (let unit = 2; unit <= 8; unit++) {
    let end = unit;
    while (end < lower.length && lower.charCodeAt(end) === lower.charCodeAt(end - unit)) end++;
    if (end >= unit * 3 && end * 4 >= lower.length * 3) return true;
  }
  return false;
}

/** Runs of a masking character: `AP6xxxxxxxxxx`, `********`, `sk_live_....`. */
const MASK_RUN = /xxxx|\*\*\*\*|\.\.\.\./;

/**
 * Why the value is a placeholder someone labelled as such (a documented example, a word such as
 * `changeme` or `your_`, a reference to a variable or a secret store), or undefined. With
 * `onlyDocumentedExamples` the word `example` alone does not make a placeholder: only the
 * published example values do.
 */
export function labelledPlaceholderReason(
  value: string,
  onlyDocumentedExamples = false,
  lower = value.toLowerCase(),
): string | undefined {
  if (DOCUMENTED_EXAMPLE_VALUES.has(value)) return "documented example key";
  const substring = PLACEHOLDER_SUBSTRING.exec(
    onlyDocumentedExamples ? lower.replace(/example/g, "") : lower,
  );
  if (substring) return `placeholder ("${substring[0]}")`;
  if (PLACEHOLDER_WORDS.test(lower)) return "placeholder word";
  if (MAY_BE_REFERENCE.test(value)) {
    for (const pattern of REFERENCE_PATTERNS) {
      if (pattern.test(value)) return "reference to a variable or secret store";
    }
  }
  return undefined;
}

/**
 * Why the value is a fill value, typed to stand for a secret without saying so: a mask
 * (`xxxx`, `****`), one or two repeated characters, a repeated unit, an alphabet or keyboard run.
 * Provider rules report these at low severity (a reviewer confirms them); see
 * `secrets/credential-format-fill-value`.
 */
export function fillValueReason(value: string, lower = value.toLowerCase()): string | undefined {
  const mask = MASK_RUN.exec(lower);
  if (mask) return `placeholder ("${mask[0]}")`;
  if (/^(.)\1+$/.test(value)) return "one repeated character";
  // Few distinct characters across a long value: `abababab`, `x1x1x1x1`.
  if (value.length >= 8 && hasAtMostTwoCharacters(value)) return "repeated characters";
  if (isRepeatedUnit(lower)) return "repeated unit";
  if (isSequential(lower)) return "sequential characters";
  if (hasSequentialRun(value)) return "run of sequential characters";
  return undefined;
}

/** Why the value is not a real secret (labelled placeholder or fill value), or undefined when it may be one. */
export function placeholderReason(value: string, onlyDocumentedExamples = false): string | undefined {
  // Lower-cased once for both: this runs for every candidate of a file full of assignments.
  const lower = value.toLowerCase();
  return labelledPlaceholderReason(value, onlyDocumentedExamples, lower) ?? fillValueReason(value, lower);
}

/** The part of a prefixed token after its fixed prefix: `ghp_` + this. */
export function randomPart(value: string): string {
  const match = /^(?:[A-Za-z0-9]{1,12}[_-]){1,3}(?=[A-Za-z0-9])/.exec(value);
  return match && match[0].length < value.length - 8 ? value.slice(match[0].length) : value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]+$/i;
const INTEGRITY = /^(?:sha1|sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}$/;

/** Hashes and identifiers that sit next to secret-looking names (generic rule only). */
export function hashLikeReason(value: string, keyName: string): string | undefined {
  if (INTEGRITY.test(value)) return "subresource-integrity hash";
  if (UUID.test(value) && !/secret|password|passwd|pwd/i.test(keyName)) return "UUID";
  if (HEX.test(value) && /sha|hash|digest|checksum|commit|etag|integrity|fingerprint/i.test(keyName)) {
    return "hash named as such";
  }
  if (HEX.test(value) && (value.length === 40 || value.length === 64) && /token_?id|_id$/i.test(keyName)) {
    return "hex identifier";
  }
  return undefined;
}

const LOCKFILES = new Set([
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "go.sum",
  "cargo.lock",
  "poetry.lock",
  "pipfile.lock",
  "uv.lock",
  "composer.lock",
  "gemfile.lock",
  "packages.lock.json",
  "podfile.lock",
  "mix.lock",
  "pubspec.lock",
  "flake.lock",
  ".terraform.lock.hcl",
]);

export function baseName(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? path : path.slice(slash + 1);
}

/**
 * Lockfiles by name, renamed copies included (`yarn-v1.lock`, `package-lock.old.json`,
 * `requirements.lock`): they hold integrity hashes and resolved URLs, never credentials.
 */
export function isLockfile(path: string): boolean {
  const name = baseName(path).toLowerCase();
  return LOCKFILES.has(name) || /\.lock$|[.-]lock(?:\.[a-z0-9]+)?\.(?:json|ya?ml)$/.test(name);
}

/** The markers code generators write at the top of a file. */
const GENERATED_MARKER =
  /Code generated .{0,80}DO NOT EDIT|@generated\b|<auto-?generated|\bFile generated by |\bThis file (?:is|was) (?:auto(?:matically)?[ -])?generated\b/i;

/** Whether the file's first 1,000 characters say it was generated by a tool. */
export function isGenerated(text: string): boolean {
  const head = text.slice(0, 1000);
  // Every marker holds "enerated" (either case of its first letter): one substring search first.
  return head.includes("enerated") && GENERATED_MARKER.test(head);
}

/** Test code and fixtures: real secrets there still leak, but generic matches are mostly fakes. */
export function isTestPath(path: string): boolean {
  const lower = `/${path.toLowerCase()}`;
  return (
    // `androidTest`: Android's instrumentation-test source set (`src/androidTest/java/…`).
    /\/(?:tests?|__tests__|__mocks__|spec|specs|fixtures?|testdata|test-data|testutils?|mocks?|e2e|androidtest)\//.test(
      lower,
    ) ||
    /\.(?:test|spec|fixture|mock)\.[a-z0-9]+$/.test(lower) ||
    /(?:^|\/)test_[^/]*\.py$/.test(lower) ||
    /_test\.(?:go|py|rb|exs?)$/.test(lower)
  );
}

/** A line this long is generated code (minified bundles, source maps, inlined data). */
export const MINIFIED_LINE_LENGTH = 2000;

export function isMinified(path: string, text: string): boolean {
  if (/\.min\.(?:js|css|mjs)$|\.map$/.test(path.toLowerCase())) return true;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (end - start > MINIFIED_LINE_LENGTH) return true;
    start = end + 1;
  }
  return false;
}
