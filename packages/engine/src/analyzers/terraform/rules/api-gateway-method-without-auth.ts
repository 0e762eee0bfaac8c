import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import { asBoolean } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

export const apiGatewayMethodWithoutAuth: FileRule<TerraformModel> = {
  id: "terraform/api-gateway-method-without-auth",
  analyzer: "terraform",
  title: "API Gateway method callable without authorization",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [306],
  controls: ["IAC-NET-02"],
  docs: {
    summary: 'An `aws_api_gateway_method` sets `authorization = "NONE"` and does not require an API key.',
    whyItMatters:
      "Anyone on the internet can call the method and whatever integration sits behind it; abuse cannot be tied to a caller.",
    remediation:
      'Use `authorization = "AWS_IAM"`, `"COGNITO_USER_POOLS"` or `"CUSTOM"` with an authorizer. CORS pre-flight ' +
      "(`OPTIONS`) methods and methods that require an API key are not flagged; a deliberately public method can be suppressed.",
    example:
      'resource "aws_api_gateway_method" "get" {\n  http_method   = "GET"\n  authorization = "COGNITO_USER_POOLS"\n  authorizer_id = aws_api_gateway_authorizer.users.id\n}',
  },
  check(ctx) {
    for (const method of resources(ctx.model, "aws_api_gateway_method")) {
      const authorization = setting(ctx.model, method, "authorization");
      if (authorization.state !== "known" || typeof authorization.value !== "string") continue;
      if (authorization.value.toUpperCase() !== "NONE") continue;
      const verb = setting(ctx.model, method, "http_method");
      if (verb.state !== "known" || typeof verb.value !== "string" || verb.value.toUpperCase() === "OPTIONS")
        continue;
      const apiKey = setting(ctx.model, method, "api_key_required");
      if (apiKey.state === "unknown" || (apiKey.state === "known" && asBoolean(apiKey.value) !== false))
        continue;
      ctx.report({
        message: `${addressOf(method)} can be called without authorization`,
        at: at(authorization.attribute.span),
      });
    }
  },
};
