import { judge, settingRule } from "../checks.ts";

export const azureDatabaseOldTls = settingRule(
  {
    id: "terraform/azure-database-old-tls",
    analyzer: "terraform",
    title: "Azure PostgreSQL/MySQL server accepts TLS older than 1.2",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `azurerm_postgresql_server` or `azurerm_mysql_server` sets `ssl_minimal_tls_version_enforced` to `TLS1_0`, `TLS1_1` or `TLSEnforcementDisabled`.",
      whyItMatters: "Connections can use deprecated TLS versions with known weaknesses.",
      remediation: 'Set `ssl_minimal_tls_version_enforced = "TLS1_2"`.',
      example: 'resource "azurerm_mysql_server" "db" {\n  ssl_minimal_tls_version_enforced = "TLS1_2"\n}',
      references: ["https://learn.microsoft.com/azure/mysql/single-server/how-to-tls-configurations"],
    },
  },
  {
    types: ["azurerm_postgresql_server", "azurerm_mysql_server"],
    attribute: "ssl_minimal_tls_version_enforced",
    judge: judge.noneOf("TLS1_0", "TLS1_1", "TLSEnforcementDisabled"),
    whenMissing: "safe",
    problem: "accepts TLS older than 1.2",
    fixValue: '"TLS1_2"',
  },
);
