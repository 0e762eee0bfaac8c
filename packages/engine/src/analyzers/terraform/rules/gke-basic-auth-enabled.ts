import { settingRule } from "../checks.ts";

export const gkeBasicAuthEnabled = settingRule(
  {
    id: "terraform/gke-basic-auth-enabled",
    analyzer: "terraform",
    title: "GKE cluster with basic authentication",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A `google_container_cluster` sets a non-empty `master_auth { username = \u2026 }`, enabling static password authentication.",
      whyItMatters:
        "A static username and password for the API server are shared, never rotated and end up in state files.",
      remediation: "Remove `username`/`password` from `master_auth` and use Google identities.",
      example:
        'resource "google_container_cluster" "main" {\n  master_auth {\n    client_certificate_config {\n      issue_client_certificate = false\n    }\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/api-server-authentication"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["master_auth"],
    attribute: "username",
    judge: (value) => (typeof value !== "string" ? "unknown" : value === "" ? "safe" : "unsafe"),
    whenMissing: "safe",
    problem: "enables basic authentication",
  },
);
