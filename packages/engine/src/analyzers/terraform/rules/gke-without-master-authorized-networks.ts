import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, headerOf, nested, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { isWorld } from "../network.ts";

export const gkeWithoutMasterAuthorizedNetworks: FileRule<TerraformModel> = {
  id: "terraform/gke-without-master-authorized-networks",
  analyzer: "terraform",
  title: "GKE control plane reachable from any address",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "A `google_container_cluster` has no `master_authorized_networks_config` and no private endpoint, or " +
      "authorizes `0.0.0.0/0` in it, so the Kubernetes API server accepts connections from the whole internet.",
    whyItMatters:
      "The API server is then exposed to credential stuffing and to any Kubernetes vulnerability, from anywhere.",
    remediation:
      "Add `master_authorized_networks_config` with the CIDRs of CI and operators, or enable the private " +
      "endpoint (`private_cluster_config { enable_private_endpoint = true }`).",
    example:
      'resource "google_container_cluster" "main" {\n  master_authorized_networks_config {\n    cidr_blocks {\n      cidr_block   = "10.0.0.0/8"\n      display_name = "internal"\n    }\n  }\n}',
    references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/authorized-networks"],
  },
  check(ctx) {
    for (const cluster of resources(ctx.model, "google_container_cluster")) {
      const authorized = nested(cluster, ["master_authorized_networks_config"]);
      if (authorized) {
        // An authorized network of 0.0.0.0/0 restricts nothing: it is the same as having none.
        for (const cidr of children(authorized, "cidr_blocks")) {
          const block = setting(ctx.model, cidr, "cidr_block");
          if (block.state !== "known" || typeof block.value !== "string" || !isWorld(block.value)) continue;
          ctx.report({
            message: `${addressOf(cluster)} authorizes ${block.value} to reach its API server`,
            at: at(block.attribute.span),
          });
        }
        continue;
      }
      const privateConfig = nested(cluster, ["private_cluster_config"]);
      if (privateConfig) {
        const endpoint = setting(ctx.model, privateConfig, "enable_private_endpoint");
        if (endpoint.state === "unknown" || (endpoint.state === "known" && endpoint.value === true)) continue;
      }
      ctx.report({
        message: `${addressOf(cluster)} exposes its API server to every address`,
        at: headerOf(cluster),
      });
    }
  },
};
