import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const vpcDefaultSecurityGroupUnrestricted: ProjectRule<TerraformSummary> = {
  id: "terraform/vpc-default-security-group-unrestricted",
  analyzer: "terraform",
  title: "VPC's default security group keeps its default rules",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "An `aws_vpc` has no `aws_default_security_group` naming it anywhere in its module, so its default group keeps " +
      "AWS's rules: all traffic between members and all egress.",
    whyItMatters:
      "Anything launched without an explicit security group lands in the default group and can talk to everything else " +
      "that did; CIS AWS asks for the default group to allow nothing.",
    remediation:
      "Add `aws_default_security_group { vpc_id = aws_vpc.<name>.id }` with no `ingress`/`egress` blocks, which " +
      "removes every rule. Rules on a managed default group are reported by `default-security-group-allows-traffic`.",
    example: 'resource "aws_default_security_group" "main" {\n  vpc_id = aws_vpc.main.id\n}',
    references: ["https://docs.aws.amazon.com/vpc/latest/userguide/default-security-group.html"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "vpc-default-security-group")) {
      ctx.report({
        path,
        message: `aws_vpc.${resource.name} leaves its default security group unrestricted`,
        at: locatedAt(resource),
      });
    }
  },
};
