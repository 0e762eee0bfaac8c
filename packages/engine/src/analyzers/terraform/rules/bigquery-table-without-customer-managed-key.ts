import { children, resources } from "../checks.ts";
import { perModel, requiredBlockRule } from "../checks-extra.ts";

// Datasets of this file by name: whether each sets a default key.
const datasetKeyed = perModel(
  (model) =>
    new Map(
      resources(model, "google_bigquery_dataset").map((dataset) => [
        dataset.labels[1] ?? "",
        children(dataset, "default_encryption_configuration").length > 0,
      ]),
    ),
);

export const bigqueryTableWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/bigquery-table-without-customer-managed-key",
    analyzer: "terraform",
    title: "BigQuery table without a customer-managed key",
    severity: "low",
    confidence: "low",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "A `google_bigquery_table` has no `encryption_configuration`, and its dataset (when declared in the same file) sets no default key.",
      whyItMatters:
        "The table is encrypted with a Google-managed key; you cannot revoke access to its data or audit key use.",
      remediation: "Add `encryption_configuration { kms_key_name = … }` or a default key on the dataset.",
      example:
        'resource "google_bigquery_table" "events" {\n  encryption_configuration {\n    kms_key_name = google_kms_crypto_key.bq.id\n  }\n}',
      references: ["https://cloud.google.com/bigquery/docs/customer-managed-encryption"],
    },
  },
  {
    types: ["google_bigquery_table"],
    path: ["encryption_configuration"],
    problem: "is encrypted with a Google-managed key",
    exempt: (model, resource) => {
      const dataset = resource.attributes.get("dataset_id")?.value;
      if (dataset?.kind !== "reference" || dataset.path[0] !== "google_bigquery_dataset") return true;
      return datasetKeyed(model).get(dataset.path[1] ?? "") !== false;
    },
  },
);
