import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, itemsOf, type K8sModel, keySpan } from "../model.ts";

export const serviceExternalIps = defineFileRule<K8sModel>({
  id: "kubernetes/service-external-ips",
  analyzer: "kubernetes",
  title: "Service sets externalIPs",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary: "A `Service` lists `externalIPs`.",
    whyItMatters:
      "Any address listed is intercepted by kube-proxy on every node; a Service can claim someone else's IP and capture its traffic (CVE-2020-8554).",
    remediation:
      "Use a LoadBalancer or an Ingress; block `externalIPs` cluster-wide with an admission policy.",
    example: "spec:\n  type: LoadBalancer",
    references: ["https://github.com/kubernetes/kubernetes/issues/97076"],
  },
  check(ctx) {
    for (const object of ctx.model.objects) {
      if (object.kind !== "Service") continue;
      const entry = entryOf(childOf(object.root, "spec"), "externalIPs");
      if (!entry || itemsOf(entry.value).length === 0) continue;
      ctx.report({ message: `Service ${object.name} claims external IPs`, at: keySpan(entry) });
    }
  },
});
