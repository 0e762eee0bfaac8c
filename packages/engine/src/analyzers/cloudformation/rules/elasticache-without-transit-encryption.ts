import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const elasticacheWithoutTransitEncryption = defineFileRule<CfnModel>({
  id: "cloudformation/elasticache-without-transit-encryption",
  analyzer: "cloudformation",
  title: "ElastiCache replication group without TLS",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary: "An `AWS::ElastiCache::ReplicationGroup` leaves `TransitEncryptionEnabled` unset or false.",
    whyItMatters: "Clients and replicas exchange data (and AUTH tokens) in clear text inside the VPC.",
    remediation:
      "Set `TransitEncryptionEnabled: true` and use TLS in clients; add `AuthToken` for Redis AUTH.",
    example:
      "Cache:\n  Type: AWS::ElastiCache::ReplicationGroup\n  Properties:\n    TransitEncryptionEnabled: true",
    references: ["https://docs.aws.amazon.com/AmazonElastiCache/latest/red-ug/in-transit-encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::ElastiCache::ReplicationGroup")) {
      expectBoolean(ctx, resource, {
        path: ["TransitEncryptionEnabled"],
        want: true,
        absentIsUnsafe: true,
        missing: "TransitEncryptionEnabled is not set",
        wrong: "TransitEncryptionEnabled is false",
      });
    }
  },
});
