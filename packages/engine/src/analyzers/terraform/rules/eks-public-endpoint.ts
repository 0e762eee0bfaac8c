import type { FileRule } from "../../../rule.ts";
import { addressOf, at, headerOf, nested, resources, setting } from "../checks.ts";
import { isKnown, knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";
import { isWorld } from "../network.ts";

export const eksPublicEndpoint: FileRule<TerraformModel> = {
  id: "terraform/eks-public-endpoint",
  analyzer: "terraform",
  title: "EKS API server endpoint open to the internet",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "An `aws_eks_cluster` leaves `vpc_config.endpoint_public_access` at its default (true) or true, without " +
      "restricting `public_access_cidrs` (which defaults to `0.0.0.0/0`).",
    whyItMatters:
      "The Kubernetes API server is reachable from the whole internet, exposed to credential attacks and API " +
      "server vulnerabilities.",
    remediation:
      "Set `endpoint_public_access = false` and `endpoint_private_access = true`, or list the CIDRs of CI and " +
      "operators in `public_access_cidrs`. Clusters with a restricted CIDR list are not flagged.",
    example:
      'resource "aws_eks_cluster" "main" {\n  vpc_config {\n    subnet_ids              = var.subnet_ids\n    endpoint_private_access = true\n    endpoint_public_access  = false\n  }\n}',
    references: ["https://docs.aws.amazon.com/eks/latest/userguide/cluster-endpoint.html"],
  },
  check(ctx) {
    for (const cluster of resources(ctx.model, "aws_eks_cluster")) {
      const vpc = nested(cluster, ["vpc_config"]);
      if (!vpc || vpc.dynamic) continue;
      const publicAccess = setting(ctx.model, vpc, "endpoint_public_access");
      if (publicAccess.state === "unknown") continue;
      if (publicAccess.state === "known" && publicAccess.value !== true && publicAccess.value !== "true")
        continue;
      const cidrs = setting(ctx.model, vpc, "public_access_cidrs");
      if (cidrs.state === "unknown") continue;
      if (cidrs.state === "known" && !(isKnown(cidrs.value) && knownStrings(cidrs.value).some(isWorld)))
        continue;
      ctx.report({
        message: `${addressOf(cluster)} exposes its API server endpoint to the internet`,
        at: publicAccess.state === "known" ? at(publicAccess.attribute.span) : headerOf(vpc),
      });
    }
  },
};
