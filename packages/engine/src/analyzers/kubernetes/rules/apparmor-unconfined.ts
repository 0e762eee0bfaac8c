import { defineFileRule } from "../../../rule.ts";
import { childOf, effectiveSecurityEntry, entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

const ANNOTATION = "container.apparmor.security.beta.kubernetes.io/";

export const apparmorUnconfined = defineFileRule<K8sModel>({
  id: "kubernetes/apparmor-unconfined",
  analyzer: "kubernetes",
  title: "Container runs AppArmor unconfined",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [693],
  controls: ["K8S-POD-04"],
  docs: {
    summary:
      "A container's AppArmor profile is set to unconfined, through `securityContext.appArmorProfile.type: Unconfined` (pod or container) or the `container.apparmor.security.beta.kubernetes.io/<name>: unconfined` annotation.",
    whyItMatters:
      "On nodes with AppArmor the runtime's default profile blocks mounts, writes to /proc and /sys and other escape steps; unconfined turns that protection off.",
    remediation:
      "Remove the override (the runtime default applies) or use `RuntimeDefault` / a `Localhost` profile.",
    example: "securityContext:\n  appArmorProfile:\n    type: RuntimeDefault",
    references: ["https://kubernetes.io/docs/tutorials/security/apparmor/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      if (workload.isWindows) continue; // Linux-only setting
      const annotations = childOf(workload.podMetadata, "annotations");
      for (const container of workload.containers) {
        const who = `${workload.object.kind} ${workload.object.name}: container "${container.name}"`;
        const annotation = entryOf(annotations, `${ANNOTATION}${container.name}`);
        if (annotation && stringOf(annotation.value) === "unconfined") {
          ctx.report({ message: `${who} runs AppArmor unconfined (annotation)`, at: keySpan(annotation) });
          continue;
        }
        const profile = effectiveSecurityEntry(workload, container, "appArmorProfile");
        const typeEntry = entryOf(profile?.entry.value, "type");
        if (typeEntry && stringOf(typeEntry.value) === "Unconfined") {
          ctx.report({ message: `${who} runs AppArmor unconfined`, at: keySpan(typeEntry) });
        }
      }
    }
  },
});
