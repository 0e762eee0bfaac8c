import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const redshiftWithoutAuditLogging: ProjectRule<TerraformSummary> = {
  id: "terraform/redshift-without-audit-logging",
  analyzer: "terraform",
  title: "Redshift cluster without audit logging",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `aws_redshift_cluster` has neither an `aws_redshift_logging` naming it in its module nor an enabled inline `logging` block.",
    whyItMatters:
      "Redshift's audit logs record connections, users and queries; without them, who read which data cannot be told.",
    remediation:
      "Add an `aws_redshift_logging` with `cluster_identifier = aws_redshift_cluster.<name>.id` and a `log_destination_type` of `s3` or `cloudwatch`.",
    example:
      'resource "aws_redshift_logging" "warehouse" {\n  cluster_identifier   = aws_redshift_cluster.warehouse.id\n  log_destination_type = "cloudwatch"\n  log_exports          = ["connectionlog", "userlog", "useractivitylog"]\n}',
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "redshift-logging")) {
      ctx.report({
        path,
        message: `aws_redshift_cluster.${resource.name} does not record audit logs`,
        at: locatedAt(resource),
      });
    }
  },
};
