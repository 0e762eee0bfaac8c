import type { Verdict } from "../checks.ts";
import { serverParameterRule } from "../checks-extra.ts";

// MySQL's `tls_version` lists the allowed versions ("TLSv1.2,TLSv1.3"); PostgreSQL's
// `ssl_min_protocol_version` names the oldest one. Either is unsafe when it lets 1.0 or 1.1 in.
const OLD = /^tlsv1(?:\.[01])?$/i;

function allowsOldTls(value: string): Verdict {
  const versions = value
    .split(",")
    .map((version) => version.trim())
    .filter((version) => version !== "");
  if (versions.length === 0) return "unknown";
  return versions.some((version) => OLD.test(version)) ? "unsafe" : "safe";
}

export const azureDatabaseParameterOldTls = serverParameterRule(
  {
    id: "terraform/azure-database-parameter-old-tls",
    analyzer: "terraform",
    title: "Azure Database flexible server parameter allows TLS older than 1.2",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `azurerm_mysql_flexible_server_configuration` sets `tls_version` to a list including `TLSv1` or `TLSv1.1`, " +
        "or an `azurerm_postgresql_flexible_server_configuration` sets `ssl_min_protocol_version` to one of them.",
      whyItMatters:
        "TLS 1.0 and 1.1 have known weaknesses and are deprecated; clients can be downgraded to them.",
      remediation:
        'Set `tls_version = "TLSv1.2,TLSv1.3"` (MySQL) or `ssl_min_protocol_version = "TLSv1.2"` (PostgreSQL).',
      example:
        'resource "azurerm_postgresql_flexible_server_configuration" "tls" {\n  name      = "ssl_min_protocol_version"\n  server_id = azurerm_postgresql_flexible_server.db.id\n  value     = "TLSv1.2"\n}',
      references: ["https://learn.microsoft.com/azure/mysql/flexible-server/concepts-networking#tls-and-ssl"],
    },
  },
  {
    types: [
      "azurerm_mysql_flexible_server_configuration",
      "azurerm_postgresql_flexible_server_configuration",
    ],
    parameters: { tls_version: allowsOldTls, ssl_min_protocol_version: allowsOldTls },
    problem: "allows TLS older than 1.2",
  },
);
