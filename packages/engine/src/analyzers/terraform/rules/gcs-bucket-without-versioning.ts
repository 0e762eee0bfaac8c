import { children, judge, settingRule } from "../checks.ts";

export const gcsBucketWithoutVersioning = settingRule(
  {
    id: "terraform/gcs-bucket-without-versioning",
    analyzer: "terraform",
    title: "Cloud Storage bucket without object versioning",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "A `google_storage_bucket` has no `versioning { enabled = true }` (and no `retention_policy`).",
      whyItMatters:
        "An overwritten or deleted object is gone; a faulty job, a leaked key or ransomware can destroy data with no earlier version to restore.",
      remediation:
        "Add `versioning { enabled = true }` with a lifecycle rule that deletes old versions, or a retention policy.",
      example: 'resource "google_storage_bucket" "data" {\n  versioning {\n    enabled = true\n  }\n}',
      references: ["https://cloud.google.com/storage/docs/object-versioning"],
    },
  },
  {
    types: ["google_storage_bucket"],
    path: ["versioning"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not keep object versions",
    fixValue: "true",
    exempt: (_model, resource) => children(resource, "retention_policy").length > 0,
  },
);
