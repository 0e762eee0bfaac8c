import { defineFileRule } from "../../../rule.ts";
import { booleanOf, childOf, entryOf, type K8sModel, keySpan } from "../model.ts";

export const windowsHostProcess = defineFileRule<K8sModel>({
  id: "kubernetes/windows-host-process",
  analyzer: "kubernetes",
  title: "Windows HostProcess container",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["K8S-POD-01"],
  docs: {
    summary: "A pod or container sets `securityContext.windowsOptions.hostProcess: true`.",
    whyItMatters:
      "A HostProcess container runs directly on the Windows node, as a host user, with the node's network and filesystem: the Windows equivalent of privileged.",
    remediation:
      "Remove `hostProcess`; run node agents as Windows services managed outside Kubernetes, or isolate them in a dedicated namespace with a suppression.",
    example: "securityContext:\n  windowsOptions:\n    runAsUserName: ContainerUser",
    references: ["https://kubernetes.io/docs/tasks/configure-pod-container/create-hostprocess-pod/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      const scopes = [
        { label: `${workload.object.kind} ${workload.object.name}`, context: workload.podSecurityContext },
        ...workload.containers.map((container) => ({
          label: `${workload.object.kind} ${workload.object.name}: container "${container.name}"`,
          context: container.securityContext,
        })),
      ];
      for (const scope of scopes) {
        const entry = entryOf(childOf(scope.context, "windowsOptions"), "hostProcess");
        if (!entry || booleanOf(entry.value) !== true) continue;
        ctx.report({ message: `${scope.label} runs as a HostProcess container`, at: keySpan(entry) });
      }
    }
  },
});
