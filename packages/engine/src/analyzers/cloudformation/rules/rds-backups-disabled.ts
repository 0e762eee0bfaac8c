import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, numberValue, resourcesOfType } from "../model.ts";

export const rdsBackupsDisabled = defineFileRule<CfnModel>({
  id: "cloudformation/rds-backups-disabled",
  analyzer: "cloudformation",
  title: "RDS automated backups disabled",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [693],
  controls: ["IAC-BAK-01"],
  docs: {
    summary:
      "An RDS instance or cluster sets `BackupRetentionPeriod: 0`, which turns off automated backups and point-in-time recovery.",
    whyItMatters:
      "A bad migration, a deleted table or ransomware cannot be rolled back; the data is simply gone.",
    remediation: "Keep `BackupRetentionPeriod` at 7 days or more (the default is 1).",
    example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    BackupRetentionPeriod: 7",
    references: [
      "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_WorkingWithAutomatedBackups.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::RDS::DBInstance", "AWS::RDS::DBCluster")) {
      const found = lookup(resource.properties, "BackupRetentionPeriod");
      if (found.state !== "present") continue;
      if (numberValue(ctx.model, found.entry.value) !== 0) continue;
      ctx.report({
        message: `${resource.logicalId}: BackupRetentionPeriod is 0; automated backups are off`,
        at: keySpan(found.entry),
      });
    }
  },
});
