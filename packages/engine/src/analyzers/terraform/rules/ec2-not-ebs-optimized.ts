import { judge, setting, settingRule } from "../checks.ts";

/**
 * The only instance sizes where EBS optimization is an option that is off by default: previous-generation
 * types. Current-generation types are EBS-optimized by default (and cannot be switched off), and the
 * rest (t1, t2, the small sizes below) do not support it, so asking them for it is a false alarm.
 */
const OPTIONAL_EBS_OPTIMIZATION = new Set([
  "c1.xlarge",
  "c3.xlarge",
  "c3.2xlarge",
  "c3.4xlarge",
  "g2.2xlarge",
  "i2.xlarge",
  "i2.2xlarge",
  "i2.4xlarge",
  "m1.large",
  "m1.xlarge",
  "m2.2xlarge",
  "m2.4xlarge",
  "m3.xlarge",
  "m3.2xlarge",
  "r3.xlarge",
  "r3.2xlarge",
  "r3.4xlarge",
]);

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
      summary:
        "An `aws_instance` of a previous-generation type where EBS optimization is optional (`m3.xlarge`, " +
        "`c3.2xlarge`, …) does not set `ebs_optimized = true`.",
      whyItMatters:
        "Without dedicated EBS bandwidth, volume traffic competes with the network, and an I/O-heavy or abusive workload degrades the instance's availability.",
      remediation:
        "Set `ebs_optimized = true`. Current-generation types are EBS-optimized by default, and `t2` and the " +
        "small previous-generation sizes cannot be: neither is flagged, nor is a type the scan cannot read.",
      example: 'resource "aws_instance" "web" {\n  instance_type = "m3.xlarge"\n  ebs_optimized = true\n}',
    },
  },
  {
    types: ["aws_instance"],
    attribute: "ebs_optimized",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "is not EBS-optimized",
    fixValue: "true",
    exempt: (model, resource) => {
      const type = setting(model, resource, "instance_type");
      return !(
        type.state === "known" &&
        typeof type.value === "string" &&
        OPTIONAL_EBS_OPTIMIZATION.has(type.value)
      );
    },
  },
);
