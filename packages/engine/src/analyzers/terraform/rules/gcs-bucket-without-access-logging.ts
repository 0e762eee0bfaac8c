import { nested, resources } from "../checks.ts";
import { perModel, requiredBlockRule } from "../checks-extra.ts";

// Buckets of this file that receive another bucket's usage logs.
const logTargets = perModel((model) => {
  const targets = new Set<string>();
  for (const bucket of resources(model, "google_storage_bucket")) {
    const target = nested(bucket, ["logging"])?.attributes.get("log_bucket")?.value;
    if (
      target?.kind === "reference" &&
      target.path[0] === "google_storage_bucket" &&
      target.path[1] !== undefined
    )
      targets.add(target.path[1]);
  }
  return targets;
});

export const gcsBucketWithoutAccessLogging = requiredBlockRule(
  {
    id: "terraform/gcs-bucket-without-access-logging",
    analyzer: "terraform",
    title: "Cloud Storage bucket without usage logs",
    severity: "low",
    confidence: "low",
    lifecycle: "preview",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A `google_storage_bucket` has no `logging { log_bucket = … }` (buckets that receive another bucket's logs in the same file are not flagged).",
      whyItMatters:
        "Requests to the bucket's objects are not recorded in usage logs; data access by a leaked credential is hard to scope.",
      remediation:
        "Add `logging { log_bucket = google_storage_bucket.logs.name }`, or enable Data Access audit logs for Cloud Storage.",
      example:
        'resource "google_storage_bucket" "data" {\n  logging {\n    log_bucket = google_storage_bucket.logs.name\n  }\n}',
      references: ["https://cloud.google.com/storage/docs/access-logs"],
    },
  },
  {
    types: ["google_storage_bucket"],
    path: ["logging"],
    problem: "keeps no usage logs",
    exempt: (model, resource) => logTargets(model).has(resource.labels[1] ?? ""),
  },
);
