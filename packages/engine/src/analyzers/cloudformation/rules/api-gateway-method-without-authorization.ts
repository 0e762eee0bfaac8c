import { defineFileRule } from "../../../rule.ts";
import {
  booleanOf,
  type CfnModel,
  keySpan,
  lookup,
  resourceSpan,
  resourcesOfType,
  stringValue,
} from "../model.ts";

export const apiGatewayMethodWithoutAuthorization = defineFileRule<CfnModel>({
  id: "cloudformation/api-gateway-method-without-authorization",
  analyzer: "cloudformation",
  title: "API Gateway method open without authorization",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [306],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "An `AWS::ApiGateway::Method` has `AuthorizationType: NONE` (or none set) and does not require an API key.",
    whyItMatters:
      "Anyone on the internet can call the method; the backend must authenticate every request itself.",
    remediation:
      "Use `AWS_IAM`, `COGNITO_USER_POOLS` or a `CUSTOM` authorizer, or `ApiKeyRequired: true` for machine clients. CORS preflight (`OPTIONS`) methods are not reported; deliberately public methods can be suppressed with a reason.",
    example:
      "Method:\n  Type: AWS::ApiGateway::Method\n  Properties:\n    HttpMethod: POST\n    AuthorizationType: AWS_IAM",
    references: [
      "https://docs.aws.amazon.com/apigateway/latest/developerguide/apigateway-control-access-to-api.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::ApiGateway::Method")) {
      const method = lookup(resource.properties, "HttpMethod");
      if (method.state !== "present") continue;
      const verb = stringValue(ctx.model, method.entry.value);
      if (verb === undefined || verb.toUpperCase() === "OPTIONS") continue;
      const apiKey = lookup(resource.properties, "ApiKeyRequired");
      if (apiKey.state === "present" && booleanOf(ctx.model, apiKey.entry.value) !== false) continue;
      const auth = lookup(resource.properties, "AuthorizationType");
      if (auth.state === "unknown") continue;
      if (auth.state === "present") {
        if (stringValue(ctx.model, auth.entry.value) !== "NONE") continue;
        ctx.report({
          message: `${resource.logicalId}: ${verb} requires no authorization`,
          at: keySpan(auth.entry),
        });
      } else {
        ctx.report({
          message: `${resource.logicalId}: ${verb} sets no AuthorizationType`,
          at: resourceSpan(resource),
        });
      }
    }
  },
});
