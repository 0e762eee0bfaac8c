// Go: a struct whose exported field holds a secret (by its name or its JSON key) passed to
// encoding/json. Text scans only: struct declarations of the file, then marshal calls of those
// types written as literals (`json.Marshal(Config{…})`, `&T{}`, `[]T{…}`, `map[K]T{…}`).
import { defineFileRule } from "../../../rule.ts";
import { isTestPath } from "../../secrets/allowlist.ts";
import type { Category } from "../languages/types.ts";
import type { SastModel } from "../model.ts";

const category: Category = "security";

const PREFILTER = /json\.(?:Marshal|MarshalIndent|NewEncoder)\b/;

/** `type Config struct { … }` without nested braces (a nested struct type ends the scan early). */
const STRUCT = /\btype\s+([A-Za-z_]\w*)\s+struct\s*\{([^{}]*)\}/g;

/** A field line: names, a string or byte type, an optional tag. */
const FIELD =
  /^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s+(\*?string|\[\]byte|\[\]\*?string)\s*(?:`([^`]*)`)?\s*(?:\/\/.*)?$/gm;

/**
 * Names of secrets, in snake case: a password or secret alone, a token alone or of a kind that
 * authenticates, keys that are credentials. `redaction_tokens` or `max_tokens` are not.
 */
const SECRET_NAME =
  /(?:^|_)(?:password|passwd|secret|token|credentials?|(?:api|access|secret|private|auth|refresh|bearer|session|client|signing)_?(?:keys?|tokens?|secrets?))$/;

function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase();
}

/** The secret-holding struct types of the file: those with an exported secret field JSON writes. */
function secretTypes(text: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const struct of text.matchAll(STRUCT)) {
    for (const field of (struct[2] ?? "").matchAll(FIELD)) {
      const key = /\bjson:"([^"]*)"/.exec(field[3] ?? "")?.[1];
      const jsonName = key?.split(",")[0] ?? "";
      if (key === "-") continue; // omitted (`"-,"` names the field "-")
      const exported = (field[1] ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter((name) => /^[A-Z]/.test(name));
      const secret = exported.find(
        (name) =>
          SECRET_NAME.test(snakeCase(name)) || (jsonName !== "" && SECRET_NAME.test(snakeCase(jsonName))),
      );
      if (secret) {
        types.set(struct[1]!, secret);
        break;
      }
    }
  }
  return types;
}

export const secretFieldSerialized = {
  ...defineFileRule<SastModel>({
    id: "sast/secret-field-serialized",
    analyzer: "sast",
    title: "Struct with a secret field written as JSON",
    severity: "med",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [200, 312],
    controls: [],
    fixable: false,
    docs: {
      summary:
        'Go: a value of a struct type declared in the file, written as a literal (`Config{…}`, `&Config{…}`, `[]Config{…}`, `map[string]Config{…}`), passed to `json.Marshal`, `json.MarshalIndent` or a `json.NewEncoder(…).Encode`, where the struct has an exported `string`, `*string`, `[]byte` or `[]string` field named like a secret (`Password`, `Secret`, `Token`, `APIKey`, `PrivateKey`, `RefreshTokens` …) or tagged with such a JSON key, and not `json:"-"`. Unexported fields (JSON skips them) and other types are not reported. Test code is not reported.',
      whyItMatters:
        "JSON output goes to API responses, logs, caches and message queues: a configuration or account struct serialized whole carries its password or token to every reader of that output.",
      remediation:
        'Tag the field `json:"-"` (or give it a custom MarshalJSON that redacts it), or serialize a view type without the secret.',
      example: 'type DBConfig struct {\n\tHost     string `json:"host"`\n\tPassword string `json:"-"`\n}',
      references: ["https://cwe.mitre.org/data/definitions/200.html"],
    },
    check(ctx) {
      const { model } = ctx;
      const text = model.file.text;
      if (model.language !== "go" || !PREFILTER.test(text) || isTestPath(model.file.path)) return;
      try {
        const types = secretTypes(text);
        if (types.size === 0) return;
        const names = [...types.keys()].join("|");
        const encoder = /json\.NewEncoder\(/.test(text);
        const call = new RegExp(
          `(?:\\bjson\\.(?:Marshal|MarshalIndent)|${encoder ? "\\.Encode" : "(?!)"})\\(\\s*(?:&|\\[\\]|map\\[[^\\]]*\\])?(${names})\\s*\\{`,
          "g",
        );
        for (const match of text.matchAll(call)) {
          const from = model.file.positionAt(match.index);
          const to = model.file.positionAt(match.index + match[0].length);
          ctx.report({
            message: `${match[1]} is written as JSON with its secret field ${types.get(match[1]!)}: tag it json:"-" or serialize a view without it`,
            at: { line: from.line, column: from.column, endLine: to.line, endColumn: to.column },
            properties: { category },
          });
        }
      } catch {
        // a rule never throws on hostile input
      }
    },
  }),
  category,
};
