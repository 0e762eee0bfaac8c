import { opensearchWithoutNodeToNodeEncryption as terraformRule } from "../../terraform/rules/opensearch-without-node-to-node-encryption.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const opensearchWithoutNodeToNodeEncryption = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::OpenSearchService::Domain` or `AWS::Elasticsearch::Domain` has no `NodeToNodeEncryptionOptions.Enabled: true`.",
      remediation: "Set `NodeToNodeEncryptionOptions: { Enabled: true }`.",
      example:
        "Search:\n  Type: AWS::OpenSearchService::Domain\n  Properties:\n    NodeToNodeEncryptionOptions:\n      Enabled: true",
    },
  }),
  {
    types: ["AWS::OpenSearchService::Domain", "AWS::Elasticsearch::Domain"],
    path: ["NodeToNodeEncryptionOptions", "Enabled"],
    judge: is.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt traffic between nodes",
  },
);
