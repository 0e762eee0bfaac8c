import { defineFileRule } from "../../../rule.ts";
import { admitsPort, coversAllTraffic, openIngressRules } from "../checks.ts";
import { type CfnModel, keySpan, resourcesOfType } from "../model.ts";

const ADMIN_PORTS: [number, string][] = [
  [22, "SSH"],
  [3389, "RDP"],
];

export const adminPortOpenToInternet = defineFileRule<CfnModel>({
  id: "cloudformation/admin-port-open-to-internet",
  analyzer: "cloudformation",
  title: "Security group opens SSH or RDP to the internet",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-01"],
  docs: {
    summary:
      "A security group ingress rule (inline `SecurityGroupIngress` or an `AWS::EC2::SecurityGroupIngress`) admits TCP 22 or 3389 from `0.0.0.0/0` or `::/0`.",
    whyItMatters:
      "Remote administration ports open to everyone are scanned within minutes and brute-forced or exploited.",
    remediation:
      "Restrict the source to a known CIDR or security group, or remove the rule and use SSM Session Manager. Rules that open every port are reported by `cloudformation/unrestricted-ingress` instead.",
    example:
      "SecurityGroupIngress:\n  - IpProtocol: tcp\n    FromPort: 22\n    ToPort: 22\n    CidrIp: 10.0.0.0/16",
    references: ["https://docs.aws.amazon.com/systems-manager/latest/userguide/session-manager.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(
      ctx.model,
      "AWS::EC2::SecurityGroup",
      "AWS::EC2::SecurityGroupIngress",
    )) {
      for (const rule of openIngressRules(ctx.model, resource)) {
        if (coversAllTraffic(rule)) continue;
        const opened = ADMIN_PORTS.filter(([port]) => admitsPort(rule, port)).map(
          ([port, name]) => `${name} (${port})`,
        );
        if (opened.length === 0) continue;
        ctx.report({
          message: `${resource.logicalId}: ${opened.join(" and ")} open to the internet`,
          at: keySpan(rule.sourceEntry),
        });
      }
    }
  },
});
