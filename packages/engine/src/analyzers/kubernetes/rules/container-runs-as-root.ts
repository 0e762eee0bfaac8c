import { defineFileRule } from "../../../rule.ts";
import { booleanOf, effectiveSecurityEntry, type K8sModel, keySpan, numberOf, spanOf } from "../model.ts";

export const containerRunsAsRoot = defineFileRule<K8sModel>({
  id: "kubernetes/container-runs-as-root",
  analyzer: "kubernetes",
  title: "Container may run as root",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [250],
  controls: ["K8S-POD-02"],
  docs: {
    summary:
      "Neither the container nor its pod sets `runAsNonRoot: true` or a non-zero `runAsUser`, or one of them sets `runAsUser: 0` or `runAsNonRoot: false`.",
    whyItMatters:
      "A process running as UID 0 is root inside the container: a kernel or runtime flaw, or a writable host mount, turns that into root on the node.",
    remediation:
      "Set `runAsNonRoot: true` (and a `runAsUser` above 0) in the pod's `securityContext`; containers inherit it. A container that sets its own non-zero `runAsUser` is fine. Windows pods are not reported.",
    example: "spec:\n  securityContext:\n    runAsNonRoot: true\n    runAsUser: 10001",
    references: ["https://kubernetes.io/docs/tasks/configure-pod-container/security-context/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      if (workload.isWindows) continue;
      for (const container of workload.containers) {
        const who = `${workload.object.kind} ${workload.object.name}: container "${container.name}"`;
        const user = effectiveSecurityEntry(workload, container, "runAsUser");
        const nonRoot = effectiveSecurityEntry(workload, container, "runAsNonRoot");
        const uid = user ? numberOf(user.entry.value) : undefined;
        if (user && uid === 0) {
          ctx.report({
            message: `${who} runs as UID 0 (${user.level} securityContext)`,
            at: keySpan(user.entry),
          });
          continue;
        }
        if (uid !== undefined && uid > 0) continue;
        if (user && uid === undefined) continue; // templated or odd value: unknown
        const flag = nonRoot ? booleanOf(nonRoot.entry.value) : undefined;
        if (flag === true) continue;
        if (nonRoot && flag === false) {
          ctx.report({ message: `${who} sets runAsNonRoot: false`, at: keySpan(nonRoot.entry) });
          continue;
        }
        if (nonRoot) continue; // unknown value
        ctx.report({
          message: `${who} may run as root: no runAsNonRoot or runAsUser`,
          at: spanOf(container),
        });
      }
    }
  },
});
