import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, resourceSpan, resourcesOfType, stringValue } from "../model.ts";

export const lambdaWithoutTracing = defineFileRule<CfnModel>({
  id: "cloudformation/lambda-without-tracing",
  analyzer: "cloudformation",
  title: "Lambda function without X-Ray tracing",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `AWS::Lambda::Function` does not set `TracingConfig.Mode: Active` (or a SAM function `Tracing: Active`, directly or through `Globals.Function`).",
    whyItMatters:
      "Without traces, following a request through the function and the services it calls during an incident is guesswork.",
    remediation:
      "Set `TracingConfig: { Mode: Active }` (SAM: `Tracing: Active`, best in `Globals.Function`).",
    example:
      "Function:\n  Type: AWS::Lambda::Function\n  Properties:\n    TracingConfig:\n      Mode: Active",
    references: ["https://docs.aws.amazon.com/lambda/latest/dg/services-xray.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::Lambda::Function")) {
      const mode = lookup(resource.properties, "TracingConfig", "Mode");
      if (mode.state === "unknown") continue;
      if (mode.state === "absent") {
        const config = lookup(resource.properties, "TracingConfig");
        ctx.report({
          message: `${resource.logicalId}: X-Ray tracing is not active`,
          at: config.state === "present" ? keySpan(config.entry) : resourceSpan(resource),
        });
      } else {
        const value = stringValue(ctx.model, mode.entry.value);
        if (value !== undefined && value !== "Active") {
          ctx.report({ message: `${resource.logicalId}: tracing mode is ${value}`, at: keySpan(mode.entry) });
        }
      }
    }
    const globalTracing = childOf(childOf(ctx.model.globals, "Function"), "Tracing");
    for (const resource of resourcesOfType(ctx.model, "AWS::Serverless::Function")) {
      const tracing = lookup(resource.properties, "Tracing");
      if (tracing.state === "unknown") continue;
      if (tracing.state === "absent") {
        if (globalTracing !== undefined) continue; // Globals decide (reported there if wrong is not our job)
        ctx.report({
          message: `${resource.logicalId}: X-Ray tracing is not active`,
          at: resourceSpan(resource),
        });
        continue;
      }
      const value = stringValue(ctx.model, tracing.entry.value);
      if (value !== undefined && value !== "Active") {
        ctx.report({ message: `${resource.logicalId}: tracing is ${value}`, at: keySpan(tracing.entry) });
      }
    }
  },
});
