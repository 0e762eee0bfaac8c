import { defineFileRule } from "../../../rule.ts";
import { coversAllTraffic, openIngressRules } from "../checks.ts";
import { type CfnModel, keySpan, resourcesOfType } from "../model.ts";

export const unrestrictedIngress = defineFileRule<CfnModel>({
  id: "cloudformation/unrestricted-ingress",
  analyzer: "cloudformation",
  title: "Security group admits all traffic from the internet",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02", "IAC-NET-01"],
  docs: {
    summary:
      "A security group ingress rule admits every protocol (`IpProtocol: -1`) or every port (0–65535) from `0.0.0.0/0` or `::/0`.",
    whyItMatters:
      "Every service on the instance, including ones nobody meant to expose, is reachable from the internet.",
    remediation: "List the ports the service needs (usually 443) and restrict the source where possible.",
    example:
      "SecurityGroupIngress:\n  - IpProtocol: tcp\n    FromPort: 443\n    ToPort: 443\n    CidrIp: 0.0.0.0/0",
    references: ["https://docs.aws.amazon.com/vpc/latest/userguide/security-group-rules.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(
      ctx.model,
      "AWS::EC2::SecurityGroup",
      "AWS::EC2::SecurityGroupIngress",
    )) {
      for (const rule of openIngressRules(ctx.model, resource)) {
        if (!coversAllTraffic(rule)) continue;
        ctx.report({
          message: `${resource.logicalId}: all ports and protocols open to the internet`,
          at: keySpan(rule.sourceEntry),
        });
      }
    }
  },
});
