import { judge } from "../checks.ts";
import { aliasedSettingRule, settingIsUnknownOr } from "../checks-extra.ts";

export const gkeNodePoolSecureBootDisabled = aliasedSettingRule(
  {
    id: "terraform/gke-node-pool-secure-boot-disabled",
    analyzer: "terraform",
    title: "GKE nodes without Secure Boot",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A `google_container_node_pool` (or a cluster's default pool) has no `node_config { shielded_instance_config { enable_secure_boot = true } }` (default false).",
      whyItMatters:
        "Nodes boot without signature checks on boot components; a rootkit or bootkit installed by a compromised workload survives reboots undetected.",
      remediation: "Set `node_config { shielded_instance_config { enable_secure_boot = true } }`.",
      example:
        'resource "google_container_node_pool" "work" {\n  node_config {\n    shielded_instance_config {\n      enable_secure_boot = true\n    }\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/shielded-gke-nodes#secure_boot"],
    },
  },
  [
    {
      types: ["google_container_node_pool"],
      path: ["node_config", "shielded_instance_config"],
      attribute: "enable_secure_boot",
      aliases: [],
      judge: judge.boolean(true),
      whenMissing: "unsafe",
      problem: "boots nodes without Secure Boot",
      fixValue: "true",
    },
    {
      types: ["google_container_cluster"],
      path: ["node_config", "shielded_instance_config"],
      attribute: "enable_secure_boot",
      aliases: [],
      judge: judge.boolean(true),
      whenMissing: "unsafe",
      problem: "boots nodes without Secure Boot",
      fixValue: "true",
      exempt: (model, resource) =>
        settingIsUnknownOr(model, resource, "enable_autopilot", (on) => on === true) ||
        settingIsUnknownOr(model, resource, "remove_default_node_pool", (on) => on === true),
    },
  ],
);
