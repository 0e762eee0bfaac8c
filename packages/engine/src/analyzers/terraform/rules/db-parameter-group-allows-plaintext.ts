import type { FileRule } from "../../../rule.ts";
import { setting } from "../checks.ts";
import type { Block, TerraformModel } from "../model.ts";
import { checkParameter, onOff } from "../parameters.ts";

/** The family's engine and version, e.g. `postgres14` → postgres 14, `aurora-mysql8.0` → aurora-mysql 8. */
function familyOf(model: TerraformModel, group: Block): { engine: string; major: number } | undefined {
  const family = setting(model, group, "family");
  if (family.state !== "known" || typeof family.value !== "string") return undefined;
  const match = /^([a-z-]+?)(?:-ee|-se2?|-ex|-web)?(\d+)/.exec(family.value.toLowerCase());
  if (!match) return undefined;
  return { engine: match[1]!, major: Number(match[2]) };
}

/**
 * Which parameter forces TLS for each engine, and whether it is off by default. RDS for PostgreSQL
 * turns `rds.force_ssl` on from version 15; MySQL, MariaDB and SQL Server leave it off. Aurora's
 * defaults differ by version, so a missing parameter there is not judged.
 */
const ENGINES: Record<string, { parameter: string; offByDefault: (major: number) => boolean }> = {
  postgres: { parameter: "rds.force_ssl", offByDefault: (major) => major < 15 },
  "aurora-postgresql": { parameter: "rds.force_ssl", offByDefault: () => false },
  mysql: { parameter: "require_secure_transport", offByDefault: () => true },
  mariadb: { parameter: "require_secure_transport", offByDefault: () => true },
  "aurora-mysql": { parameter: "require_secure_transport", offByDefault: () => false },
  sqlserver: { parameter: "rds.force_ssl", offByDefault: () => true },
};

export const dbParameterGroupAllowsPlaintext: FileRule<TerraformModel> = {
  id: "terraform/db-parameter-group-allows-plaintext",
  analyzer: "terraform",
  title: "RDS parameter group does not require TLS",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "An `aws_db_parameter_group` or `aws_rds_cluster_parameter_group` turns `rds.force_ssl` (PostgreSQL, SQL " +
      "Server) or `require_secure_transport` (MySQL, MariaDB) off, or leaves it at an engine default that is off.",
    whyItMatters:
      "Clients may then connect without TLS and send credentials and query results in clear text across the network.",
    remediation:
      'Add `parameter { name = "rds.force_ssl", value = "1" }` (PostgreSQL, SQL Server) or ' +
      '`parameter { name = "require_secure_transport", value = "ON" }` (MySQL, MariaDB). PostgreSQL 15 and later ' +
      "require TLS by default; Aurora groups are judged only on an explicit value.",
    example:
      'resource "aws_db_parameter_group" "postgres" {\n  family = "postgres14"\n  parameter {\n    name  = "rds.force_ssl"\n    value = "1"\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/PostgreSQL.Concepts.General.SSL.html",
      "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/mysql-ssl-connections.html",
    ],
  },
  check(ctx) {
    checkParameter(ctx, {
      types: ["aws_db_parameter_group", "aws_rds_cluster_parameter_group"],
      parameter: (model, group) => {
        const family = familyOf(model, group);
        return family ? ENGINES[family.engine]?.parameter : undefined;
      },
      judge: (current) => (onOff(current) === "off" ? "unsafe" : "safe"),
      whenMissing: (model, group) => {
        const family = familyOf(model, group);
        const engine = family ? ENGINES[family.engine] : undefined;
        return family && engine?.offByDefault(family.major) ? "unsafe" : "safe";
      },
      problem: "does not require TLS connections",
    });
  },
};
