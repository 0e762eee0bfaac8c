import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const unencryptedOpensearchDomain = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-opensearch-domain",
  analyzer: "cloudformation",
  title: "OpenSearch domain without encryption at rest or between nodes",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-02"],
  docs: {
    summary:
      "An `AWS::OpenSearchService::Domain` or `AWS::Elasticsearch::Domain` does not enable `EncryptionAtRestOptions` or `NodeToNodeEncryptionOptions`.",
    whyItMatters:
      "Indexed documents, often logs full of personal data, sit on disk and cross the network in clear.",
    remediation:
      "Set `EncryptionAtRestOptions.Enabled: true` and `NodeToNodeEncryptionOptions.Enabled: true`.",
    example:
      "Domain:\n  Type: AWS::OpenSearchService::Domain\n  Properties:\n    EncryptionAtRestOptions:\n      Enabled: true\n    NodeToNodeEncryptionOptions:\n      Enabled: true",
    references: [
      "https://docs.aws.amazon.com/opensearch-service/latest/developerguide/encryption-at-rest.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(
      ctx.model,
      "AWS::OpenSearchService::Domain",
      "AWS::Elasticsearch::Domain",
    )) {
      expectBoolean(ctx, resource, {
        path: ["EncryptionAtRestOptions", "Enabled"],
        want: true,
        absentIsUnsafe: true,
        missing: "encryption at rest is not enabled",
        wrong: "encryption at rest is disabled",
      });
      expectBoolean(ctx, resource, {
        path: ["NodeToNodeEncryptionOptions", "Enabled"],
        want: true,
        absentIsUnsafe: true,
        missing: "node-to-node encryption is not enabled",
        wrong: "node-to-node encryption is disabled",
      });
    }
  },
});
