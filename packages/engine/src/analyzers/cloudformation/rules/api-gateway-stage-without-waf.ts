import { childOf } from "../../../parse/yaml-tree.ts";
import type { FileRule } from "../../../rule.ts";
import { apiGatewayStageWithoutWaf as terraformRule } from "../../terraform/rules/api-gateway-stage-without-waf.ts";
import { type CfnModel, intrinsicOf, resourceSpan, resourcesOfType } from "../model.ts";
import { namedByCompanions, sameHazardAs } from "../properties.ts";
import { WEB_ACL_ASSOCIATIONS } from "./alb-without-waf.ts";

export const apiGatewayStageWithoutWaf: FileRule<CfnModel> = {
  ...sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ApiGateway::Stage` is named by no `AWS::WAFv2::WebACLAssociation` (or regional WAF association) of the template: neither the stage nor its REST API appears in an association's `ResourceArn` (usually a `!Sub` of the stage ARN).",
      remediation:
        "Add an `AWS::WAFv2::WebACLAssociation` whose `ResourceArn` is the stage's ARN (`arn:aws:apigateway:<region>::/restapis/<api id>/stages/<stage name>`, built with `!Sub`) and a `WebACLArn`. An association whose `ResourceArn` is a parameter, an import or a literal ARN may be this one: nothing is reported then.",
      example: `ApiWaf:\n  Type: AWS::WAFv2::WebACLAssociation\n  Properties:\n    ResourceArn: !Sub arn:aws:apigateway:\${AWS::Region}::/restapis/\${Api}/stages/\${ProdStage}\n    WebACLArn: !GetAtt WebAcl.Arn`,
    },
  }),
  check(ctx) {
    const named = namedByCompanions(ctx.model, WEB_ACL_ASSOCIATIONS, "ResourceArn");
    if (named === "unknown") return;
    for (const stage of resourcesOfType(ctx.model, "AWS::ApiGateway::Stage")) {
      if (named.has(stage.logicalId)) continue;
      // An ARN built from the API with a literal stage name may be this stage: its API counts.
      const api = intrinsicOf(childOf(stage.properties, "RestApiId"));
      if (api?.name === "Ref" && api.argument.kind === "scalar" && named.has(String(api.argument.value)))
        continue;
      ctx.report({ message: `${stage.logicalId}: no WAF web ACL is associated`, at: resourceSpan(stage) });
    }
  },
};
