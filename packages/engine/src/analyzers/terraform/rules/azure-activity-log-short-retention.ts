import { judge, nested, setting, settingRule } from "../checks.ts";

export const azureActivityLogShortRetention = settingRule(
  {
    id: "terraform/azure-activity-log-short-retention",
    analyzer: "terraform",
    title: "Azure activity log profile keeps logs for less than a year",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-01", "IAC-BAK-01"],
    docs: {
      summary:
        "An `azurerm_monitor_log_profile` has `retention_policy { enabled = true, days = N }` with N below 365 (`enabled = false` keeps logs indefinitely).",
      whyItMatters:
        "Control-plane history older than the retention is gone when an old compromise is discovered.",
      remediation:
        "Keep activity logs 365 days or more, or export them to a storage account with its own retention.",
      example:
        'resource "azurerm_monitor_log_profile" "main" {\n  retention_policy {\n    enabled = true\n    days    = 365\n  }\n}',
      references: ["https://learn.microsoft.com/azure/azure-monitor/essentials/activity-log"],
    },
  },
  {
    types: ["azurerm_monitor_log_profile"],
    path: ["retention_policy"],
    attribute: "days",
    judge: judge.atLeast(365),
    whenMissing: "safe",
    problem: "keeps activity logs for less than a year",
    exempt: (model, resource) => {
      const policy = nested(resource, ["retention_policy"]);
      if (!policy) return true;
      const enabled = setting(model, policy, "enabled");
      return !(enabled.state === "known" && enabled.value === true);
    },
  },
);
