import type { FileRule } from "../../../rule.ts";
import { addressOf, headerOf, resources } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { ruleBlocks } from "../network.ts";

export const defaultSecurityGroupAllowsTraffic: FileRule<TerraformModel> = {
  id: "terraform/default-security-group-allows-traffic",
  analyzer: "terraform",
  title: "Default security group allows traffic",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "An `aws_default_security_group` declares `ingress` or `egress` rules, as blocks or as the attribute form `ingress = [{ … }]`.",
    whyItMatters:
      "Resources launched without an explicit security group land in the default group; rules on it open " +
      "them silently. CIS AWS 5.4 requires the default group to deny all traffic.",
    remediation:
      "Manage the default group with no `ingress`/`egress` blocks (which removes all its rules) and attach " +
      "purpose-built groups to resources.",
    example: 'resource "aws_default_security_group" "default" {\n  vpc_id = aws_vpc.main.id\n}',
    references: ["https://docs.aws.amazon.com/vpc/latest/userguide/default-security-group.html"],
  },
  check(ctx) {
    for (const group of resources(ctx.model, "aws_default_security_group")) {
      // A dynamic block declares rules (whatever their content); a rule list in a variable is unknown.
      const rules = [...ruleBlocks(group, "ingress", true), ...ruleBlocks(group, "egress", true)];
      const first = rules[0];
      if (!first) continue;
      ctx.report({ message: `${addressOf(group)} allows ${first.type} traffic`, at: headerOf(first) });
    }
  },
};
