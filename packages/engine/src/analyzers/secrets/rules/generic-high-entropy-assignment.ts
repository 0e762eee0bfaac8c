import { defineFileRule } from "../../../rule.ts";
import { snakeCase } from "../generic-shapes.ts";
import type { SecretCandidate, SecretsModel } from "../model.ts";
import { reportableCandidates, secretMessage, secretReport } from "../pattern-rule.ts";
import { closesOutOfOrder } from "../text-measures.ts";

const RULE_ID = "secrets/generic-high-entropy-assignment";

/** Human-chosen passwords are short and less random than generated tokens. */
function isPasswordName(name: string): boolean {
  const words = snakeCase(name).toLowerCase();
  return /passw|passphrase|pwd|contrase|(?:^|[^a-z])(?:db|user|admin|root|key|ftp|smtp|mail|sql|database)?pass(?:[^a-z]|$)/.test(
    words,
  );
}
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_ENTROPY = 3.0;
export const TOKEN_MIN_LENGTH = 16;
export const TOKEN_MIN_ENTROPY = 3.5;

/**
 * Right-hand sides that are code or names, not literals. An unquoted value that opens with a
 * bracket (a YAML flow collection, a tuple), is a call (`getSecret()`) or indexes (`a[0].b`) is
 * an expression, unless its brackets close out of order, which no collection or call does
 * (`{{h}o)p${e]…`: a password); elsewhere brackets are characters of a password (`m{h}o)p[e`),
 * and template holes are caught by the reference allowlist. Unquoted values in code files never
 * get here.
 */
function looksLikeExpressionOrName(value: string, quoted: boolean): boolean {
  return (
    (!quoted && /^[([{]|^[A-Za-z_$][\w$.]*\(.*\)$|\][.[]/.test(value) && !closesOutOfOrder(value)) || // flow collections, calls, indexing
    /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value) || // config.db.password
    /^(?:\/|\.\/|\.\.\/|~\/|[A-Za-z]:\\)/.test(value) || // file paths
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || // URLs: the connection-string rules own these
    /^\d+(?:\.\d+)?$/.test(value) || // numbers
    /^(?:true|false|yes|no|on|off|null|nil|none)$/i.test(value)
  );
}

/** The decision of the generic rule, exported for the README's table and tests. */
export function isGenericSecret(candidate: SecretCandidate, model: SecretsModel): boolean {
  if (model.testPath) return false;
  const value = candidate.value;
  if (looksLikeExpressionOrName(value, candidate.quoted === true)) return false;
  if (isPasswordName(candidate.keyName ?? "")) {
    return (
      value.length >= PASSWORD_MIN_LENGTH &&
      candidate.entropy >= PASSWORD_MIN_ENTROPY &&
      !/^[A-Za-z]+$/.test(value)
    );
  }
  if (/^[A-Za-z]+$/.test(value) && value.length < 32) return false; // words: `secret: notRequired`
  // Identifiers made of words: `user-profile-avatar`, `SESSION_COOKIE_NAME`, `auth.token.label`.
  if (/^[A-Za-z]+(?:[-_.:/][A-Za-z]+)+$/.test(value)) return false;
  return value.length >= TOKEN_MIN_LENGTH && candidate.entropy >= TOKEN_MIN_ENTROPY;
}

export const genericHighEntropyAssignment = defineFileRule<SecretsModel>({
  id: RULE_ID,
  analyzer: "secrets",
  title: "High-entropy value assigned to a secret-looking name",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [798],
  controls: ["SEC-HC-01"],
  docs: {
    summary:
      "Finds a literal, random-looking value assigned to a name such as `password`, `secret`, `token`, " +
      "`api_key` or `client_secret` in code, YAML, JSON, `.env`, properties, TOML or a shell `export`, " +
      `when no provider-specific rule claimed it. Passwords need ${PASSWORD_MIN_LENGTH}+ characters and ` +
      `${PASSWORD_MIN_ENTROPY} bits of Shannon entropy per character; other names ${TOKEN_MIN_LENGTH}+ and ` +
      `${TOKEN_MIN_ENTROPY}. Test paths, minified files and lockfiles are not checked.`,
    whyItMatters:
      "A credential in source is readable by everyone with access to the repository, its forks and its " +
      "history, and it cannot be rotated without a commit. Generic names catch the long tail of services " +
      "that no provider rule knows.",
    remediation:
      "Rotate the credential, then read it at run time from the environment or a secret store. Values that " +
      `are references (\`\${DB_PASSWORD}\`, \`{{ .Values.password }}\`, \`process.env.X\`, \`os.environ[...]\`), ` +
      "placeholders (`changeme`, `<token>`, `xxxx`), hashes and UUIDs are not reported.",
    example: `DATABASE_PASSWORD="\${DATABASE_PASSWORD}"`,
    references: ["https://cwe.mitre.org/data/definitions/798.html"],
  },
  check(ctx) {
    for (const candidate of reportableCandidates(ctx.model, RULE_ID)) {
      if (!isGenericSecret(candidate, ctx.model)) continue;
      ctx.report(
        secretReport(
          secretMessage(`Secret-looking value assigned to "${candidate.keyName}":`, candidate, false),
          candidate,
        ),
      );
    }
  },
});
