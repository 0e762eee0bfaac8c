import { defineFileRule } from "../../../rule.ts";
import {
  childOf,
  effectiveSecurityEntry,
  entryOf,
  type K8sModel,
  keySpan,
  spanOf,
  stringOf,
} from "../model.ts";

const LEGACY_POD = "seccomp.security.alpha.kubernetes.io/pod";
const CONFINED = new Set(["RuntimeDefault", "Localhost", "runtime/default", "docker/default"]);

export const missingSeccompProfile = defineFileRule<K8sModel>({
  id: "kubernetes/missing-seccomp-profile",
  analyzer: "kubernetes",
  title: "Container without a seccomp profile, or Unconfined",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [693],
  controls: ["K8S-POD-04"],
  docs: {
    summary:
      "Neither the container nor its pod sets `seccompProfile.type` to `RuntimeDefault` or `Localhost`, or one of them sets `Unconfined`.",
    whyItMatters:
      "Without seccomp every system call is available to the container, including the rarely used ones behind most kernel container escapes.",
    remediation:
      "Set `seccompProfile: { type: RuntimeDefault }` in the pod's `securityContext`; containers inherit it. The legacy `seccomp.security.alpha.kubernetes.io/pod` annotation is honoured too.",
    example: "spec:\n  securityContext:\n    seccompProfile:\n      type: RuntimeDefault",
    references: ["https://kubernetes.io/docs/tutorials/security/seccomp/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      if (workload.isWindows) continue; // Linux-only setting
      const legacy = stringOf(childOf(childOf(workload.podMetadata, "annotations"), LEGACY_POD));
      for (const container of workload.containers) {
        const who = `${workload.object.kind} ${workload.object.name}: container "${container.name}"`;
        const profile = effectiveSecurityEntry(workload, container, "seccompProfile");
        if (!profile) {
          if (legacy !== undefined && CONFINED.has(legacy)) continue;
          ctx.report({ message: `${who} has no seccomp profile`, at: spanOf(container) });
          continue;
        }
        const typeEntry = entryOf(profile.entry.value, "type");
        const type = stringOf(typeEntry?.value);
        if (typeEntry && type === "Unconfined") {
          ctx.report({
            message: `${who} runs with seccomp Unconfined (${profile.level} securityContext)`,
            at: keySpan(typeEntry),
          });
        }
      }
    }
  },
});
