// Literal secrets in attribute values: object entries whose key names a secret and whose value is a
// literal string, and values shaped like well-known credentials whatever their key.
import type { Expr, TfSpan } from "./model.ts";

const SECRET_NAME =
  /(?:pass(?:word|wd)?|secret|token|api[_-]?key|private[_-]?key|access[_-]?key|credentials?)$/i;
const NOT_A_SECRET = /(?:_arn|_id|_name|_path|_file|_url|_length|_header)$/i;
const AWS_ACCESS_KEY = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/;
const PLACEHOLDER = /^(?:|changeme|change-me|example|placeholder|dummy|xxx+|\*+|<[^>]*>|\$\{[^}]*\}|TODO)$/i;

export interface LiteralSecret {
  name: string;
  span: TfSpan;
}

export function looksLikeCredential(text: string): boolean {
  return AWS_ACCESS_KEY.test(text) || /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/.test(text);
}

/** Entries of an object expression that hold a literal secret. */
export function literalSecrets(expr: Expr): LiteralSecret[] {
  if (expr.kind !== "object") return [];
  const out: LiteralSecret[] = [];
  for (const entry of expr.entries) {
    if (entry.key === undefined || entry.value.kind !== "literal" || typeof entry.value.value !== "string")
      continue;
    const value = entry.value.value;
    const named = SECRET_NAME.test(entry.key) && !NOT_A_SECRET.test(entry.key);
    if ((named && !PLACEHOLDER.test(value.trim()) && value.length >= 6) || looksLikeCredential(value)) {
      out.push({ name: entry.key, span: entry.span });
    }
  }
  return out;
}
