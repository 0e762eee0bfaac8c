import { defineFileRule } from "../../../rule.ts";
import {
  type Container,
  entryOf,
  type K8sModel,
  keySpan,
  stringOf,
  type Workload,
  type YamlEntry,
} from "../model.ts";

const ALLOWED_TYPES = new Set(["container_t", "container_init_t", "container_kvm_t", "container_engine_t"]);

function problems(options: YamlEntry | undefined): YamlEntry[] {
  if (!options) return [];
  const out: YamlEntry[] = [];
  const type = entryOf(options.value, "type");
  const typeName = stringOf(type?.value);
  if (type && typeName !== undefined && !ALLOWED_TYPES.has(typeName)) out.push(type);
  for (const key of ["user", "role"]) {
    const entry = entryOf(options.value, key);
    if (entry && stringOf(entry.value)) out.push(entry);
  }
  return out;
}

function contexts(workload: Workload, container: Container | undefined): YamlEntry | undefined {
  return entryOf(container ? container.securityContext : workload.podSecurityContext, "seLinuxOptions");
}

export const customSelinuxOptions = defineFileRule<K8sModel>({
  id: "kubernetes/custom-selinux-options",
  analyzer: "kubernetes",
  title: "Pod or container overrides its SELinux type, user or role",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [693],
  controls: ["K8S-POD-04"],
  docs: {
    summary:
      "`seLinuxOptions` sets a `type` other than the container types (`container_t`, `container_init_t`, `container_kvm_t`, `container_engine_t`), or sets `user` or `role`.",
    whyItMatters:
      "Types such as `spc_t` (super-privileged container) or `unconfined_t` switch SELinux confinement off for the process; on SELinux nodes that is the main barrier between a container and the host.",
    remediation: "Remove the override, or set only `level` (MCS categories) where volumes need it.",
    example: "securityContext:\n  seLinuxOptions:\n    level: s0:c123,c456",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#baseline"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const entry of problems(contexts(workload, undefined))) {
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name} sets SELinux ${entry.key}`,
          at: keySpan(entry),
        });
      }
      for (const container of workload.containers) {
        for (const entry of problems(contexts(workload, container))) {
          ctx.report({
            message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" sets SELinux ${entry.key}`,
            at: keySpan(entry),
          });
        }
      }
    }
  },
});
