import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import {
  type CfnModel,
  evaluate,
  itemsOf,
  keySpan,
  lookup,
  resourcesOfType,
  stringValue,
  UNKNOWN,
} from "../model.ts";

export const httpLoadBalancerListener = defineFileRule<CfnModel>({
  id: "cloudformation/http-load-balancer-listener",
  analyzer: "cloudformation",
  title: "Load balancer listener serves plain HTTP",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "An `AWS::ElasticLoadBalancingV2::Listener` uses `Protocol: HTTP` and does not redirect to HTTPS, or a classic `AWS::ElasticLoadBalancing::LoadBalancer` listener uses HTTP.",
    whyItMatters:
      "Requests, cookies and credentials travel in clear text and can be read or altered on the way.",
    remediation:
      "Serve HTTPS (with a certificate) and make the HTTP listener's default action a `redirect` to HTTPS; such redirecting listeners are not reported.",
    example:
      "HttpListener:\n  Type: AWS::ElasticLoadBalancingV2::Listener\n  Properties:\n    Protocol: HTTP\n    Port: 80\n    DefaultActions:\n      - Type: redirect\n        RedirectConfig:\n          Protocol: HTTPS\n          Port: '443'\n          StatusCode: HTTP_301",
    references: [
      "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/load-balancer-listeners.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::ElasticLoadBalancingV2::Listener")) {
      const protocol = lookup(resource.properties, "Protocol");
      if (protocol.state !== "present" || stringValue(ctx.model, protocol.entry.value) !== "HTTP") continue;
      const actions = itemsOf(childOf(resource.properties, "DefaultActions"));
      if (actions === UNKNOWN) continue;
      const redirectsToHttps = actions.some(
        (action) =>
          evaluate(ctx.model, childOf(action, "Type")) === "redirect" &&
          evaluate(ctx.model, childOf(childOf(action, "RedirectConfig"), "Protocol")) !== "HTTP",
      );
      if (redirectsToHttps) continue;
      ctx.report({
        message: `${resource.logicalId}: the listener serves plain HTTP`,
        at: keySpan(protocol.entry),
      });
    }
    for (const resource of resourcesOfType(ctx.model, "AWS::ElasticLoadBalancing::LoadBalancer")) {
      const listeners = itemsOf(childOf(resource.properties, "Listeners"));
      if (listeners === UNKNOWN) continue;
      for (const listener of listeners) {
        const protocol = lookup(listener, "Protocol");
        if (protocol.state !== "present") continue;
        if (stringValue(ctx.model, protocol.entry.value)?.toUpperCase() !== "HTTP") continue;
        ctx.report({
          message: `${resource.logicalId}: a listener serves plain HTTP`,
          at: keySpan(protocol.entry),
        });
      }
    }
  },
});
