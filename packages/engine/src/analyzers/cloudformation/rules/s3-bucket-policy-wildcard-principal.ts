import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { isAllow, isWildcardPrincipal, statementsOf } from "../checks.ts";
import { type CfnModel, keySpan, resourcesOfType } from "../model.ts";

export const s3BucketPolicyWildcardPrincipal = defineFileRule<CfnModel>({
  id: "cloudformation/s3-bucket-policy-wildcard-principal",
  analyzer: "cloudformation",
  title: "S3 bucket policy allows any principal",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03"],
  docs: {
    summary:
      'An `AWS::S3::BucketPolicy` statement with `Effect: Allow` names `Principal: "*"` (or `AWS: "*"`) and no `Condition`.',
    whyItMatters:
      "Anyone on the internet, signed in to any AWS account or none, gets the listed actions on the bucket.",
    remediation:
      "Name the account, role or service principal that needs access, or narrow the statement with a `Condition` (`aws:SourceVpce`, `aws:PrincipalOrgID`). `Deny` statements with a wildcard principal, such as the usual `aws:SecureTransport` guard, are fine and not reported.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation ${} syntax, not a JS template
      "Statement:\n  - Effect: Allow\n    Principal:\n      Service: cloudfront.amazonaws.com\n    Action: s3:GetObject\n    Resource: !Sub ${Bucket.Arn}/*\n    Condition:\n      StringEquals:\n        AWS:SourceArn: !Sub arn:aws:cloudfront::${AWS::AccountId}:distribution/${Distribution}",
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/example-bucket-policies.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::S3::BucketPolicy")) {
      for (const statement of statementsOf(ctx.model, childOf(resource.properties, "PolicyDocument"))) {
        if (!isAllow(statement) || statement.hasCondition || !statement.principalEntry) continue;
        if (!isWildcardPrincipal(ctx.model, statement.principalEntry.value)) continue;
        ctx.report({
          message: `${resource.logicalId}: an Allow statement grants access to any principal without a condition`,
          at: keySpan(statement.principalEntry),
        });
      }
    }
  },
});
