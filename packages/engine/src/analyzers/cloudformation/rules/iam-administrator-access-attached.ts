import type { YamlNode } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, intrinsicOf, itemsOf, lookup, spanOf, stringValue, UNKNOWN } from "../model.ts";

const ADMIN = /^arn:(?:aws|aws-cn|aws-us-gov|\$\{AWS::Partition\}):iam::aws:policy\/AdministratorAccess$/;

/** The ARN as written: a literal, a parameter default, or the template of a `!Sub`. */
function arnText(model: CfnModel, node: YamlNode): string | undefined {
  const call = intrinsicOf(node);
  if (call?.name === "Fn::Sub") {
    const template = call.argument.kind === "seq" ? call.argument.items[0] : call.argument;
    return template?.kind === "scalar" ? String(template.value) : undefined;
  }
  return stringValue(model, node);
}

export const iamAdministratorAccessAttached = defineFileRule<CfnModel>({
  id: "cloudformation/iam-administrator-access-attached",
  analyzer: "cloudformation",
  title: "AdministratorAccess attached to a role, user or group",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation ${} syntax, not a JS template
      "An IAM role, user or group lists the AWS managed policy `arn:aws:iam::aws:policy/AdministratorAccess` in `ManagedPolicyArns` (literal or `!Sub` with `${AWS::Partition}`).",
    whyItMatters:
      "The identity can do anything in the account, including erasing the audit trail; one compromise is total.",
    remediation:
      "Attach a policy that lists what the identity needs. Keep administrator access for break-glass roles outside workload templates.",
    example: "ManagedPolicyArns:\n  - arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess",
    references: ["https://docs.aws.amazon.com/IAM/latest/UserGuide/access_policies_job-functions.html"],
  },
  check(ctx) {
    for (const resource of ctx.model.resources) {
      if (!["AWS::IAM::Role", "AWS::IAM::User", "AWS::IAM::Group"].includes(resource.type)) continue;
      if (resource.propertiesUnknown) continue;
      const arns = lookup(resource.properties, "ManagedPolicyArns");
      if (arns.state !== "present") continue;
      const items = itemsOf(arns.entry.value);
      if (items === UNKNOWN) continue;
      for (const item of items) {
        const arn = arnText(ctx.model, item);
        if (arn === undefined || !ADMIN.test(arn)) continue;
        ctx.report({ message: `${resource.logicalId}: AdministratorAccess is attached`, at: spanOf(item) });
      }
    }
  },
});
