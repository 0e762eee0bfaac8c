// The secrets analyzer: every text file, a catalogue of provider credential formats behind a
// keyword prefilter, and a generic high-entropy assignment rule.
import { defineAnalyzer } from "../../analyzer.ts";
import { parseSecrets, type SecretsModel } from "./model.ts";
import { secretsRules, secretsRulesFor } from "./rules/index.ts";

export const secretsAnalyzer = defineAnalyzer<SecretsModel>({
  id: "secrets",
  title: "Hard-coded secrets",
  description:
    "Reads every text file and finds provider credentials (cloud keys, VCS and registry tokens, " +
    "payment, AI and SaaS API keys, private keys, JWTs, connection strings with passwords) by their " +
    "published formats, plus high-entropy values assigned to secret-looking names. Findings carry a " +
    "masked preview and the SHA-256 of the value, never the value. Lockfiles are skipped.",
  // Every report is a secret at its exact span: snippets keep its first characters and `…`.
  redactSnippet: true,
  accepts: ["text"],
  parse: parseSecrets,
  rules: secretsRules,
  rulesFor: secretsRulesFor,
});
