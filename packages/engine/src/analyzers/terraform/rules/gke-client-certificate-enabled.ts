import { judge, settingRule } from "../checks.ts";

export const gkeClientCertificateEnabled = settingRule(
  {
    id: "terraform/gke-client-certificate-enabled",
    analyzer: "terraform",
    title: "GKE cluster issues a client certificate",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A `google_container_cluster` sets `master_auth { client_certificate_config { issue_client_certificate = true } }`.",
      whyItMatters:
        "The issued certificate is a long-lived cluster-admin credential that cannot be revoked short of rotating the cluster CA.",
      remediation: "Set `issue_client_certificate = false` and authenticate with Google identities.",
      example:
        'resource "google_container_cluster" "main" {\n  master_auth {\n    client_certificate_config {\n      issue_client_certificate = false\n    }\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/api-server-authentication"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["master_auth", "client_certificate_config"],
    attribute: "issue_client_certificate",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "issues a long-lived client certificate",
    fixValue: "false",
  },
);
