import { judge, setting, settingRule } from "../checks.ts";

// Engines that connect to a database over a TLS-capable wire protocol.
const DATABASE_ENGINES = new Set([
  "aurora",
  "aurora-postgresql",
  "mariadb",
  "mysql",
  "oracle",
  "postgres",
  "sqlserver",
  "sybase",
  "db2",
  "mongodb",
  "docdb",
  "redshift",
]);

export const dmsEndpointWithoutSsl = settingRule(
  {
    id: "terraform/dms-endpoint-without-ssl",
    analyzer: "terraform",
    title: "DMS database endpoint without SSL",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An `aws_dms_endpoint` for a database engine leaves `ssl_mode` at `none` (the default).",
      whyItMatters:
        "The replication reads or writes every row of the database over an unencrypted connection.",
      remediation:
        'Set `ssl_mode = "require"` (or `verify-ca`/`verify-full` with a certificate). Endpoints of non-database engines (S3, Kinesis, …) are not flagged.',
      example:
        'resource "aws_dms_endpoint" "source" {\n  engine_name = "postgres"\n  ssl_mode    = "verify-full"\n}',
    },
  },
  {
    types: ["aws_dms_endpoint"],
    attribute: "ssl_mode",
    judge: judge.noneOf("none"),
    whenMissing: "unsafe",
    problem: "connects to the database without SSL",
    exempt: (model, resource) => {
      const engine = setting(model, resource, "engine_name");
      return !(
        engine.state === "known" &&
        typeof engine.value === "string" &&
        DATABASE_ENGINES.has(engine.value)
      );
    },
  },
);
