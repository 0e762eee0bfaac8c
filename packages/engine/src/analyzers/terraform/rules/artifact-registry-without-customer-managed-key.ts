import { judge, settingRule } from "../checks.ts";

export const artifactRegistryWithoutCustomerManagedKey = settingRule(
  {
    id: "terraform/artifact-registry-without-customer-managed-key",
    analyzer: "terraform",
    title: "Artifact Registry repository without a customer-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "A `google_artifact_registry_repository` has no `kms_key_name`.",
      whyItMatters:
        "Packages and images are encrypted with a Google-managed key; you cannot revoke access to them or audit key use.",
      remediation: "Set `kms_key_name` when the repository is created.",
      example:
        'resource "google_artifact_registry_repository" "images" {\n  kms_key_name = google_kms_crypto_key.registry.id\n}',
      references: ["https://cloud.google.com/artifact-registry/docs/cmek"],
    },
  },
  {
    types: ["google_artifact_registry_repository"],
    attribute: "kms_key_name",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "encrypts artifacts with a Google-managed key",
  },
);
