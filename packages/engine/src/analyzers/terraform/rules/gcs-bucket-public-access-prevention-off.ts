import { judge, settingRule } from "../checks.ts";

export const gcsBucketPublicAccessPreventionOff = settingRule(
  {
    id: "terraform/gcs-bucket-public-access-prevention-off",
    analyzer: "terraform",
    title: "Cloud Storage bucket does not enforce public access prevention",
    severity: "med",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary:
        'A `google_storage_bucket` leaves `public_access_prevention` unset or `"inherited"`, so an `allUsers` grant can still make it public (unless the organization policy enforces it).',
      whyItMatters:
        "One IAM binding to `allUsers` or `allAuthenticatedUsers`, added by mistake or by an attacker, exposes every object.",
      remediation:
        'Set `public_access_prevention = "enforced"` (or enforce `storage.publicAccessPrevention` at organization level).',
      example: 'resource "google_storage_bucket" "data" {\n  public_access_prevention = "enforced"\n}',
      references: ["https://cloud.google.com/storage/docs/public-access-prevention"],
    },
  },
  {
    types: ["google_storage_bucket"],
    attribute: "public_access_prevention",
    judge: judge.oneOf("enforced"),
    whenMissing: "unsafe",
    problem: "does not enforce public access prevention",
    fixValue: '"enforced"',
  },
);
