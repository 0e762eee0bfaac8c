import { judge, settingRule } from "../checks.ts";

export const azureSqlPublicNetworkAccess = settingRule(
  {
    id: "terraform/azure-sql-public-network-access",
    analyzer: "terraform",
    title: "Azure SQL server reachable over the public network",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary:
        "An `azurerm_mssql_server` leaves `public_network_access_enabled` unset (default true) or true.",
      whyItMatters:
        "The server's public endpoint accepts connections from any address its firewall rules admit; one broad rule exposes every database.",
      remediation: "Set `public_network_access_enabled = false` and connect through a private endpoint.",
      example: 'resource "azurerm_mssql_server" "db" {\n  public_network_access_enabled = false\n}',
      references: [
        "https://learn.microsoft.com/azure/azure-sql/database/connectivity-settings#deny-public-network-access",
      ],
    },
  },
  {
    types: ["azurerm_mssql_server"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "is reachable over the public network",
  },
);
