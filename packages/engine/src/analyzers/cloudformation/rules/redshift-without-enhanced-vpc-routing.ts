import { redshiftWithoutEnhancedVpcRouting as terraformRule } from "../../terraform/rules/redshift-without-enhanced-vpc-routing.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const redshiftWithoutEnhancedVpcRouting = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::Redshift::Cluster` does not set `EnhancedVpcRouting: true`.",
      remediation:
        "Set `EnhancedVpcRouting: true` so `COPY` and `UNLOAD` traffic goes through the VPC (its endpoints, security groups and flow logs).",
      example: "Warehouse:\n  Type: AWS::Redshift::Cluster\n  Properties:\n    EnhancedVpcRouting: true",
    },
  }),
  {
    types: ["AWS::Redshift::Cluster"],
    path: ["EnhancedVpcRouting"],
    judge: is.boolean(true),
    whenMissing: "unsafe",
    problem: "routes COPY and UNLOAD traffic outside the VPC",
  },
);
