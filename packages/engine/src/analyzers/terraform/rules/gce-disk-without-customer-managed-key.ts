import { requiredBlockRule } from "../checks-extra.ts";

export const gceDiskWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/gce-disk-without-customer-managed-key",
    analyzer: "terraform",
    title: "Compute Engine disk without a customer-managed or customer-supplied key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "A `google_compute_disk` or `google_compute_image` has no `disk_encryption_key` / `image_encryption_key` block.",
      whyItMatters:
        "The disk is encrypted with a Google-managed key; you cannot revoke access to the data or audit key use.",
      remediation: "Add `disk_encryption_key { kms_key_self_link = google_kms_crypto_key.disks.id }`.",
      example:
        'resource "google_compute_disk" "data" {\n  disk_encryption_key {\n    kms_key_self_link = google_kms_crypto_key.disks.id\n  }\n}',
      references: ["https://cloud.google.com/compute/docs/disks/customer-managed-encryption"],
    },
  },
  {
    types: ["google_compute_disk"],
    path: ["disk_encryption_key"],
    problem: "is encrypted with a Google-managed key",
  },
);
