import { requiredBlockRule } from "../checks-extra.ts";

export const dataprocClusterWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/dataproc-cluster-without-customer-managed-key",
    analyzer: "terraform",
    title: "Dataproc cluster without a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "A `google_dataproc_cluster` has no `cluster_config { encryption_config { kms_key_name = … } }`.",
      whyItMatters:
        "Cluster persistent disks are encrypted with a Google-managed key you cannot revoke or audit.",
      remediation:
        "Add `encryption_config { kms_key_name = google_kms_crypto_key.dataproc.id }` to `cluster_config`.",
      example:
        'resource "google_dataproc_cluster" "etl" {\n  cluster_config {\n    encryption_config {\n      kms_key_name = google_kms_crypto_key.dataproc.id\n    }\n  }\n}',
      references: [
        "https://cloud.google.com/dataproc/docs/concepts/configuring-clusters/customer-managed-encryption",
      ],
    },
  },
  {
    types: ["google_dataproc_cluster"],
    path: ["cluster_config", "encryption_config"],
    problem: "encrypts disks with a Google-managed key",
  },
);
