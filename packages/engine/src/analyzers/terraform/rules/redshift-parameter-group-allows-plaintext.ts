import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkParameter, onOff } from "../parameters.ts";

export const redshiftParameterGroupAllowsPlaintext: FileRule<TerraformModel> = {
  id: "terraform/redshift-parameter-group-allows-plaintext",
  analyzer: "terraform",
  title: "Redshift parameter group does not require TLS",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary: "An `aws_redshift_parameter_group` does not set `require_ssl` to `true` (the default is false).",
    whyItMatters:
      "SQL clients may then connect without TLS and send credentials and query results in clear text.",
    remediation: 'Add `parameter { name = "require_ssl", value = "true" }`.',
    example:
      'resource "aws_redshift_parameter_group" "warehouse" {\n  family = "redshift-1.0"\n  parameter {\n    name  = "require_ssl"\n    value = "true"\n  }\n}',
    references: ["https://docs.aws.amazon.com/redshift/latest/mgmt/connecting-ssl-support.html"],
  },
  check(ctx) {
    checkParameter(ctx, {
      types: ["aws_redshift_parameter_group"],
      parameter: () => "require_ssl",
      judge: (current) => (onOff(current) === "off" ? "unsafe" : "safe"),
      whenMissing: () => "unsafe",
      problem: "does not require TLS connections",
    });
  },
};
