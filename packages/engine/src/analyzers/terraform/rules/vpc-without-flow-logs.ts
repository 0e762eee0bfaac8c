import type { ProjectRule } from "../../../rule.ts";
import { handedToModules, locatedAt, moduleOf } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const vpcWithoutFlowLogs: ProjectRule<TerraformSummary> = {
  id: "terraform/vpc-without-flow-logs",
  analyzer: "terraform",
  title: "VPC without flow logs",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-02"],
  docs: {
    summary: "An `aws_vpc` has no `aws_flow_log` whose `vpc_id` references it anywhere in its module.",
    whyItMatters:
      "Without flow logs there is no record of which hosts talked to which, so exfiltration and lateral " +
      "movement cannot be reconstructed.",
    remediation:
      "Add an `aws_flow_log` with `vpc_id = aws_vpc.<name>.id` to CloudWatch Logs or S3. A flow log whose " +
      "`vpc_id` comes from a variable counts for every VPC of its module.",
    example:
      'resource "aws_flow_log" "main" {\n  vpc_id          = aws_vpc.main.id\n  traffic_type    = "ALL"\n  log_destination = aws_s3_bucket.flow_logs.arn\n}',
    references: ["https://docs.aws.amazon.com/vpc/latest/userguide/flow-logs.html"],
  },
  check(ctx) {
    for (const file of ctx.files) {
      if (file.summary.vpcs.length === 0) continue;
      const targets = moduleOf(ctx, file.summary.dir).flatMap((other) => other.summary.flowLogTargets);
      if (targets.some((target) => target.unknown)) continue;
      const handed = handedToModules(ctx, file.summary.dir);
      for (const vpc of file.summary.vpcs) {
        if (targets.some((target) => target.reference === vpc.name)) continue;
        if (handed.has(`aws_vpc.${vpc.name}`)) continue; // a flow-log module may be given it
        ctx.report({ path: file.path, message: `aws_vpc.${vpc.name} has no flow log`, at: locatedAt(vpc) });
      }
    }
  },
};
