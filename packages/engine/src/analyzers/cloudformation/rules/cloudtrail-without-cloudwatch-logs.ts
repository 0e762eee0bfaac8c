import { cloudtrailWithoutCloudwatchLogs as terraformRule } from "../../terraform/rules/cloudtrail-without-cloudwatch-logs.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const cloudtrailWithoutCloudwatchLogs = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::CloudTrail::Trail` has no `CloudWatchLogsLogGroupArn`, so its events reach only the S3 bucket.",
      remediation:
        "Set `CloudWatchLogsLogGroupArn` (with `CloudWatchLogsRoleArn`) to a log group, and alarm on the events that matter.",
      example:
        "Trail:\n  Type: AWS::CloudTrail::Trail\n  Properties:\n    CloudWatchLogsLogGroupArn: !GetAtt TrailLogs.Arn\n    CloudWatchLogsRoleArn: !GetAtt TrailRole.Arn",
    },
  }),
  {
    types: ["AWS::CloudTrail::Trail"],
    path: ["CloudWatchLogsLogGroupArn"],
    judge: is.present,
    whenMissing: "unsafe",
    problem: "does not deliver events to CloudWatch Logs",
  },
);
