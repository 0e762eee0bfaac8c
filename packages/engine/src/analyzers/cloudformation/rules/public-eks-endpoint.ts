import { defineFileRule } from "../../../rule.ts";
import {
  booleanOf,
  type CfnModel,
  itemsOf,
  keySpan,
  lookup,
  resourceSpan,
  resourcesOfType,
  stringValue,
  UNKNOWN,
} from "../model.ts";

export const publicEksEndpoint = defineFileRule<CfnModel>({
  id: "cloudformation/public-eks-endpoint",
  analyzer: "cloudformation",
  title: "EKS API endpoint open to the whole internet",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "An `AWS::EKS::Cluster` keeps its public API endpoint (the default) without restricting `PublicAccessCidrs`, which default to `0.0.0.0/0`.",
    whyItMatters:
      "The Kubernetes API is reachable from anywhere; a leaked kubeconfig or an API server flaw is exploitable from the internet.",
    remediation:
      "Set `EndpointPublicAccess: false` and `EndpointPrivateAccess: true`, or list the office/VPN ranges in `PublicAccessCidrs`.",
    example:
      "ResourcesVpcConfig:\n  SubnetIds: [!Ref SubnetA, !Ref SubnetB]\n  EndpointPublicAccess: false\n  EndpointPrivateAccess: true",
    references: ["https://docs.aws.amazon.com/eks/latest/userguide/cluster-endpoint.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::EKS::Cluster")) {
      const config = lookup(resource.properties, "ResourcesVpcConfig");
      if (config.state === "unknown") continue;
      const publicAccess = lookup(resource.properties, "ResourcesVpcConfig", "EndpointPublicAccess");
      if (publicAccess.state === "unknown") continue;
      if (publicAccess.state === "present" && booleanOf(ctx.model, publicAccess.entry.value) !== true)
        continue;
      const cidrs = lookup(resource.properties, "ResourcesVpcConfig", "PublicAccessCidrs");
      if (cidrs.state === "unknown") continue;
      if (cidrs.state === "present") {
        const items = itemsOf(cidrs.entry.value);
        if (items === UNKNOWN) continue;
        if (!items.some((item) => stringValue(ctx.model, item) === "0.0.0.0/0")) continue;
        ctx.report({
          message: `${resource.logicalId}: the API endpoint is open to 0.0.0.0/0`,
          at: keySpan(cidrs.entry),
        });
        continue;
      }
      const at =
        publicAccess.state === "present"
          ? keySpan(publicAccess.entry)
          : config.state === "present"
            ? keySpan(config.entry)
            : resourceSpan(resource);
      ctx.report({ message: `${resource.logicalId}: the API endpoint is public and open to 0.0.0.0/0`, at });
    }
  },
});
