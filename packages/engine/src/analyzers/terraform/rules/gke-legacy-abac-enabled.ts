import { judge, settingRule } from "../checks.ts";

export const gkeLegacyAbacEnabled = settingRule(
  {
    id: "terraform/gke-legacy-abac-enabled",
    analyzer: "terraform",
    title: "GKE cluster with legacy ABAC authorization",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [285],
    controls: ["K8S-RBAC-01", "IAC-IAM-02"],
    docs: {
      summary: "A `google_container_cluster` sets `enable_legacy_abac = true`.",
      whyItMatters:
        "Legacy ABAC grants broad, static permissions (including to service accounts) that RBAC policies cannot restrict.",
      remediation: "Set `enable_legacy_abac = false` and express permissions as RBAC roles.",
      example: 'resource "google_container_cluster" "main" {\n  enable_legacy_abac = false\n}',
      references: [
        "https://cloud.google.com/kubernetes-engine/docs/how-to/hardening-your-cluster#leave_abac_disabled_default_for_110",
      ],
    },
  },
  {
    types: ["google_container_cluster"],
    attribute: "enable_legacy_abac",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "uses legacy ABAC authorization",
    fixValue: "false",
  },
);
