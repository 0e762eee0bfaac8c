import { judge, settingRule } from "../checks.ts";

export const cloudtrailWithoutCloudwatchLogs = settingRule(
  {
    id: "terraform/cloudtrail-without-cloudwatch-logs",
    analyzer: "terraform",
    title: "CloudTrail not delivering to CloudWatch Logs",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-01"],
    docs: {
      summary:
        "An `aws_cloudtrail` has no `cloud_watch_logs_group_arn`, so its events reach only the S3 bucket.",
      whyItMatters:
        "Metric filters and alarms on root logins, policy changes or disabled trails need the events in CloudWatch Logs; a trail read only from S3 is read after the fact, if at all.",
      remediation:
        "Set `cloud_watch_logs_group_arn` (with `cloud_watch_logs_role_arn`) to a log group, and alarm on the events that matter.",
      example:
        'resource "aws_cloudtrail" "main" {\n  cloud_watch_logs_group_arn = "arn:aws:logs:eu-west-1:111122223333:log-group:trail:*"\n  cloud_watch_logs_role_arn  = aws_iam_role.trail.arn\n}',
      references: [
        "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/send-cloudtrail-events-to-cloudwatch-logs.html",
      ],
    },
  },
  {
    types: ["aws_cloudtrail"],
    attribute: "cloud_watch_logs_group_arn",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not deliver events to CloudWatch Logs",
  },
);
