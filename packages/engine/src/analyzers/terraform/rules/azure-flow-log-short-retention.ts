// NSG flow logs are kept as long as `retention_policy` says: disabled keeps them forever only in
// the storage account's own lifecycle, so a disabled policy or fewer than 90 days is flagged; 0 days
// with the policy enabled means "keep forever" and is fine.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import { asNumber } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const MINIMUM_DAYS = 90;

export const azureFlowLogShortRetention: FileRule<TerraformModel> = {
  id: "terraform/azure-flow-log-short-retention",
  analyzer: "terraform",
  title: "Azure NSG flow logs kept for less than 90 days",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-02", "IAC-BAK-01"],
  docs: {
    summary:
      "An `azurerm_network_watcher_flow_log` has a `retention_policy` with `enabled = false`, or with `days` between 1 and 89.",
    whyItMatters:
      "Intrusions are often found months later; flow logs deleted after a few days cannot show where an attacker came from or what they reached.",
    remediation: "Set `retention_policy { enabled = true; days = 90 }` (or more; 0 keeps logs forever).",
    example:
      'resource "azurerm_network_watcher_flow_log" "nsg" {\n  retention_policy {\n    enabled = true\n    days    = 90\n  }\n}',
    references: ["https://learn.microsoft.com/azure/network-watcher/nsg-flow-logs-overview"],
  },
  check(ctx) {
    for (const flowLog of resources(ctx.model, "azurerm_network_watcher_flow_log")) {
      for (const policy of children(flowLog, "retention_policy")) {
        if (policy.dynamic) continue;
        const enabled = setting(ctx.model, policy, "enabled");
        if (enabled.state === "known" && enabled.value === false) {
          ctx.report({
            message: `${addressOf(flowLog)} does not retain its flow logs (retention_policy disabled)`,
            at: at(enabled.attribute.span),
          });
          continue;
        }
        const days = setting(ctx.model, policy, "days");
        if (days.state !== "known") continue;
        const count = asNumber(days.value);
        if (count === undefined || count === 0 || count >= MINIMUM_DAYS) continue;
        ctx.report({
          message: `${addressOf(flowLog)} keeps flow logs for ${count} days (less than ${MINIMUM_DAYS})`,
          at: at(days.attribute.span),
        });
      }
    }
  },
};
