// Helpers that keep catalogue entries short and their regexes uniform: a token with a boundary on
// both sides, or a value that must sit right after a provider-specific name. Every quantifier is
// bounded, and every pattern starts at a literal or behind a boundary look-behind, so a scan stays
// linear on long runs of the characters a pattern accepts (see redos.test.ts).
import type { SecretPattern } from "./types.ts";

/** No token character before the match / after it. */
export const BEFORE = "(?<![A-Za-z0-9_-])";
export const AFTER = "(?![A-Za-z0-9_-])";

export const HEX = "[a-f0-9]";
export const UUID = "[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}";

/** A self-identifying token, e.g. `ghp_` + 36 characters; the whole token is the secret. */
export function token(body: string): string {
  return `${BEFORE}(${body})${AFTER}`;
}

/**
 * How a value follows its name, besides `=`, `:` and `=>`: Go's `:=`, Make's `::=`, `:::=`, `?=` and
 * `+=`, PHP's `.=`, a CSV cell (`name,value,`), a YAML block scalar (`name: |` or `name: >-` with
 * the value on the next, indented line) and an XML element whose text may start on the next line
 * (`<NAME>` newline, value). `:=` comes before `:` so it is never read as `:` plus a value `=…`;
 * few alternatives, as each is tried at every split of the name the regex backtracks through.
 */
const FOLLOWS =
  "(?::{1,3}=|[?+.]=|=>?|:(?:[ \\t]{0,4}[|>][-+]?[ \\t]{0,4}\\r?\\n[ \\t]{0,16})?|>(?:\\r?\\n[ \\t]{0,16})?|,)";

/**
 * A value that is only recognisable by the name it is assigned to: `DATADOG_API_KEY = "…"`, also
 * inside a JSON string whose quotes are escaped (`\"datadog_key\": \"…\"`). `names` is an
 * alternation of lower-case words; the pattern is meant for the `i` flag.
 */
export function assigned(names: string, value: string): string {
  return `(?:${names})[\\w.-]{0,24}?(?:\\\\?["'])?[ \\t]{0,8}${FOLLOWS}[ \\t]{0,8}(?:\\\\?["'\`])?(${value})(?![A-Za-z0-9_+/=-])`;
}

type Entry = Omit<SecretPattern, "secretGroup" | "confidence" | "severity"> &
  Partial<Pick<SecretPattern, "secretGroup" | "confidence" | "severity">>;

/** A prefixed token: high confidence, the secret is group 1. */
export function prefixed(entry: Entry): SecretPattern {
  return { severity: "high", confidence: "high", secretGroup: 1, ...entry };
}

/** A value found by its name: medium confidence, case-insensitive, an entropy floor. */
export function contextual(entry: Entry): SecretPattern {
  return { severity: "high", confidence: "medium", secretGroup: 1, flags: "i", minEntropy: 3, ...entry };
}
