// `AWS::ElasticLoadBalancingV2::LoadBalancer` settings that live in `LoadBalancerAttributes`, a
// list of `{Key, Value}` strings, for the load balancer rules that judge one attribute each.
import { childOf, type YamlNode } from "../../parse/yaml-tree.ts";
import { booleanOf, type CfnModel, type CfnResource, itemsOf, stringValue, UNKNOWN } from "./model.ts";
import type { Verdict } from "./properties.ts";

/** Reads one `LoadBalancerAttributes` entry: its boolean, or undefined when it cannot be told. */
export function attributeIs(key: string, want: boolean) {
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
export function loadBalancerType(model: CfnModel, resource: CfnResource): string | undefined {
  const type = childOf(resource.properties, "Type");
  return type === undefined ? "application" : stringValue(model, type);
}
