import { judge, settingRule } from "../checks.ts";

export const emrClusterWithoutLogging = settingRule(
  {
    id: "terraform/emr-cluster-without-logging",
    analyzer: "terraform",
    title: "EMR cluster without a log location",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `aws_emr_cluster` has no `log_uri`, so step, node and application logs are lost with the cluster.",
      whyItMatters:
        "Without logs in S3 the jobs a cluster ran, and who ran them, cannot be reconstructed after it terminates.",
      remediation: "Set `log_uri` to an S3 location.",
      example: 'resource "aws_emr_cluster" "etl" {\n  log_uri = "s3://example-logs/emr/"\n}',
    },
  },
  {
    types: ["aws_emr_cluster"],
    attribute: "log_uri",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not keep its logs",
  },
);
