import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const aksWithoutAutomaticUpgrades = aliasedSettingRule(
  {
    id: "terraform/aks-without-automatic-upgrades",
    analyzer: "terraform",
    title: "AKS cluster without an automatic upgrade channel",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [1104],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` leaves `automatic_upgrade_channel` (azurerm 3.x: `automatic_channel_upgrade`) unset or `none`.",
      whyItMatters:
        "Kubernetes and node image security patches are applied only when someone remembers; clusters drift onto unsupported versions.",
      remediation: 'Set `automatic_upgrade_channel = "patch"` (or `stable`) and a maintenance window.',
      example: 'resource "azurerm_kubernetes_cluster" "main" {\n  automatic_upgrade_channel = "patch"\n}',
      references: ["https://learn.microsoft.com/azure/aks/auto-upgrade-cluster"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    attribute: "automatic_upgrade_channel",
    aliases: ["automatic_channel_upgrade"],
    judge: judge.noneOf("none"),
    whenMissing: "unsafe",
    problem: "is not upgraded automatically",
  },
);
