import { albKeepsInvalidHeaders as terraformRule } from "../../terraform/rules/alb-keeps-invalid-headers.ts";
import { attributeIs, loadBalancerType } from "../load-balancer-attributes.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const albKeepsInvalidHeaders = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An application `AWS::ElasticLoadBalancingV2::LoadBalancer` has no `routing.http.drop_invalid_header_fields.enabled: true` in its `LoadBalancerAttributes` (the default is off).",
      remediation:
        'Add `{ Key: routing.http.drop_invalid_header_fields.enabled, Value: "true" }` to `LoadBalancerAttributes`. Network and gateway load balancers are not flagged.',
      example:
        'Web:\n  Type: AWS::ElasticLoadBalancingV2::LoadBalancer\n  Properties:\n    LoadBalancerAttributes:\n      - Key: routing.http.drop_invalid_header_fields.enabled\n        Value: "true"',
    },
  }),
  {
    types: ["AWS::ElasticLoadBalancingV2::LoadBalancer"],
    path: ["LoadBalancerAttributes"],
    judge: attributeIs("routing.http.drop_invalid_header_fields.enabled", true),
    whenMissing: "unsafe",
    problem: "forwards requests with invalid HTTP headers",
    exempt: (model, resource) => loadBalancerType(model, resource) !== "application",
  },
);
