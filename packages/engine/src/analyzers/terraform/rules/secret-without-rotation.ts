import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const secretWithoutRotation: ProjectRule<TerraformSummary> = {
  id: "terraform/secret-without-rotation",
  analyzer: "terraform",
  title: "Secrets Manager secret without automatic rotation",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [262],
  controls: ["IAC-KMS-03"],
  docs: {
    summary:
      "An `aws_secretsmanager_secret` has no `aws_secretsmanager_secret_rotation` naming it anywhere in its module.",
    whyItMatters:
      "A secret that never changes stays valid for whoever copied it once: a leaked database password or API key works until someone notices.",
    remediation:
      "Add an `aws_secretsmanager_secret_rotation` with a rotation Lambda (or managed rotation) and `rotation_rules { automatically_after_days = 30 }`. A rotation whose `secret_id` is a variable counts for every secret of its module.",
    example:
      'resource "aws_secretsmanager_secret_rotation" "db" {\n  secret_id           = aws_secretsmanager_secret.db.id\n  rotation_lambda_arn = aws_lambda_function.rotate.arn\n  rotation_rules {\n    automatically_after_days = 30\n  }\n}',
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "secret-rotation")) {
      ctx.report({
        path,
        message: `aws_secretsmanager_secret.${resource.name} is never rotated automatically`,
        at: locatedAt(resource),
      });
    }
  },
};
