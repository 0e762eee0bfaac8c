import { judge, settingRule } from "../checks.ts";

export const gkeWithoutSecretsEncryption = settingRule(
  {
    id: "terraform/gke-without-secrets-encryption",
    analyzer: "terraform",
    title: "GKE cluster without application-layer secrets encryption",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-KMS-01"],
    docs: {
      summary:
        'A `google_container_cluster` has no `database_encryption { state = "ENCRYPTED" }`, so Kubernetes secrets in etcd are protected only by Google\'s storage encryption.',
      whyItMatters:
        "Anyone who reads an etcd backup or snapshot reads every Kubernetes secret; a Cloud KMS key adds a layer you control and can revoke.",
      remediation:
        'Add `database_encryption { state = "ENCRYPTED"; key_name = google_kms_crypto_key.gke.id }`.',
      example:
        'resource "google_container_cluster" "main" {\n  database_encryption {\n    state    = "ENCRYPTED"\n    key_name = google_kms_crypto_key.gke.id\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/encrypting-secrets"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["database_encryption"],
    attribute: "state",
    judge: judge.oneOf("ENCRYPTED"),
    whenMissing: "unsafe",
    problem: "does not encrypt Kubernetes secrets with a Cloud KMS key",
  },
);
