import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkOpenPorts } from "../network.ts";

const DATABASE_PORTS: Record<number, string> = {
  1433: "SQL Server",
  1521: "Oracle",
  3306: "MySQL",
  5432: "PostgreSQL",
  5984: "CouchDB",
  6379: "Redis",
  7000: "Cassandra",
  9042: "Cassandra",
  9200: "Elasticsearch",
  11211: "Memcached",
  27017: "MongoDB",
};

export const databasePortOpenToInternet: FileRule<TerraformModel> = {
  id: "terraform/database-port-open-to-internet",
  analyzer: "terraform",
  title: "Database port open to the internet",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-04", "IAC-NET-02"],
  docs: {
    summary:
      "A network rule admits a well-known database or cache port (MySQL 3306, PostgreSQL 5432, SQL Server " +
      "1433, Oracle 1521, MongoDB 27017, Redis 6379, Elasticsearch 9200, Memcached 11211, …) from the internet.",
    whyItMatters:
      "Exposed databases are found by mass scanners and ransomed or dumped; many caches have no " +
      "authentication at all by default.",
    remediation:
      "Admit database ports only from the application's security group or private ranges. Rules that open " +
      "every port are reported once, by `terraform/all-ports-open-to-internet`.",
    example:
      'resource "aws_vpc_security_group_ingress_rule" "db" {\n  from_port                    = 5432\n  to_port                      = 5432\n  ip_protocol                  = "tcp"\n  referenced_security_group_id = aws_security_group.app.id\n}',
    references: ["https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Overview.RDSSecurityGroups.html"],
  },
  check(ctx) {
    const ports = Object.keys(DATABASE_PORTS).map(Number);
    checkOpenPorts(ctx, ports, (port) => `${DATABASE_PORTS[port]} port ${port}`);
  },
};
