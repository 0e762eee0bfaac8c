import { judge, settingRule } from "../checks.ts";

export const azureDatabasePublicNetworkAccess = settingRule(
  {
    id: "terraform/azure-database-public-network-access",
    analyzer: "terraform",
    title: "Azure PostgreSQL/MySQL/MariaDB server reachable over the public network",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary:
        "An `azurerm_postgresql_server`, `azurerm_mysql_server` or `azurerm_mariadb_server` leaves `public_network_access_enabled` unset (default true) or true.",
      whyItMatters:
        "The server accepts connections over its public endpoint from whatever its firewall rules admit.",
      remediation: "Set `public_network_access_enabled = false` and use a private endpoint.",
      example: 'resource "azurerm_postgresql_server" "db" {\n  public_network_access_enabled = false\n}',
      references: [
        "https://learn.microsoft.com/azure/postgresql/single-server/concepts-data-access-and-security-private-link",
      ],
    },
  },
  {
    types: ["azurerm_postgresql_server", "azurerm_mysql_server", "azurerm_mariadb_server"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "is reachable over the public network",
  },
);
