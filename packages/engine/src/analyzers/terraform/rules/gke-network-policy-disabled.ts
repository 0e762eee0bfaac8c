import { judge, setting, settingRule } from "../checks.ts";

export const gkeNetworkPolicyDisabled = settingRule(
  {
    id: "terraform/gke-network-policy-disabled",
    analyzer: "terraform",
    title: "GKE cluster without network policy enforcement",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        'A `google_container_cluster` has no `network_policy { enabled = true }` and does not use Dataplane V2 (`datapath_provider = "ADVANCED_DATAPATH"`), which enforces policies natively.',
      whyItMatters:
        "Without enforcement every pod can reach every other pod; Kubernetes NetworkPolicy objects are silently ignored.",
      remediation:
        'Use `datapath_provider = "ADVANCED_DATAPATH"`, or add `network_policy { enabled = true }` with the matching addon.',
      example: 'resource "google_container_cluster" "main" {\n  datapath_provider = "ADVANCED_DATAPATH"\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/network-policy"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["network_policy"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not enforce network policies",
    exempt: (model, resource) => {
      const datapath = setting(model, resource, "datapath_provider");
      const autopilot = setting(model, resource, "enable_autopilot");
      if (datapath.state === "unknown" || autopilot.state === "unknown") return true;
      return (
        (datapath.state === "known" && datapath.value === "ADVANCED_DATAPATH") ||
        (autopilot.state === "known" && autopilot.value === true)
      );
    },
  },
);
