import type { FileRule } from "../../../rule.ts";
import { addressOf, at, headerOf, resources, setting } from "../checks.ts";
import type { Block, TerraformModel } from "../model.ts";
import { ruleBlocks } from "../network.ts";

/** Separate rule resources: each is one rule with its own description. */
const RULE_RESOURCES = [
  "aws_security_group_rule",
  "aws_vpc_security_group_ingress_rule",
  "aws_vpc_security_group_egress_rule",
];

export const securityGroupRuleWithoutDescription: FileRule<TerraformModel> = {
  id: "terraform/security-group-rule-without-description",
  analyzer: "terraform",
  title: "Security group rule without a description",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "An `ingress`/`egress` rule of an `aws_security_group` (block or `ingress = [{ … }]` attribute form), or an " +
      "`aws_security_group_rule` / `aws_vpc_security_group_*_rule`, has no `description` or an empty one.",
    whyItMatters:
      "Without a description nobody can tell later why a port is open or for whom, so stale and over-broad rules survive reviews.",
    remediation: "Give every rule a `description` naming the traffic it admits and why.",
    example:
      'resource "aws_security_group" "web" {\n  ingress {\n    description     = "HTTPS from the load balancer"\n    from_port       = 443\n    to_port         = 443\n    protocol        = "tcp"\n    security_groups = [aws_security_group.lb.id]\n  }\n}',
  },
  check(ctx) {
    const judgeRule = (owner: Block, rule: Block) => {
      const description = setting(ctx.model, rule, "description");
      if (description.state === "unknown") return;
      if (description.state === "missing" || description.value === null) {
        ctx.report({
          message: `${addressOf(owner)} has ${rule.type === "resource" ? "a rule" : `an ${rule.type} rule`} without a description`,
          at: headerOf(rule),
        });
      } else if (typeof description.value === "string" && description.value.trim() === "") {
        ctx.report({
          message: `${addressOf(owner)} has a rule with an empty description`,
          at: at(description.attribute.span),
        });
      }
    };
    for (const group of resources(ctx.model, "aws_security_group")) {
      for (const rule of [...ruleBlocks(group, "ingress"), ...ruleBlocks(group, "egress")])
        judgeRule(group, rule);
    }
    for (const rule of resources(ctx.model, ...RULE_RESOURCES)) judgeRule(rule, rule);
  },
};
