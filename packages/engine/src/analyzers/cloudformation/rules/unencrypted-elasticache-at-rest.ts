import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const unencryptedElasticacheAtRest = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-elasticache-at-rest",
  analyzer: "cloudformation",
  title: "ElastiCache replication group not encrypted at rest",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-02"],
  docs: {
    summary: "An `AWS::ElastiCache::ReplicationGroup` leaves `AtRestEncryptionEnabled` unset or false.",
    whyItMatters: "Snapshots and swap of the cache hold session data, tokens and cached records in clear.",
    remediation:
      "Set `AtRestEncryptionEnabled: true` (it can only be chosen at creation: plan a replacement).",
    example:
      "Cache:\n  Type: AWS::ElastiCache::ReplicationGroup\n  Properties:\n    AtRestEncryptionEnabled: true",
    references: ["https://docs.aws.amazon.com/AmazonElastiCache/latest/red-ug/at-rest-encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::ElastiCache::ReplicationGroup")) {
      expectBoolean(ctx, resource, {
        path: ["AtRestEncryptionEnabled"],
        want: true,
        absentIsUnsafe: true,
        missing: "AtRestEncryptionEnabled is not set",
        wrong: "AtRestEncryptionEnabled is false",
      });
    }
  },
});
