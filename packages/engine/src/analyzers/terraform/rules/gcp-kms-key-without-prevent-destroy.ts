import { judge, settingRule } from "../checks.ts";

export const gcpKmsKeyWithoutPreventDestroy = settingRule(
  {
    id: "terraform/gcp-kms-key-without-prevent-destroy",
    analyzer: "terraform",
    title: "Cloud KMS key not protected from terraform destroy",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-KMS-02"],
    docs: {
      summary: "A `google_kms_crypto_key` has no `lifecycle { prevent_destroy = true }`.",
      whyItMatters:
        "Destroying the key (scheduled destruction after a short wait) makes everything encrypted with it unreadable for good; one `terraform destroy` starts it.",
      remediation: "Add `lifecycle { prevent_destroy = true }` (and keep `destroy_scheduled_duration` long).",
      example: 'resource "google_kms_crypto_key" "data" {\n  lifecycle {\n    prevent_destroy = true\n  }\n}',
      references: [
        "https://developer.hashicorp.com/terraform/language/meta-arguments/lifecycle#prevent_destroy",
      ],
    },
  },
  {
    types: ["google_kms_crypto_key"],
    path: ["lifecycle"],
    attribute: "prevent_destroy",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "can be destroyed by terraform",
    fixValue: "true",
  },
);
