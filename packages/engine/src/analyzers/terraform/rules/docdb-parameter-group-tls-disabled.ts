import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkParameter, onOff } from "../parameters.ts";

export const docdbParameterGroupTlsDisabled: FileRule<TerraformModel> = {
  id: "terraform/docdb-parameter-group-tls-disabled",
  analyzer: "terraform",
  title: "DocumentDB parameter group turns TLS off",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary: 'An `aws_docdb_cluster_parameter_group` sets the `tls` parameter to `"disabled"`.',
    whyItMatters: "Clients then connect in clear text, sending credentials and documents across the network.",
    remediation: 'Remove the parameter (TLS is on by default) or set `value = "enabled"`.',
    example:
      'resource "aws_docdb_cluster_parameter_group" "docs" {\n  family = "docdb5.0"\n  parameter {\n    name  = "tls"\n    value = "enabled"\n  }\n}',
    references: ["https://docs.aws.amazon.com/documentdb/latest/developerguide/security.encryption.ssl.html"],
  },
  check(ctx) {
    checkParameter(ctx, {
      types: ["aws_docdb_cluster_parameter_group"],
      parameter: () => "tls",
      judge: (current) => (onOff(current) === "off" ? "unsafe" : "safe"),
      whenMissing: () => "safe",
      problem: "turns TLS off",
    });
  },
};
