import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, resourcesOfType, stringValue } from "../model.ts";

export const lambdaUrlWithoutAuth = defineFileRule<CfnModel>({
  id: "cloudformation/lambda-url-without-auth",
  analyzer: "cloudformation",
  title: "Lambda function URL without authentication",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [306],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "An `AWS::Lambda::Url` (or a SAM function's `FunctionUrlConfig`) sets `AuthType: NONE`, so anyone on the internet can invoke the function.",
    whyItMatters:
      "The function runs with its role's permissions for every caller; unless it authenticates requests itself, that is an open door (and an open bill).",
    remediation:
      "Use `AuthType: AWS_IAM` and sign requests, or put the function behind API Gateway with an authorizer. Keep `NONE` only for functions that authenticate every request themselves, and suppress this finding with that reason.",
    example:
      "FunctionUrl:\n  Type: AWS::Lambda::Url\n  Properties:\n    AuthType: AWS_IAM\n    TargetFunctionArn: !GetAtt Function.Arn",
    references: ["https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::Lambda::Url")) {
      const auth = lookup(resource.properties, "AuthType");
      if (auth.state === "present" && stringValue(ctx.model, auth.entry.value) === "NONE") {
        ctx.report({
          message: `${resource.logicalId}: the function URL requires no authentication`,
          at: keySpan(auth.entry),
        });
      }
    }
    for (const resource of resourcesOfType(ctx.model, "AWS::Serverless::Function")) {
      const auth = lookup(resource.properties, "FunctionUrlConfig", "AuthType");
      if (auth.state === "present" && stringValue(ctx.model, auth.entry.value) === "NONE") {
        ctx.report({
          message: `${resource.logicalId}: the function URL requires no authentication`,
          at: keySpan(auth.entry),
        });
      }
    }
  },
});
