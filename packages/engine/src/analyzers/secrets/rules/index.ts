// The explicit rule list of the secrets analyzer: the provider rules are generated from the
// catalogue (data, one entry per credential), the generic rule has its own file.
import type { FileRule } from "../../../rule.ts";
import { catalogue } from "../catalogue/index.ts";
import type { SecretsModel } from "../model.ts";
import { patternRule } from "../pattern-rule.ts";
import { genericHighEntropyAssignment } from "./generic-high-entropy-assignment.ts";

export const secretsRules: readonly FileRule<SecretsModel>[] = [
  ...catalogue.map(patternRule),
  genericHighEntropyAssignment,
];
