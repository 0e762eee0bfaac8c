import { defineFileRule } from "../../../rule.ts";
import { booleanOf, entryOf, type K8sModel, keySpan, replaceScalarFix, spanOf } from "../model.ts";

export const privilegeEscalationAllowed = defineFileRule<K8sModel>({
  id: "kubernetes/privilege-escalation-allowed",
  analyzer: "kubernetes",
  title: "Container allows privilege escalation",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["K8S-POD-04"],
  fixable: true,
  docs: {
    summary:
      "A container does not set `securityContext.allowPrivilegeEscalation: false` (the default is true), or sets it to true.",
    whyItMatters:
      "A process can gain more privileges than its parent through setuid binaries or file capabilities; an attacker in the container becomes root in it.",
    remediation:
      "Set `allowPrivilegeEscalation: false` on every container (the Pod Security Standards' restricted profile requires it).",
    example: "securityContext:\n  allowPrivilegeEscalation: false",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      if (workload.isWindows) continue; // Linux-only setting
      for (const container of workload.containers) {
        const entry = entryOf(container.securityContext, "allowPrivilegeEscalation");
        const who = `${workload.object.kind} ${workload.object.name}: container "${container.name}"`;
        if (!entry) {
          ctx.report({
            message: `${who} does not set allowPrivilegeEscalation: false`,
            at: spanOf(container),
          });
          continue;
        }
        if (booleanOf(entry.value) !== true) continue;
        const fix = replaceScalarFix(ctx.file, entry.value, "false", "set allowPrivilegeEscalation to false");
        ctx.report({
          message: `${who} allows privilege escalation`,
          at: keySpan(entry),
          ...(fix ? { fix } : {}),
        });
      }
    }
  },
});
