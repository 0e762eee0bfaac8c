import { childOf } from "../../../parse/yaml-tree.ts";
import { elasticacheWithoutSnapshots as terraformRule } from "../../terraform/rules/elasticache-without-snapshots.ts";
import { stringValue } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const elasticacheWithoutSnapshots = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ElastiCache::ReplicationGroup`, or a Redis/Valkey `AWS::ElastiCache::CacheCluster`, has no `SnapshotRetentionLimit` of 1 or more (the default, 0, keeps no automatic snapshots).",
      remediation:
        "Set `SnapshotRetentionLimit` to the days of snapshots to keep. Memcached clusters, which cannot snapshot, are not flagged.",
      example:
        "Cache:\n  Type: AWS::ElastiCache::ReplicationGroup\n  Properties:\n    SnapshotRetentionLimit: 7",
    },
  }),
  {
    types: ["AWS::ElastiCache::ReplicationGroup", "AWS::ElastiCache::CacheCluster"],
    path: ["SnapshotRetentionLimit"],
    judge: is.atLeast(1),
    whenMissing: "unsafe",
    problem: "keeps no automatic snapshots",
    exempt: (model, resource) => {
      if (resource.type !== "AWS::ElastiCache::CacheCluster") return false;
      const engine = stringValue(model, childOf(resource.properties, "Engine"));
      return engine !== "redis" && engine !== "valkey";
    },
  },
);
