import { judge, settingRule } from "../checks.ts";

export const azureDatabaseSslNotEnforced = settingRule(
  {
    id: "terraform/azure-database-ssl-not-enforced",
    analyzer: "terraform",
    title: "Azure PostgreSQL/MySQL server does not enforce SSL",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `azurerm_postgresql_server`, `azurerm_mysql_server` or `azurerm_mariadb_server` sets `ssl_enforcement_enabled = false`.",
      whyItMatters:
        "Clients may connect without encryption, exposing credentials and query results on the network.",
      remediation: "Set `ssl_enforcement_enabled = true`.",
      example: 'resource "azurerm_postgresql_server" "db" {\n  ssl_enforcement_enabled = true\n}',
      references: [
        "https://learn.microsoft.com/azure/postgresql/single-server/concepts-ssl-connection-security",
      ],
    },
  },
  {
    types: ["azurerm_postgresql_server", "azurerm_mysql_server", "azurerm_mariadb_server"],
    attribute: "ssl_enforcement_enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "does not enforce SSL",
    fixValue: "true",
  },
);
