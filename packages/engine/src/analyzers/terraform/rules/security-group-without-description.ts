import { settingRule } from "../checks.ts";

export const securityGroupWithoutDescription = settingRule(
  {
    id: "terraform/security-group-without-description",
    analyzer: "terraform",
    title: "Security group without a description",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: [],
    docs: {
      summary:
        'An `aws_security_group` has no `description` (Terraform then writes "Managed by Terraform") or an empty one.',
      whyItMatters:
        "Reviewers and responders cannot tell what a group is for, so over-broad groups survive audits and stay attached after their purpose is gone.",
      remediation: "Set `description` to what the group admits and why.",
      example:
        'resource "aws_security_group" "web" {\n  description = "HTTPS from the load balancer to the web tier"\n}',
    },
  },
  {
    types: ["aws_security_group"],
    attribute: "description",
    judge: (value) =>
      typeof value !== "string"
        ? "unknown"
        : value.trim() === "" || value === "Managed by Terraform"
          ? "unsafe"
          : "safe",
    whenMissing: "unsafe",
    problem: "has no description",
  },
);
