import { judge, setting, settingRule } from "../checks.ts";

export const elasticacheWithoutSnapshots = settingRule(
  {
    id: "terraform/elasticache-without-snapshots",
    analyzer: "terraform",
    title: "ElastiCache Redis keeps no automatic snapshots",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "An `aws_elasticache_replication_group` or Redis `aws_elasticache_cluster` leaves `snapshot_retention_limit` at 0 (the default), so no daily snapshot is kept.",
      whyItMatters:
        "Data held only in memory is lost on a failed node, a bad flush or a deletion, with nothing to restore from.",
      remediation:
        "Set `snapshot_retention_limit` to at least 1 (days). Memcached clusters cannot snapshot and are not flagged.",
      example: 'resource "aws_elasticache_replication_group" "cache" {\n  snapshot_retention_limit = 7\n}',
    },
  },
  {
    types: ["aws_elasticache_replication_group", "aws_elasticache_cluster"],
    attribute: "snapshot_retention_limit",
    judge: judge.atLeast(1),
    whenMissing: "unsafe",
    problem: "keeps no automatic snapshots",
    exempt: (model, resource) => {
      if (resource.labels[0] !== "aws_elasticache_cluster") return false;
      if (resource.attributes.has("replication_group_id")) return true; // the group decides
      const engine = setting(model, resource, "engine");
      return !(engine.state === "known" && (engine.value === "redis" || engine.value === "valkey"));
    },
  },
);
