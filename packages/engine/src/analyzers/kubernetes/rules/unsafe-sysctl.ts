import { defineFileRule } from "../../../rule.ts";
import { childOf, itemsOf, type K8sModel, spanOf, stringOf } from "../model.ts";

/** The sysctls Kubernetes considers namespaced and safe (Pod Security Standards, baseline). */
const SAFE = new Set([
  "kernel.shm_rmid_forced",
  "net.ipv4.ip_local_port_range",
  "net.ipv4.ip_unprivileged_port_start",
  "net.ipv4.tcp_syncookies",
  "net.ipv4.ping_group_range",
  "net.ipv4.ip_local_reserved_ports",
  "net.ipv4.tcp_keepalive_time",
  "net.ipv4.tcp_fin_timeout",
  "net.ipv4.tcp_keepalive_intvl",
  "net.ipv4.tcp_keepalive_probes",
]);

export const unsafeSysctl = defineFileRule<K8sModel>({
  id: "kubernetes/unsafe-sysctl",
  analyzer: "kubernetes",
  title: "Pod sets an unsafe sysctl",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [668],
  controls: ["K8S-POD-03"],
  docs: {
    summary: "A pod's `securityContext.sysctls` sets a kernel parameter outside the safe, namespaced set.",
    whyItMatters:
      "Unsafe sysctls are not isolated per pod: they change the node's kernel for every workload on it, or can take the node down.",
    remediation:
      "Use only the safe sysctls, or tune the node itself (and taint it for the workloads that need it).",
    example: "securityContext:\n  sysctls:\n    - name: net.ipv4.tcp_keepalive_time\n      value: '600'",
    references: ["https://kubernetes.io/docs/tasks/administer-cluster/sysctl-cluster/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const sysctl of itemsOf(childOf(workload.podSecurityContext, "sysctls"))) {
        const name = stringOf(childOf(sysctl, "name"));
        if (name === undefined || SAFE.has(name)) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name} sets unsafe sysctl ${name}`,
          at: spanOf(sysctl),
        });
      }
    }
  },
});
