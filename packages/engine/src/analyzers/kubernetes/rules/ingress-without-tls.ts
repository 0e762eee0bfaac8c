import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, itemsOf, type K8sModel, keySpan, spanOf, stringOf } from "../model.ts";

/** Annotations under which the load balancer itself terminates TLS. */
const TLS_AT_LOAD_BALANCER = [
  "alb.ingress.kubernetes.io/certificate-arn",
  "networking.gke.io/managed-certificates",
  "ingress.gcp.kubernetes.io/pre-shared-cert",
  "appgw.ingress.kubernetes.io/appgw-ssl-certificate",
];

export const ingressWithoutTls = defineFileRule<K8sModel>({
  id: "kubernetes/ingress-without-tls",
  analyzer: "kubernetes",
  title: "Ingress without TLS",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "An `Ingress` has no `spec.tls` section and no annotation that terminates TLS at the cloud load balancer (AWS ALB certificate, GKE managed certificate, Azure Application Gateway certificate).",
    whyItMatters:
      "The hosts are served over plain HTTP: credentials and session cookies can be read and altered in transit.",
    remediation: "Add `spec.tls` with the hosts and a certificate Secret (cert-manager can issue it).",
    example: "spec:\n  tls:\n    - hosts: [app.example.com]\n      secretName: app-tls",
    references: ["https://kubernetes.io/docs/concepts/services-networking/ingress/#tls"],
  },
  check(ctx) {
    for (const object of ctx.model.objects) {
      if (object.kind !== "Ingress") continue;
      const tls = entryOf(childOf(object.root, "spec"), "tls");
      if (tls && (tls.value.kind !== "seq" || itemsOf(tls.value).length > 0)) continue;
      const annotations = childOf(object.metadata, "annotations");
      if (TLS_AT_LOAD_BALANCER.some((key) => stringOf(childOf(annotations, key)) !== undefined)) continue;
      const spec = entryOf(object.root, "spec");
      ctx.report({
        message: `Ingress ${object.name} serves its hosts without TLS`,
        at: spec ? keySpan(spec) : spanOf(object),
      });
    }
  },
});
