import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

/** Annotations that make a LoadBalancer Service internal on the major clouds. */
const INTERNAL: [string, RegExp][] = [
  ["service.beta.kubernetes.io/aws-load-balancer-internal", /^(?:true|0\.0\.0\.0\/0)$/i],
  ["service.beta.kubernetes.io/aws-load-balancer-scheme", /^internal$/i],
  ["service.beta.kubernetes.io/azure-load-balancer-internal", /^true$/i],
  ["networking.gke.io/load-balancer-type", /^internal$/i],
  ["cloud.google.com/load-balancer-type", /^internal$/i],
  ["service.beta.kubernetes.io/oci-load-balancer-internal", /^true$/i],
  ["service.kubernetes.io/ibm-load-balancer-cloud-provider-ip-type", /^private$/i],
];

export const loadBalancerWithoutSourceRanges = defineFileRule<K8sModel>({
  id: "kubernetes/load-balancer-without-source-ranges",
  analyzer: "kubernetes",
  title: "Internet-facing LoadBalancer Service open to every source",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "A `Service` of type `LoadBalancer` sets no `loadBalancerSourceRanges` and is not marked internal by a cloud annotation.",
    whyItMatters:
      "The cloud creates a public load balancer reachable from the whole internet; admin UIs and databases exposed this way are found by scanners within hours.",
    remediation:
      "List the client CIDRs in `loadBalancerSourceRanges`, make the load balancer internal with your cloud's annotation, or publish HTTP services through an Ingress with TLS.",
    example: "spec:\n  type: LoadBalancer\n  loadBalancerSourceRanges:\n    - 203.0.113.0/24",
    references: [
      "https://kubernetes.io/docs/tasks/access-application-cluster/configure-cloud-provider-firewall/",
    ],
  },
  check(ctx) {
    for (const object of ctx.model.objects) {
      if (object.kind !== "Service") continue;
      const spec = childOf(object.root, "spec");
      const type = entryOf(spec, "type");
      if (!type || stringOf(type.value) !== "LoadBalancer") continue;
      if (entryOf(spec, "loadBalancerSourceRanges")) continue;
      const annotations = childOf(object.metadata, "annotations");
      const internal = INTERNAL.some(([key, value]) => {
        const text = stringOf(childOf(annotations, key));
        return text !== undefined && value.test(text);
      });
      if (internal) continue;
      ctx.report({
        message: `Service ${object.name} is a LoadBalancer open to every source`,
        at: keySpan(type),
      });
    }
  },
});
