import { opensearchDomainOutsideVpc as terraformRule } from "../../terraform/rules/opensearch-domain-outside-vpc.ts";
import { itemsOf, UNKNOWN } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const opensearchDomainOutsideVpc = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::OpenSearchService::Domain` or `AWS::Elasticsearch::Domain` has no `VPCOptions.SubnetIds`, so its endpoint is public.",
      remediation: "Place the domain in a VPC with `VPCOptions: { SubnetIds: […], SecurityGroupIds: […] }`.",
      example:
        "Search:\n  Type: AWS::OpenSearchService::Domain\n  Properties:\n    VPCOptions:\n      SubnetIds: [!Ref PrivateSubnet]\n      SecurityGroupIds: [!Ref SearchGroup]",
    },
  }),
  {
    types: ["AWS::OpenSearchService::Domain", "AWS::Elasticsearch::Domain"],
    path: ["VPCOptions", "SubnetIds"],
    judge: (_model, value) => {
      const items = itemsOf(value);
      if (items === UNKNOWN) return "unknown";
      return items.length > 0 ? "safe" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "has a public endpoint",
  },
);
