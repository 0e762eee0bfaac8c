import { defineFileRule } from "../../../rule.ts";
import { childOf, itemsOf, type K8sModel, spanOf, stringOf } from "../model.ts";

const DANGEROUS = new Set([
  "ALL",
  "SYS_ADMIN",
  "NET_ADMIN",
  "SYS_PTRACE",
  "SYS_MODULE",
  "SYS_RAWIO",
  "SYS_BOOT",
  "SYS_TIME",
  "DAC_READ_SEARCH",
  "BPF",
  "MAC_ADMIN",
  "MAC_OVERRIDE",
]);

export const dangerousCapabilityAdded = defineFileRule<K8sModel>({
  id: "kubernetes/dangerous-capability-added",
  analyzer: "kubernetes",
  title: "Container adds a dangerous Linux capability",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["K8S-POD-04"],
  docs: {
    summary:
      "A container's `securityContext.capabilities.add` lists `ALL`, `SYS_ADMIN`, `NET_ADMIN`, `SYS_PTRACE`, `SYS_MODULE`, `DAC_READ_SEARCH`, `BPF` or a similar host-level capability.",
    whyItMatters:
      "These capabilities let a process mount filesystems, load kernel modules, trace other processes or reconfigure the network: most are a known path out of the container.",
    remediation: "Drop ALL capabilities and add back only narrow ones such as `NET_BIND_SERVICE`.",
    example: "capabilities:\n  drop: [ALL]\n  add: [NET_BIND_SERVICE]",
    references: ["https://man7.org/linux/man-pages/man7/capabilities.7.html"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        for (const item of itemsOf(childOf(childOf(container.securityContext, "capabilities"), "add"))) {
          const raw = stringOf(item);
          if (raw === undefined) continue;
          const name = raw.toUpperCase().replace(/^CAP_/, "");
          if (!DANGEROUS.has(name)) continue;
          ctx.report({
            message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" adds ${name}`,
            at: spanOf(item),
          });
        }
      }
    }
  },
});
