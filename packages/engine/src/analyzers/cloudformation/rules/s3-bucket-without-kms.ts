import type { YamlNode } from "../../../parse/yaml-tree.ts";
import { s3BucketWithoutKms as terraformRule } from "../../terraform/rules/s3-bucket-without-kms.ts";
import { type CfnModel, itemsOf, lookup, stringValue, UNKNOWN } from "../model.ts";
import type { Verdict } from "../properties.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

const KMS_ALGORITHMS = new Set(["aws:kms", "aws:kms:dsse"]);

/** Safe when a default rule uses KMS; unknown when a rule's algorithm cannot be read. */
function usesKms(model: CfnModel, rules: YamlNode): Verdict {
  const items = itemsOf(rules);
  if (items === UNKNOWN) return "unknown";
  let unreadable = false;
  for (const rule of items) {
    const algorithm = lookup(rule, "ServerSideEncryptionByDefault", "SSEAlgorithm");
    if (algorithm.state === "unknown") unreadable = true;
    if (algorithm.state !== "present") continue;
    const value = stringValue(model, algorithm.entry.value);
    if (value === undefined) unreadable = true;
    else if (KMS_ALGORITHMS.has(value)) return "safe";
  }
  return unreadable ? "unknown" : "unsafe";
}

export const s3BucketWithoutKms = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::S3::Bucket` has no `BucketEncryption` default rule with `SSEAlgorithm: aws:kms` (or `aws:kms:dsse`); SSE-S3 (`AES256`) is the default.",
      remediation:
        "Set `BucketEncryption.ServerSideEncryptionConfiguration` to a rule with `ServerSideEncryptionByDefault: { SSEAlgorithm: aws:kms, KMSMasterKeyID: <customer-managed key> }` and `BucketKeyEnabled: true`.",
      example:
        "Data:\n  Type: AWS::S3::Bucket\n  Properties:\n    BucketEncryption:\n      ServerSideEncryptionConfiguration:\n        - ServerSideEncryptionByDefault:\n            SSEAlgorithm: aws:kms\n            KMSMasterKeyID: !Ref DataKey\n          BucketKeyEnabled: true",
    },
  }),
  {
    types: ["AWS::S3::Bucket"],
    path: ["BucketEncryption", "ServerSideEncryptionConfiguration"],
    judge: usesKms,
    whenMissing: "unsafe",
    problem: "does not encrypt objects with a KMS key by default",
  },
);
