import { judge, settingRule } from "../checks.ts";

export const azureStorageOldTls = settingRule(
  {
    id: "terraform/azure-storage-old-tls",
    analyzer: "terraform",
    title: "Azure storage account accepts TLS older than 1.2",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An `azurerm_storage_account` sets `min_tls_version` to `TLS1_0` or `TLS1_1`.",
      whyItMatters:
        "TLS 1.0 and 1.1 have known weaknesses and are deprecated; clients can be downgraded to them.",
      remediation: 'Set `min_tls_version = "TLS1_2"` (the provider default).',
      example: 'resource "azurerm_storage_account" "data" {\n  min_tls_version = "TLS1_2"\n}',
      references: [
        "https://learn.microsoft.com/azure/storage/common/transport-layer-security-configure-minimum-version",
      ],
    },
  },
  {
    types: ["azurerm_storage_account"],
    attribute: "min_tls_version",
    judge: judge.noneOf("TLS1_0", "TLS1_1"),
    whenMissing: "safe",
    problem: "accepts TLS older than 1.2",
    fixValue: '"TLS1_2"',
  },
);
