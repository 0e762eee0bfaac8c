import { defineFileRule } from "../../../rule.ts";
import { entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

export const unmaskedProcMount = defineFileRule<K8sModel>({
  id: "kubernetes/unmasked-proc-mount",
  analyzer: "kubernetes",
  title: "Container with an unmasked /proc",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [668],
  controls: ["K8S-POD-04"],
  docs: {
    summary: "A container sets `securityContext.procMount: Unmasked`.",
    whyItMatters:
      "The runtime stops masking sensitive /proc paths (kcore, sysrq-trigger, …), which exposes kernel interfaces to the container.",
    remediation: "Remove `procMount` (the default is `Default`, which masks them).",
    example: "securityContext:\n  procMount: Default",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#baseline"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        const entry = entryOf(container.securityContext, "procMount");
        if (!entry || stringOf(entry.value) !== "Unmasked") continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" unmasks /proc`,
          at: keySpan(entry),
        });
      }
    }
  },
});
