import { childOf } from "../../../parse/yaml-tree.ts";
import { opensearchWithoutCmk as terraformRule } from "../../terraform/rules/opensearch-without-cmk.ts";
import { booleanOf } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const opensearchWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::OpenSearchService::Domain` or `AWS::Elasticsearch::Domain` encrypted at rest has no `EncryptionAtRestOptions.KmsKeyId` (it uses the AWS-managed key).",
      remediation:
        "Set `EncryptionAtRestOptions.KmsKeyId` to a customer-managed key. Domains not encrypted at all are reported by `unencrypted-opensearch-domain`.",
      example:
        "Search:\n  Type: AWS::OpenSearchService::Domain\n  Properties:\n    EncryptionAtRestOptions:\n      Enabled: true\n      KmsKeyId: !Ref SearchKey",
    },
  }),
  {
    types: ["AWS::OpenSearchService::Domain", "AWS::Elasticsearch::Domain"],
    path: ["EncryptionAtRestOptions", "KmsKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (model, resource) =>
      booleanOf(model, childOf(childOf(resource.properties, "EncryptionAtRestOptions"), "Enabled")) !== true,
  },
);
