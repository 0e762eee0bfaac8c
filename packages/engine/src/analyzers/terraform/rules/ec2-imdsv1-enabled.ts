import { judge, nested, setting, settingRule } from "../checks.ts";

export const ec2Imdsv1Enabled = settingRule(
  {
    id: "terraform/ec2-imdsv1-enabled",
    analyzer: "terraform",
    title: "EC2 instance metadata reachable without a session token (IMDSv1)",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [918],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        'An `aws_instance`, `aws_launch_template` or `aws_launch_configuration` does not set `metadata_options { http_tokens = "required" }`, ' +
        "so the metadata service answers plain GET requests (IMDSv1).",
      whyItMatters:
        "A server-side request forgery in any application on the host can read the instance role's " +
        "temporary credentials from 169.254.169.254 — the path of several large cloud breaches.",
      remediation:
        'Add `metadata_options { http_tokens = "required" }`. Instances with the metadata endpoint disabled ' +
        '(`http_endpoint = "disabled"`) are not flagged.',
      example:
        'resource "aws_instance" "web" {\n  metadata_options {\n    http_endpoint = "enabled"\n    http_tokens   = "required"\n  }\n}',
      references: ["https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/configuring-IMDS-new-instances.html"],
    },
  },
  {
    types: ["aws_instance", "aws_launch_template", "aws_launch_configuration"],
    path: ["metadata_options"],
    attribute: "http_tokens",
    judge: judge.oneOf("required"),
    whenMissing: "unsafe",
    problem: 'allows IMDSv1 (http_tokens is not "required")',
    fixValue: '"required"',
    exempt: (model, resource) => {
      const options = nested(resource, ["metadata_options"]);
      if (!options) return false;
      const endpoint = setting(model, options, "http_endpoint");
      return endpoint.state === "known" && endpoint.value === "disabled";
    },
  },
);
