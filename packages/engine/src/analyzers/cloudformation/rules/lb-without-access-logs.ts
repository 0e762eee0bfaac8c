import { childOf, type YamlNode } from "../../../parse/yaml-tree.ts";
import { lbWithoutAccessLogs as terraformRule } from "../../terraform/rules/lb-without-access-logs.ts";
import { booleanOf, type CfnModel, type CfnResource, itemsOf, stringValue, UNKNOWN } from "../model.ts";
import type { Verdict } from "../properties.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

/** Reads one `LoadBalancerAttributes` entry: its boolean, or undefined when it cannot be told. */
function attributeIs(key: string, want: boolean) {
  return (model: CfnModel, attributes: YamlNode): Verdict => {
    const items = itemsOf(attributes);
    if (items === UNKNOWN) return "unknown";
    let unreadable = false;
    let found: boolean | undefined;
    for (const item of items) {
      const name = stringValue(model, childOf(item, "Key"));
      if (name === undefined) unreadable = true;
      else if (name === key) {
        const value = booleanOf(model, childOf(item, "Value"));
        if (value === undefined) return "unknown";
        found = value;
      }
    }
    if (found === undefined) return unreadable ? "unknown" : want ? "unsafe" : "safe";
    return found === want ? "safe" : "unsafe";
  };
}

/** `Type` of a load balancer: application when unset; undefined when it cannot be read. */
function typeOf(model: CfnModel, resource: CfnResource): string | undefined {
  const type = childOf(resource.properties, "Type");
  return type === undefined ? "application" : stringValue(model, type);
}

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
      const type = typeOf(model, resource);
      return type === undefined || type === "gateway";
    },
  },
);
