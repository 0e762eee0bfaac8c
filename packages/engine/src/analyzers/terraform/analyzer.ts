// Terraform (HCL2) analyzer: parser.ts reads each `.tf` file into a typed model of blocks and
// attribute expressions; per-file rules read that model, and project rules join resources that
// reference each other across files of one module (an S3 bucket and its encryption resource).
import { defineAnalyzer } from "../../analyzer.ts";
import type { FileRule } from "../../rule.ts";
import { hasResourceOf, reportedResourceTypes, resourceTypesOf } from "./checks.ts";
import { parseTerraform, type TerraformModel } from "./model.ts";
import { terraformProjectRules, terraformRules } from "./rules/index.ts";
import { summarize, type TerraformSummary } from "./summary.ts";

// Most rules are plain setting rules that read resources of a few types: with 400 rules over three
// clouds, a file of AWS resources need not call the Azure and Google Cloud ones. Rules that read
// anything else (data sources, joins, replaced checks) always run.
const typedRules = terraformRules.map((rule) => ({ rule, types: reportedResourceTypes(rule) }));

// The rules depend only on which resource types a file declares, and a repository's files repeat a
// few combinations: filtering 400 rules for every file cost more than some analyzers' whole run.
const rulesByTypes = new Map<string, readonly FileRule<TerraformModel>[]>();
const MAX_CACHED_COMBINATIONS = 512;

function rulesFor(model: TerraformModel): readonly FileRule<TerraformModel>[] {
  const key = [...resourceTypesOf(model)].sort().join("\n");
  let rules = rulesByTypes.get(key);
  if (rules === undefined) {
    rules = typedRules
      .filter(({ types }) => types === undefined || hasResourceOf(model, types))
      .map(({ rule }) => rule);
    if (rulesByTypes.size >= MAX_CACHED_COMBINATIONS) rulesByTypes.clear(); // bounded on odd repositories
    rulesByTypes.set(key, rules);
  }
  return rules;
}

export const terraformAnalyzer = defineAnalyzer<TerraformModel, TerraformSummary>({
  id: "terraform",
  title: "Terraform",
  description:
    "Parses Terraform HCL2 (`.tf`) into resources, data sources, variables, locals and " +
    "nested (including `dynamic`) blocks, evaluates literal values, variable defaults and locals, and " +
    "checks AWS, Azure and Google Cloud resources for encryption, exposure, identity, key management, " +
    "logging and backup hazards; bucket and security-group companions are joined across files.",
  accepts: ["terraform"],
  parse: parseTerraform,
  rules: terraformRules,
  rulesFor,
  project: { summarize, rules: terraformProjectRules },
});
