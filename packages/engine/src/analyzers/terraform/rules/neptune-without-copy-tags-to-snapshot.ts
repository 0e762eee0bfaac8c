import { judge, settingRule } from "../checks.ts";

export const neptuneWithoutCopyTagsToSnapshot = settingRule(
  {
    id: "terraform/neptune-without-copy-tags-to-snapshot",
    analyzer: "terraform",
    title: "Neptune cluster does not copy tags to snapshots",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `aws_neptune_cluster` does not set `copy_tags_to_snapshot = true` (the default is off).",
      whyItMatters:
        "Snapshots without the cluster's tags escape the tag-based backup plans, access policies and retention rules the cluster is governed by.",
      remediation: "Set `copy_tags_to_snapshot = true`.",
      example: 'resource "aws_neptune_cluster" "graph" {\n  copy_tags_to_snapshot = true\n}',
    },
  },
  {
    types: ["aws_neptune_cluster"],
    attribute: "copy_tags_to_snapshot",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not copy its tags to snapshots",
    fixValue: "true",
  },
);
