import { nested, settingRule } from "../checks.ts";

/** A boot disk made elsewhere (`source`) is judged on its own resource; a raw or RSA key is customer-supplied. */
const KEYED_ELSEWHERE = ["source", "disk_encryption_key_raw", "disk_encryption_key_rsa"];

export const gceBootDiskWithoutCustomerManagedKey = settingRule(
  {
    id: "terraform/gce-boot-disk-without-customer-managed-key",
    analyzer: "terraform",
    title: "Compute Engine boot disk without a customer-managed or customer-supplied key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "A `google_compute_instance`'s `boot_disk` sets neither `kms_key_self_link` nor a customer-supplied key, and is not an existing disk (`source`).",
      whyItMatters:
        "The operating system disk, which holds credentials, logs and application data, is encrypted with a Google-managed key: you cannot revoke access to it or audit key use.",
      remediation:
        "Set `boot_disk { kms_key_self_link = google_kms_crypto_key.disks.id }`, or attach a disk that has its own key through `source`.",
      example:
        'resource "google_compute_instance" "vm" {\n  boot_disk {\n    kms_key_self_link = google_kms_crypto_key.disks.id\n    initialize_params {\n      image = "debian-cloud/debian-12"\n    }\n  }\n}',
      references: ["https://cloud.google.com/compute/docs/disks/customer-managed-encryption"],
    },
  },
  {
    types: ["google_compute_instance"],
    path: ["boot_disk"],
    attribute: "kms_key_self_link",
    judge: (value) => (typeof value !== "string" ? "unknown" : value.trim() === "" ? "unsafe" : "safe"),
    // boot_disk is required by the provider: a resource without one is not a complete configuration.
    whenMissing: "safe",
    whenAttributeMissing: "unsafe",
    problem: "encrypts its boot disk with a Google-managed key",
    exempt: (_model, resource) => {
      const disk = nested(resource, ["boot_disk"]);
      return disk !== undefined && KEYED_ELSEWHERE.some((name) => disk.attributes.has(name));
    },
  },
);
