import { judge, settingRule } from "../checks.ts";
import { settingIsUnknownOr } from "../checks-extra.ts";

export const gkeIntranodeVisibilityDisabled = settingRule(
  {
    id: "terraform/gke-intranode-visibility-disabled",
    analyzer: "terraform",
    title: "GKE cluster without intranode visibility",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [778],
    controls: ["IAC-LOG-02"],
    docs: {
      summary:
        "A `google_container_cluster` leaves `enable_intranode_visibility` unset (default false) or false.",
      whyItMatters:
        "Pod-to-pod traffic on the same node bypasses the VPC, so flow logs and firewall rules never see it.",
      remediation: "Set `enable_intranode_visibility = true`.",
      example: 'resource "google_container_cluster" "main" {\n  enable_intranode_visibility = true\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/intranode-visibility"],
    },
  },
  {
    types: ["google_container_cluster"],
    attribute: "enable_intranode_visibility",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "hides pod-to-pod traffic on the same node from flow logs",
    fixValue: "true",
    exempt: (model, resource) => settingIsUnknownOr(model, resource, "enable_autopilot", (on) => on === true),
  },
);
