import { judge, settingRule } from "../checks.ts";

export const azureSqlOldTls = settingRule(
  {
    id: "terraform/azure-sql-old-tls",
    analyzer: "terraform",
    title: "Azure SQL server accepts TLS older than 1.2",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An `azurerm_mssql_server` sets `minimum_tls_version` to `1.0`, `1.1` or `Disabled`.",
      whyItMatters:
        "Connections can be negotiated down to deprecated TLS versions, exposing credentials and data on the wire.",
      remediation: 'Set `minimum_tls_version = "1.2"` (the provider default).',
      example: 'resource "azurerm_mssql_server" "db" {\n  minimum_tls_version = "1.2"\n}',
      references: [
        "https://learn.microsoft.com/azure/azure-sql/database/connectivity-settings#minimal-tls-version",
      ],
    },
  },
  {
    types: ["azurerm_mssql_server"],
    attribute: "minimum_tls_version",
    judge: judge.noneOf("1.0", "1.1", "Disabled"),
    whenMissing: "safe",
    problem: "accepts TLS older than 1.2",
    fixValue: '"1.2"',
  },
);
