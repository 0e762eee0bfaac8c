import { judge, settingRule } from "../checks.ts";

export const cosmosdbKeyBasedMetadataWrites = settingRule(
  {
    id: "terraform/cosmosdb-key-based-metadata-writes",
    analyzer: "terraform",
    title: "Cosmos DB account lets account keys change metadata",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [285],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_cosmosdb_account` leaves `access_key_metadata_writes_enabled` unset (default true) or true.",
      whyItMatters:
        "Anyone holding an account key can create and delete databases and containers and change throughput, not only read and write data.",
      remediation:
        "Set `access_key_metadata_writes_enabled = false` and manage databases and containers through Azure Resource Manager.",
      example:
        'resource "azurerm_cosmosdb_account" "main" {\n  access_key_metadata_writes_enabled = false\n}',
      references: [
        "https://learn.microsoft.com/azure/cosmos-db/audit-control-plane-logs#disable-key-based-metadata-write-access",
      ],
    },
  },
  {
    types: ["azurerm_cosmosdb_account"],
    attribute: "access_key_metadata_writes_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "lets account keys change databases and containers",
    fixValue: "false",
  },
);
