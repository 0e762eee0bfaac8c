import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { isAllow, isWildcardPrincipal, statementsOf } from "../checks.ts";
import { type CfnModel, keySpan, resourcesOfType } from "../model.ts";

export const kmsKeyPolicyWildcardPrincipal = defineFileRule<CfnModel>({
  id: "cloudformation/kms-key-policy-wildcard-principal",
  analyzer: "cloudformation",
  title: "KMS key policy allows any principal",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An `AWS::KMS::Key` policy statement with `Effect: Allow` names `Principal: "*"` and no `Condition`.',
    whyItMatters: "Any AWS principal can use (or administer) the key, and so decrypt everything it protects.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation ${} syntax, not a JS template
      "Name the account root (`arn:${AWS::Partition}:iam::${AWS::AccountId}:root`) and the roles that use the key, or add a `Condition` (`kms:CallerAccount`, `kms:ViaService`), which is not reported.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation ${} syntax, not a JS template
      "KeyPolicy:\n  Statement:\n    - Effect: Allow\n      Principal:\n        AWS: !Sub arn:${AWS::Partition}:iam::${AWS::AccountId}:root\n      Action: kms:*\n      Resource: '*'",
    references: ["https://docs.aws.amazon.com/kms/latest/developerguide/key-policies.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::KMS::Key")) {
      for (const statement of statementsOf(ctx.model, childOf(resource.properties, "KeyPolicy"))) {
        if (!isAllow(statement) || statement.hasCondition || !statement.principalEntry) continue;
        if (!isWildcardPrincipal(ctx.model, statement.principalEntry.value)) continue;
        ctx.report({
          message: `${resource.logicalId}: the key policy allows any principal`,
          at: keySpan(statement.principalEntry),
        });
      }
    }
  },
});
