// Provider credential formats holding a fill value (`AKIAZZZZZZZZZZZZZZZZ`, `SKxxxx…`, a key of
// `abcd1234` repeated): reported at low severity, so a reviewer sees them without a gate failing.
import { defineFileRule } from "../../../rule.ts";
import { catalogue } from "../catalogue/index.ts";
import type { SecretsModel } from "../model.ts";
import { secretReport } from "../pattern-rule.ts";

export const FILL_VALUE_RULE_ID = "secrets/credential-format-fill-value";

const credentialByRule = new Map(
  catalogue.map((entry) => [entry.id, `${entry.provider} ${entry.credential}`]),
);

export const credentialFormatFillValue = defineFileRule<SecretsModel>({
  id: FILL_VALUE_RULE_ID,
  analyzer: "secrets",
  title: "Provider credential format holding a fill value",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [798],
  controls: ["SEC-HC-01"],
  docs: {
    summary:
      "Finds a value that has a provider credential's exact format (its prefix, length and alphabet, or " +
      "the provider's name right before it) but whose random part is a fill value: a mask (`xxxx`, `****`), " +
      "one or two repeated characters, a repeated unit (`abcd1234abcd1234…`), an alphabet or keyboard run, " +
      "or less entropy than the format's floor. The provider's own rule does not report it; this rule does, " +
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${VAR}` reference shown to the user
      "at low severity, and not in test paths. Values that say they are placeholders (`your-key`, `changeme`, `${VAR}`, `<token>`) " +
      "and the providers' documented example keys are not reported at all.",
    whyItMatters:
      "Almost always a placeholder, but not provably: a fill value in a real format can be a truncated or " +
      "hand-edited copy of a real credential, or a template that someone will fill in place and commit. Only " +
      "the documented examples (AWS' `AKIAIOSFODNN7EXAMPLE`, the Azurite key) are known to be harmless; the " +
      "rest deserve a glance. Low severity keeps them out of `--fail-on med` and above.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${VAR}` reference shown to the user
      "Confirm the value is a placeholder, then say so in it: a reference (`${AWS_ACCESS_KEY_ID}`, " +
      "`<access-key-id>`) is never reported. If it was ever a real credential, rotate it.",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${VAR}` reference shown to the user
    example: 'aws_access_key_id = "${AWS_ACCESS_KEY_ID}"',
    references: ["https://cwe.mitre.org/data/definitions/798.html"],
  },
  check(ctx) {
    // Test code is where fake keys in real formats belong; there a fill value is certainly one.
    if (ctx.model.testPath) return;
    for (const candidate of ctx.model.candidates) {
      if (!candidate.fillValue) continue;
      const what = credentialByRule.get(candidate.ruleId) ?? "credential";
      ctx.report(
        secretReport(
          `${what} format holding a fill value (${candidate.fillValue}): ${candidate.maskedValue}; confirm it is a placeholder`,
          candidate,
        ),
      );
    }
  },
});
