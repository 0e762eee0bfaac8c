import { judge, settingRule } from "../checks.ts";

export const cosmosdbLocalAuthEnabled = settingRule(
  {
    id: "terraform/cosmosdb-local-auth-enabled",
    analyzer: "terraform",
    title: "Cosmos DB account accepts key-based authentication",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_cosmosdb_account` leaves `local_authentication_disabled` unset (default false) or false, so the account's primary and secondary keys work.",
      whyItMatters:
        "Account keys give full data access, never expire and are not tied to an identity; a leaked connection string is a full compromise.",
      remediation:
        "Set `local_authentication_disabled = true` and grant Cosmos DB data-plane roles to Entra ID identities.",
      example: 'resource "azurerm_cosmosdb_account" "main" {\n  local_authentication_disabled = true\n}',
      references: ["https://learn.microsoft.com/azure/cosmos-db/how-to-setup-rbac#disable-local-auth"],
    },
  },
  {
    types: ["azurerm_cosmosdb_account"],
    attribute: "local_authentication_disabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "accepts account-key authentication",
    fixValue: "true",
  },
);
