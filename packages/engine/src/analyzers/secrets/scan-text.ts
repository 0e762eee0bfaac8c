// A pure entry point for callers outside a directory scan (a `--history` scanner feeding blobs,
// an editor): text in, masked findings out, with the same rules and allowlists as a scan.
import { SourceFile } from "../../source.ts";
import { parseSecrets } from "./model.ts";
import { secretsRulesFor } from "./rules/index.ts";

export interface SecretMatch {
  ruleId: string;
  severity: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Masked; safe to print and store. */
  message: string;
  /** SHA-256 (hex) of the secret: the same value found in two blobs has the same hash. */
  sha256: string;
  /** The first characters and the length (`ghp_…(40 chars)`). */
  maskedSecret: string;
}

/** Runs every secrets rule on one text; never throws, never returns a raw secret. */
export function scanText(path: string, text: string): SecretMatch[] {
  const file = new SourceFile(path, text);
  const result = parseSecrets(file);
  if (!result.ok) return [];
  const matches: SecretMatch[] = [];
  for (const rule of secretsRulesFor(result.model)) {
    try {
      rule.check({
        model: result.model,
        file,
        report: (report) =>
          matches.push({
            ruleId: rule.id,
            severity: rule.severity,
            line: report.at.line,
            column: report.at.column,
            endLine: report.at.endLine ?? report.at.line,
            endColumn: report.at.endColumn ?? report.at.column,
            message: report.message,
            sha256: String(report.properties?.secretSha256 ?? ""),
            maskedSecret: String(report.properties?.maskedSecret ?? ""),
          }),
      });
    } catch {
      // a rule that throws reports nothing; the scan path records it as a partial run
    }
  }
  return matches.sort((a, b) => a.line - b.line || a.column - b.column);
}
