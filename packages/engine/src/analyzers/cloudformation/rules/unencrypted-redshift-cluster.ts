import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const unencryptedRedshiftCluster = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-redshift-cluster",
  analyzer: "cloudformation",
  title: "Redshift cluster without encryption at rest",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-02"],
  fixable: true,
  docs: {
    summary:
      "An `AWS::Redshift::Cluster` sets `Encrypted: false`. (Since 2025 new clusters are encrypted when the property is left out, so only an explicit false is reported.)",
    whyItMatters:
      "The warehouse, usually the largest copy of the company's data, and its snapshots are stored in clear.",
    remediation: "Set `Encrypted: true` (and `KmsKeyId` for a customer-managed key).",
    example: "Warehouse:\n  Type: AWS::Redshift::Cluster\n  Properties:\n    Encrypted: true",
    references: ["https://docs.aws.amazon.com/redshift/latest/mgmt/working-with-db-encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::Redshift::Cluster")) {
      expectBoolean(ctx, resource, {
        path: ["Encrypted"],
        want: true,
        absentIsUnsafe: false,
        missing: "",
        wrong: "Encrypted is false",
        fix: true,
      });
    }
  },
});
