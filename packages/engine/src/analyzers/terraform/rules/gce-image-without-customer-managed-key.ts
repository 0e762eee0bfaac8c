import { requiredBlockRule } from "../checks-extra.ts";

export const gceImageWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/gce-image-without-customer-managed-key",
    analyzer: "terraform",
    title: "Compute Engine image without a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-03"],
    docs: {
      summary: "A `google_compute_image` has no `image_encryption_key` block.",
      whyItMatters:
        "The image, often built from a disk with application data and credentials, is encrypted with a Google-managed key you cannot revoke.",
      remediation: "Add `image_encryption_key { kms_key_self_link = google_kms_crypto_key.images.id }`.",
      example:
        'resource "google_compute_image" "golden" {\n  image_encryption_key {\n    kms_key_self_link = google_kms_crypto_key.images.id\n  }\n}',
      references: ["https://cloud.google.com/compute/docs/images/create-custom#encrypting_images"],
    },
  },
  {
    types: ["google_compute_image"],
    path: ["image_encryption_key"],
    problem: "is encrypted with a Google-managed key",
  },
);
