import { judge, settingRule } from "../checks.ts";

export const appsyncWithoutLogging = settingRule(
  {
    id: "terraform/appsync-without-logging",
    analyzer: "terraform",
    title: "AppSync API without field logging",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: 'An `aws_appsync_graphql_api` has no `log_config`, or sets `field_log_level = "NONE"`.',
      whyItMatters: "Without logs the resolvers' errors and the callers of a GraphQL API leave no record.",
      remediation: 'Add `log_config { cloudwatch_logs_role_arn = <role>, field_log_level = "ERROR" }`.',
      example:
        'resource "aws_appsync_graphql_api" "api" {\n  log_config {\n    cloudwatch_logs_role_arn = aws_iam_role.appsync_logs.arn\n    field_log_level          = "ERROR"\n  }\n}',
    },
  },
  {
    types: ["aws_appsync_graphql_api"],
    path: ["log_config"],
    attribute: "field_log_level",
    judge: judge.noneOf("NONE"),
    whenMissing: "unsafe",
    problem: "does not log resolver activity",
  },
);
