import { judge, settingRule } from "../checks.ts";

export const redshiftWithoutEnhancedVpcRouting = settingRule(
  {
    id: "terraform/redshift-without-enhanced-vpc-routing",
    analyzer: "terraform",
    title: "Redshift cluster without enhanced VPC routing",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `aws_redshift_cluster` does not set `enhanced_vpc_routing = true` (the default is false).",
      whyItMatters:
        "COPY and UNLOAD traffic then bypasses the VPC's routes, endpoints policies, security groups and flow logs, so data can move to any bucket unseen.",
      remediation: "Set `enhanced_vpc_routing = true` and provide S3 VPC endpoints or NAT routes.",
      example: 'resource "aws_redshift_cluster" "warehouse" {\n  enhanced_vpc_routing = true\n}',
    },
  },
  {
    types: ["aws_redshift_cluster"],
    attribute: "enhanced_vpc_routing",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "routes COPY and UNLOAD traffic outside the VPC",
    fixValue: "true",
  },
);
