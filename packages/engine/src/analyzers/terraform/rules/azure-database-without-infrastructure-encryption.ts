import { judge, settingRule } from "../checks.ts";

export const azureDatabaseWithoutInfrastructureEncryption = settingRule(
  {
    id: "terraform/azure-database-without-infrastructure-encryption",
    analyzer: "terraform",
    title: "Azure database server without infrastructure (double) encryption",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `azurerm_postgresql_server` or `azurerm_mysql_server` leaves `infrastructure_encryption_enabled` unset (default false) or false.",
      whyItMatters:
        "Data is encrypted once at the service layer; infrastructure encryption adds a second layer with a separate key, so one compromised key or algorithm does not expose the data.",
      remediation: "Set `infrastructure_encryption_enabled = true` when the server is created.",
      example: 'resource "azurerm_postgresql_server" "db" {\n  infrastructure_encryption_enabled = true\n}',
      references: [
        "https://learn.microsoft.com/azure/postgresql/single-server/concepts-infrastructure-double-encryption",
      ],
    },
  },
  {
    types: ["azurerm_postgresql_server", "azurerm_mysql_server"],
    attribute: "infrastructure_encryption_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not enable infrastructure encryption",
    fixValue: "true",
  },
);
