import { judge, settingRule } from "../checks.ts";

export const ec2NotEbsOptimized = settingRule(
  {
    id: "terraform/ec2-not-ebs-optimized",
    analyzer: "terraform",
    title: "EC2 instance not EBS-optimized",
    severity: "low",
    confidence: "low",
    lifecycle: "preview",
    controls: [],
    docs: {
      summary: "An `aws_instance` does not set `ebs_optimized = true`.",
      whyItMatters:
        "Without dedicated EBS bandwidth, volume traffic competes with the network, and an I/O-heavy or abusive workload degrades the instance's availability.",
      remediation:
        "Set `ebs_optimized = true` (instance types that are EBS-optimized by default are unaffected by it).",
      example: 'resource "aws_instance" "web" {\n  ebs_optimized = true\n}',
    },
  },
  {
    types: ["aws_instance"],
    attribute: "ebs_optimized",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "is not EBS-optimized",
    fixValue: "true",
  },
);
