import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, itemsOf, type K8sModel, keySpan, stringOf } from "../model.ts";

const SENSITIVE = [
  "/",
  "/etc",
  "/root",
  "/home",
  "/boot",
  "/dev",
  "/proc",
  "/sys",
  "/var/run",
  "/run",
  "/var/lib/kubelet",
  "/var/lib/docker",
  "/var/lib/containerd",
  "/etc/kubernetes",
  "/var/run/docker.sock",
  "/run/docker.sock",
  "/run/containerd/containerd.sock",
  "/var/run/containerd/containerd.sock",
  "/var/run/crio/crio.sock",
  "/run/crio/crio.sock",
];
const SOCKETS = /\.sock$/;

/** The node's root, its configuration, kernel interfaces, or a container runtime socket. */
export function isSensitiveHostPath(path: string): boolean {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return SENSITIVE.includes(normalized) || SOCKETS.test(normalized);
}

export const sensitiveHostPath = defineFileRule<K8sModel>({
  id: "kubernetes/sensitive-host-path",
  analyzer: "kubernetes",
  title: "Pod mounts the container runtime socket or a sensitive host directory",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [668],
  controls: ["K8S-POD-05"],
  docs: {
    summary:
      "A `hostPath` volume mounts a container runtime socket (`/var/run/docker.sock`, containerd, CRI-O), the node's root, `/etc`, `/proc`, `/sys`, `/var/lib/kubelet` or a similar path.",
    whyItMatters:
      "With the runtime socket a pod starts a privileged container on the node; with `/`, `/etc` or the kubelet directory it reads node credentials and rewrites node configuration. Either is full control of the node.",
    remediation:
      "Remove the mount. Build images with a rootless builder (BuildKit rootless, kaniko) instead of the Docker socket; read node metrics through the kubelet API.",
    example: "volumes:\n  - name: work\n    emptyDir: {}",
    references: ["https://kubernetes.io/docs/concepts/storage/volumes/#hostpath"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const volume of itemsOf(childOf(workload.podSpec, "volumes"))) {
        const hostPath = entryOf(volume, "hostPath");
        const pathEntry = entryOf(hostPath?.value, "path");
        const path = stringOf(pathEntry?.value);
        if (!pathEntry || path === undefined || !isSensitiveHostPath(path)) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name} mounts sensitive host path ${path}`,
          at: keySpan(pathEntry),
        });
      }
    }
  },
});
