import { lbWithoutDeletionProtection as terraformRule } from "../../terraform/rules/lb-without-deletion-protection.ts";
import { attributeIs, loadBalancerType } from "../load-balancer-attributes.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const lbWithoutDeletionProtection = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ElasticLoadBalancingV2::LoadBalancer` has no `deletion_protection.enabled: true` in its `LoadBalancerAttributes` (the default is off).",
      remediation: 'Add `{ Key: deletion_protection.enabled, Value: "true" }` to `LoadBalancerAttributes`.',
      example:
        'Web:\n  Type: AWS::ElasticLoadBalancingV2::LoadBalancer\n  Properties:\n    LoadBalancerAttributes:\n      - Key: deletion_protection.enabled\n        Value: "true"',
    },
  }),
  {
    types: ["AWS::ElasticLoadBalancingV2::LoadBalancer"],
    path: ["LoadBalancerAttributes"],
    judge: attributeIs("deletion_protection.enabled", true),
    whenMissing: "unsafe",
    problem: "can be deleted by a single API call (deletion protection is off)",
    exempt: (model, resource) => loadBalancerType(model, resource) === undefined,
  },
);
