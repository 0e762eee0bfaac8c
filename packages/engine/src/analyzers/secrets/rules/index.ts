// The explicit rule list of the secrets analyzer: the provider rules are generated from the
// catalogue (data, one entry per credential), the generic rule has its own file.
import type { FileRule } from "../../../rule.ts";
import { catalogue } from "../catalogue/index.ts";
import type { SecretsModel } from "../model.ts";
import { patternRule } from "../pattern-rule.ts";
import { credentialFormatFillValue, FILL_VALUE_RULE_ID } from "./credential-format-fill-value.ts";
import { genericHighEntropyAssignment } from "./generic-high-entropy-assignment.ts";

export const secretsRules: readonly FileRule<SecretsModel>[] = [
  ...catalogue.map(patternRule),
  genericHighEntropyAssignment,
  credentialFormatFillValue,
];

const ruleById = new Map(secretsRules.map((rule) => [rule.id, rule]));

/** Only rules with a candidate no allowlist claimed can report: most files have none at all. */
export function secretsRulesFor(model: SecretsModel): FileRule<SecretsModel>[] {
  const ids = new Set<string>();
  for (const candidate of model.candidates) {
    if (!candidate.allowlisted) ids.add(candidate.ruleId);
    else if (candidate.fillValue) ids.add(FILL_VALUE_RULE_ID);
  }
  return [...ids].flatMap((id) => ruleById.get(id) ?? []);
}
