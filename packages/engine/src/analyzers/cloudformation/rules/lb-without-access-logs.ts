import { lbWithoutAccessLogs as terraformRule } from "../../terraform/rules/lb-without-access-logs.ts";
import { attributeIs, loadBalancerType } from "../load-balancer-attributes.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const lbWithoutAccessLogs = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ElasticLoadBalancingV2::LoadBalancer` has no `access_logs.s3.enabled: true` in its `LoadBalancerAttributes` (the default is off).",
      remediation:
        'Add `{ Key: access_logs.s3.enabled, Value: "true" }` and `{ Key: access_logs.s3.bucket, Value: <log bucket> }` to `LoadBalancerAttributes`. Gateway load balancers, which have no access logs, are not flagged.',
      example:
        'Web:\n  Type: AWS::ElasticLoadBalancingV2::LoadBalancer\n  Properties:\n    LoadBalancerAttributes:\n      - Key: access_logs.s3.enabled\n        Value: "true"\n      - Key: access_logs.s3.bucket\n        Value: !Ref LogBucket',
    },
  }),
  {
    types: ["AWS::ElasticLoadBalancingV2::LoadBalancer"],
    path: ["LoadBalancerAttributes"],
    judge: attributeIs("access_logs.s3.enabled", true),
    whenMissing: "unsafe",
    problem: "does not write access logs",
    exempt: (model, resource) => {
      const type = loadBalancerType(model, resource);
      return type === undefined || type === "gateway";
    },
  },
);
