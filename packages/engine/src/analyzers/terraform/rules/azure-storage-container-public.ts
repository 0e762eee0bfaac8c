import { judge, settingRule } from "../checks.ts";

export const azureStorageContainerPublic = settingRule(
  {
    id: "terraform/azure-storage-container-public",
    analyzer: "terraform",
    title: "Azure blob container readable anonymously",
    severity: "critical",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary: "An `azurerm_storage_container` sets `container_access_type` to `blob` or `container`.",
      whyItMatters:
        "Anyone who knows or guesses the URL can read the blobs (`container` also lets them list every blob).",
      remediation:
        'Use `container_access_type = "private"` and hand out SAS tokens or use a CDN with a private origin.',
      example: 'resource "azurerm_storage_container" "data" {\n  container_access_type = "private"\n}',
      references: ["https://learn.microsoft.com/azure/storage/blobs/anonymous-read-access-configure"],
    },
  },
  {
    types: ["azurerm_storage_container"],
    attribute: "container_access_type",
    judge: judge.oneOf("private"),
    whenMissing: "safe",
    problem: "is readable anonymously",
    fixValue: '"private"',
  },
);
