import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, intrinsicOf, resourceSpan, resourcesOfType } from "../model.ts";

export const vpcWithoutFlowLogs = defineFileRule<CfnModel>({
  id: "cloudformation/vpc-without-flow-logs",
  analyzer: "cloudformation",
  title: "VPC without flow logs",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-02"],
  docs: {
    summary:
      "An `AWS::EC2::VPC` has no `AWS::EC2::FlowLog` in the same template whose `ResourceId` refers to it. Templates that pass the VPC id on to other stacks may log it elsewhere; suppress with that reason.",
    whyItMatters:
      "Without flow logs nobody can tell, after an incident, which hosts talked to which addresses.",
    remediation: "Add an `AWS::EC2::FlowLog` with `ResourceType: VPC` and `ResourceId: !Ref Vpc`.",
    example:
      "FlowLog:\n  Type: AWS::EC2::FlowLog\n  Properties:\n    ResourceType: VPC\n    ResourceId: !Ref Vpc\n    TrafficType: ALL\n    LogDestinationType: s3\n    LogDestination: !GetAtt FlowLogBucket.Arn",
    references: ["https://docs.aws.amazon.com/vpc/latest/userguide/flow-logs.html"],
  },
  check(ctx) {
    const resourceIds = new Set(ctx.model.resources.map((resource) => resource.logicalId));
    const logged = new Set<string>();
    let unknownTarget = false;
    for (const flowLog of ctx.model.resources.filter((resource) => resource.type === "AWS::EC2::FlowLog")) {
      const target = intrinsicOf(childOf(flowLog.properties, "ResourceId"));
      const name =
        target?.name === "Ref" && target.argument.kind === "scalar" ? String(target.argument.value) : "";
      if (resourceIds.has(name)) logged.add(name);
      else unknownTarget = true; // a parameter, an import or a literal id: it may be any of our VPCs
    }
    if (unknownTarget) return;
    for (const vpc of resourcesOfType(ctx.model, "AWS::EC2::VPC")) {
      if (logged.has(vpc.logicalId)) continue;
      ctx.report({
        message: `${vpc.logicalId}: no flow log records this VPC's traffic`,
        at: resourceSpan(vpc),
      });
    }
  },
});
