// Turns a catalogue entry into a rule: the metadata and docs come from the entry, and `check`
// reports the entry's candidates that no allowlist claimed. Messages carry a masked preview, the
// properties the SHA-256 of the value, never the value; the engine masks the snippet.
import { defineFileRule, type FileRule, type Report } from "../../rule.ts";
import type { SecretPattern } from "./catalogue/types.ts";
import type { SecretCandidate, SecretsModel } from "./model.ts";

export function secretMessage(what: string, candidate: SecretCandidate, testPath: boolean): string {
  const where = testPath ? " in a test path (rotate it anyway if it was ever real)" : "";
  return `${what} ${candidate.maskedValue}${where}`;
}

/** The report for one candidate: the secret's exact span (masked in snippets) and its hash as data. */
export function secretReport(message: string, candidate: SecretCandidate): Report {
  return {
    message,
    at: {
      line: candidate.line,
      column: candidate.column,
      endLine: candidate.endLine,
      endColumn: candidate.endColumn,
    },
    properties: { secretSha256: candidate.sha256, maskedSecret: candidate.maskedValue },
  };
}

export function reportableCandidates(model: SecretsModel, ruleId: string): SecretCandidate[] {
  return model.candidates.filter((candidate) => candidate.ruleId === ruleId && !candidate.allowlisted);
}

/** `secrets/github-personal-access-token` → `GITHUB_PERSONAL_ACCESS_TOKEN`. */
function variableName(id: string): string {
  return id
    .replace(/^secrets\//, "")
    .toUpperCase()
    .replace(/-/g, "_");
}

function article(word: string): string {
  return /^(?:[aeiou]|npm|http|ssh|sql|scim|x )/i.test(word) ? "an" : "a";
}

export function patternRule(entry: SecretPattern): FileRule<SecretsModel> {
  const what = `${entry.provider} ${entry.credential}`;
  return defineFileRule<SecretsModel>({
    id: entry.id,
    analyzer: "secrets",
    title: `${what} in the repository`,
    severity: entry.severity,
    confidence: entry.confidence,
    lifecycle: "preview",
    cwe: [798],
    controls: entry.controls ?? ["SEC-HC-01"],
    docs: {
      summary: `Finds ${article(what)} ${what} written into a file of the repository.${entry.note ? ` ${entry.note}` : ""}`,
      whyItMatters:
        entry.whyItMatters ??
        `Anyone who can read the repository, a fork, a CI log or an old commit can use this ${entry.credential} ` +
          `to act as its owner at ${entry.provider} until it is revoked. Deleting the line does not help: ` +
          "the value stays in git history and in every clone.",
      remediation:
        entry.remediation ??
        `Revoke or rotate the ${entry.credential} at ${entry.provider} first, then remove it from the file and ` +
          "load it at run time from a secret store or an environment variable. Placeholders such as " +
          `\`\${VAR}\`, \`<token>\` or \`your-api-key\` are not reported.`,
      example: entry.example ?? `${variableName(entry.id)}="\${${variableName(entry.id)}}"`,
      references: [entry.rotate, "https://cwe.mitre.org/data/definitions/798.html"],
    },
    check(ctx) {
      if (ctx.model.testPath && entry.reportInTestPaths === false) return;
      if (ctx.model.generated && entry.reportInGeneratedFiles === false) return;
      if (entry.publicIn?.test(ctx.model.path)) return;
      for (const candidate of reportableCandidates(ctx.model, entry.id)) {
        ctx.report(secretReport(secretMessage(what, candidate, ctx.model.testPath), candidate));
      }
    },
  });
}
