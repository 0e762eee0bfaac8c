import { judge, settingRule } from "../checks.ts";

export const gcsBucketWithoutUniformAccess = settingRule(
  {
    id: "terraform/gcs-bucket-without-uniform-access",
    analyzer: "terraform",
    title: "Cloud Storage bucket without uniform bucket-level access",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary:
        "A `google_storage_bucket` leaves `uniform_bucket_level_access` unset or false, so per-object ACLs stay in force.",
      whyItMatters:
        "Object ACLs can make single objects public or shared without any IAM policy showing it; access reviews of the bucket's IAM miss them.",
      remediation: "Set `uniform_bucket_level_access = true` and grant access with IAM only.",
      example: 'resource "google_storage_bucket" "data" {\n  uniform_bucket_level_access = true\n}',
      references: ["https://cloud.google.com/storage/docs/uniform-bucket-level-access"],
    },
  },
  {
    types: ["google_storage_bucket"],
    attribute: "uniform_bucket_level_access",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "allows per-object ACLs",
    fixValue: "true",
  },
);
