import { childOf } from "../../../parse/yaml-tree.ts";
import type { FileRule } from "../../../rule.ts";
import { albWithoutWaf as terraformRule } from "../../terraform/rules/alb-without-waf.ts";
import { type CfnModel, resourceSpan, resourcesOfType, stringValue } from "../model.ts";
import { namedByCompanions, sameHazardAs } from "../properties.ts";

export const WEB_ACL_ASSOCIATIONS = ["AWS::WAFv2::WebACLAssociation", "AWS::WAFRegional::WebACLAssociation"];

export const albWithoutWaf: FileRule<CfnModel> = {
  ...sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An application `AWS::ElasticLoadBalancingV2::LoadBalancer` is named (`ResourceArn: !Ref <LoadBalancer>`) by no `AWS::WAFv2::WebACLAssociation` (or regional WAF association) of the template.",
      remediation:
        "Add an `AWS::WAFv2::WebACLAssociation` with `ResourceArn: !Ref <LoadBalancer>` and a `WebACLArn` with managed rule groups. An association whose `ResourceArn` is a parameter, an import or a literal ARN may be this one: nothing is reported then.",
      example:
        "LoadBalancerWaf:\n  Type: AWS::WAFv2::WebACLAssociation\n  Properties:\n    ResourceArn: !Ref LoadBalancer\n    WebACLArn: !GetAtt WebAcl.Arn",
    },
  }),
  check(ctx) {
    const named = namedByCompanions(ctx.model, WEB_ACL_ASSOCIATIONS, "ResourceArn");
    if (named === "unknown") return;
    for (const balancer of resourcesOfType(ctx.model, "AWS::ElasticLoadBalancingV2::LoadBalancer")) {
      if (named.has(balancer.logicalId)) continue;
      const type = childOf(balancer.properties, "Type");
      // Only application load balancers take a web ACL; a type we cannot read cannot be told.
      if (type !== undefined && stringValue(ctx.model, type) !== "application") continue;
      ctx.report({
        message: `${balancer.logicalId}: no WAF web ACL is associated`,
        at: resourceSpan(balancer),
      });
    }
  },
};
