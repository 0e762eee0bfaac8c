import { aliasedSettingRule, DEFAULT_SERVICE_ACCOUNT, settingIsUnknownOr } from "../checks-extra.ts";

export const gkeNodesDefaultServiceAccount = aliasedSettingRule(
  {
    id: "terraform/gke-nodes-default-service-account",
    analyzer: "terraform",
    title: "GKE nodes run as the default Compute Engine service account",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [250],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A `google_container_node_pool` (or a cluster's default pool) has no `node_config { service_account }`, or names the Compute Engine default service account, which holds Editor on the project.",
      whyItMatters:
        "Any pod that reaches the metadata server (or any node compromise) gets the node's token, which with the default account can change almost everything in the project.",
      remediation:
        "Create a dedicated least-privilege service account (roles/container.defaultNodeServiceAccount) and set `node_config { service_account = … }`.",
      example:
        'resource "google_container_node_pool" "work" {\n  node_config {\n    service_account = google_service_account.gke_nodes.email\n  }\n}',
      references: [
        "https://cloud.google.com/kubernetes-engine/docs/how-to/hardening-your-cluster#use_least_privilege_sa",
      ],
    },
  },
  [
    {
      types: ["google_container_node_pool"],
      path: ["node_config"],
      attribute: "service_account",
      aliases: [],
      judge: (value) =>
        typeof value !== "string"
          ? "unknown"
          : value === "default" || DEFAULT_SERVICE_ACCOUNT.test(value)
            ? "unsafe"
            : "safe",
      whenMissing: "unsafe",
      problem: "runs nodes as the default Compute Engine service account",
    },
    {
      types: ["google_container_cluster"],
      path: ["node_config"],
      attribute: "service_account",
      aliases: [],
      judge: (value) =>
        typeof value !== "string"
          ? "unknown"
          : value === "default" || DEFAULT_SERVICE_ACCOUNT.test(value)
            ? "unsafe"
            : "safe",
      whenMissing: "unsafe",
      problem: "runs nodes as the default Compute Engine service account",
      exempt: (model, resource) =>
        settingIsUnknownOr(model, resource, "enable_autopilot", (on) => on === true) ||
        settingIsUnknownOr(model, resource, "remove_default_node_pool", (on) => on === true),
    },
  ],
);
