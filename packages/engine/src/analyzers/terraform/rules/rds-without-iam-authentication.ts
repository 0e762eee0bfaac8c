import { judge, setting, settingRule } from "../checks.ts";

const IAM_AUTH_ENGINES = /^(?:mysql|postgres|mariadb|aurora|aurora-mysql|aurora-postgresql)$/;

export const rdsWithoutIamAuthentication = settingRule(
  {
    id: "terraform/rds-without-iam-authentication",
    analyzer: "terraform",
    title: "RDS database without IAM authentication",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A MySQL, MariaDB or PostgreSQL `aws_db_instance`/`aws_rds_cluster` leaves " +
        "`iam_database_authentication_enabled` unset or false, so only static database passwords work. A " +
        "cluster without `engine` is Aurora MySQL, the provider's default.",
      whyItMatters:
        "Long-lived database passwords end up in configuration and are rarely rotated; IAM tokens are " +
        "short-lived and tied to an identity that can be revoked.",
      remediation:
        "Set `iam_database_authentication_enabled = true` and grant `rds-db:connect` to the roles that need " +
        "it. Engines that do not support IAM authentication (Oracle, SQL Server) are not flagged.",
      example:
        'resource "aws_db_instance" "main" {\n  engine                              = "postgres"\n  iam_database_authentication_enabled = true\n}',
      references: ["https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/UsingWithRDS.IAMDBAuth.html"],
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "iam_database_authentication_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "accepts only database passwords (IAM authentication is off)",
    fixValue: "true",
    exempt: (model, resource) => {
      if (resource.attributes.has("replicate_source_db")) return true;
      const engine = setting(model, resource, "engine");
      // A cluster without `engine` is Aurora MySQL (the provider's default before `engine` became required).
      if (engine.state === "missing") return resource.labels[0] !== "aws_rds_cluster";
      return !(
        engine.state === "known" &&
        typeof engine.value === "string" &&
        IAM_AUTH_ENGINES.test(engine.value)
      );
    },
  },
);
