import { requiredBlockRule } from "../checks-extra.ts";

export const gkeWithoutGoogleGroupsRbac = requiredBlockRule(
  {
    id: "terraform/gke-without-google-groups-rbac",
    analyzer: "terraform",
    title: "GKE cluster without Google Groups for RBAC",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [285],
    controls: ["K8S-RBAC-01"],
    docs: {
      summary: "A `google_container_cluster` has no `authenticator_groups_config { security_group = … }`.",
      whyItMatters:
        "RBAC bindings must name individual users; access is not removed when people leave a team, and bindings drift from the organization's groups.",
      remediation:
        'Add `authenticator_groups_config { security_group = "gke-security-groups@example.com" }` and bind roles to groups.',
      example:
        'resource "google_container_cluster" "main" {\n  authenticator_groups_config {\n    security_group = "gke-security-groups@example.com"\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/google-groups-rbac"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["authenticator_groups_config"],
    problem: "does not use Google Groups for RBAC",
  },
);
