import type { FileRule } from "../../../rule.ts";
import { addressOf, at, headerOf, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const apigatewayv2RouteWithoutAuth: FileRule<TerraformModel> = {
  id: "terraform/apigatewayv2-route-without-auth",
  analyzer: "terraform",
  title: "API Gateway v2 route callable without authorization",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [306],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      'An `aws_apigatewayv2_route` leaves `authorization_type` at `"NONE"` (the default) and requires no API key.',
    whyItMatters:
      "Anyone on the internet can call the route and the integration behind it; abuse cannot be tied to a caller.",
    remediation:
      'Set `authorization_type` to `"JWT"`, `"AWS_IAM"` or `"CUSTOM"` with an `authorizer_id`. `OPTIONS` routes (CORS) are not flagged.',
    example:
      'resource "aws_apigatewayv2_route" "items" {\n  route_key          = "GET /items"\n  authorization_type = "JWT"\n  authorizer_id      = aws_apigatewayv2_authorizer.users.id\n}',
  },
  check(ctx) {
    for (const route of resources(ctx.model, "aws_apigatewayv2_route")) {
      const key = setting(ctx.model, route, "route_key");
      if (key.state !== "known" || typeof key.value !== "string" || /^OPTIONS\s/i.test(key.value)) continue;
      const apiKey = setting(ctx.model, route, "api_key_required");
      if (apiKey.state !== "missing" && !(apiKey.state === "known" && apiKey.value === false)) continue;
      const type = setting(ctx.model, route, "authorization_type");
      if (type.state === "unknown") continue;
      if (type.state === "missing" || type.value === null) {
        ctx.report({
          message: `${addressOf(route)} can be called without authorization (authorization_type is not set)`,
          at: headerOf(route),
        });
      } else if (typeof type.value === "string" && type.value.toUpperCase() === "NONE") {
        ctx.report({
          message: `${addressOf(route)} can be called without authorization`,
          at: at(type.attribute.span),
        });
      }
    }
  },
};
