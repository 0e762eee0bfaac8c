import { judge, settingRule } from "../checks.ts";

export const gcpLogBucketShortRetention = settingRule(
  {
    id: "terraform/gcp-log-bucket-short-retention",
    analyzer: "terraform",
    title: "Cloud Logging bucket keeps logs for less than 90 days",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-BAK-01", "IAC-LOG-01"],
    docs: {
      summary:
        "A `google_logging_project_bucket_config` (or folder / organization / billing account bucket) leaves `retention_days` unset (default 30) or below 90.",
      whyItMatters:
        "Intrusions are often found months later; logs deleted after 30 days cannot show where an attacker came from or what they did.",
      remediation: "Set `retention_days = 365` (or route logs to a storage bucket with a retention policy).",
      example: 'resource "google_logging_project_bucket_config" "audit" {\n  retention_days = 365\n}',
      references: ["https://cloud.google.com/logging/docs/buckets#custom-retention"],
    },
  },
  {
    types: [
      "google_logging_project_bucket_config",
      "google_logging_folder_bucket_config",
      "google_logging_organization_bucket_config",
      "google_logging_billing_account_bucket_config",
    ],
    attribute: "retention_days",
    judge: judge.atLeast(90),
    whenMissing: "unsafe",
    problem: "keeps logs for less than 90 days",
  },
);
