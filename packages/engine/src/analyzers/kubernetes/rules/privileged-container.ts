import { defineFileRule } from "../../../rule.ts";
import { booleanOf, entryOf, type K8sModel, keySpan, replaceScalarFix } from "../model.ts";

export const privilegedContainer = defineFileRule<K8sModel>({
  id: "kubernetes/privileged-container",
  analyzer: "kubernetes",
  title: "Privileged container",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["K8S-POD-01"],
  fixable: true,
  docs: {
    summary: "A container (including init and ephemeral containers) sets `securityContext.privileged: true`.",
    whyItMatters:
      "A privileged container has every capability and the host's devices; escaping to the node is a matter of mounting its disk.",
    remediation:
      "Set `privileged: false` and add only the specific capabilities the workload needs. Node agents that truly need it belong in a dedicated, audited namespace with a suppression that says why.",
    example: "securityContext:\n  privileged: false",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#baseline"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        const entry = entryOf(container.securityContext, "privileged");
        if (!entry || booleanOf(entry.value) !== true) continue;
        const fix = replaceScalarFix(ctx.file, entry.value, "false", "set privileged to false");
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" is privileged`,
          at: keySpan(entry),
          ...(fix ? { fix } : {}),
        });
      }
    }
  },
});
