import { judge, settingRule } from "../checks.ts";

export const publicRdsInstance = settingRule(
  {
    id: "terraform/public-rds-instance",
    analyzer: "terraform",
    title: "RDS instance reachable from the internet",
    severity: "critical",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary:
        "An `aws_db_instance` or `aws_rds_cluster_instance` sets `publicly_accessible = true`, giving it a " +
        "public DNS name and address.",
      whyItMatters:
        "The database listener becomes reachable from the internet wherever a security group allows it; " +
        "credential stuffing and engine vulnerabilities are then one rule change away.",
      remediation:
        "Set `publicly_accessible = false` (the default) and reach the database through the VPC, a bastion " +
        "or a VPN.",
      example: 'resource "aws_db_instance" "main" {\n  publicly_accessible = false\n}',
      references: [
        "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_VPC.WorkingWithRDSInstanceinaVPC.html",
      ],
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster_instance"],
    attribute: "publicly_accessible",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "is publicly accessible",
    fixValue: "false",
  },
);
