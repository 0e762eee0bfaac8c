// The explicit rule list of the Kubernetes analyzer: adding a rule adds one line here.
import type { FileRule } from "../../../rule.ts";
import type { K8sModel } from "../model.ts";
import { anonymousRbacBinding } from "./anonymous-rbac-binding.ts";
import { apparmorUnconfined } from "./apparmor-unconfined.ts";
import { capabilitiesNotDropped } from "./capabilities-not-dropped.ts";
import { clusterAdminBinding } from "./cluster-admin-binding.ts";
import { containerRunsAsRoot } from "./container-runs-as-root.ts";
import { credentialInEnvValue } from "./credential-in-env-value.ts";
import { customSelinuxOptions } from "./custom-selinux-options.ts";
import { dangerousCapabilityAdded } from "./dangerous-capability-added.ts";
import { defaultNamespace } from "./default-namespace.ts";
import { hostIpc } from "./host-ipc.ts";
import { hostNetwork } from "./host-network.ts";
import { hostPathVolume } from "./host-path-volume.ts";
import { hostPid } from "./host-pid.ts";
import { hostPort } from "./host-port.ts";
import { imageLatestTag } from "./image-latest-tag.ts";
import { imageNotPinnedByDigest } from "./image-not-pinned-by-digest.ts";
import { ingressWithoutTls } from "./ingress-without-tls.ts";
import { loadBalancerWithoutSourceRanges } from "./load-balancer-without-source-ranges.ts";
import { missingCpuLimit } from "./missing-cpu-limit.ts";
import { missingLivenessProbe } from "./missing-liveness-probe.ts";
import { missingMemoryLimit } from "./missing-memory-limit.ts";
import { missingReadinessProbe } from "./missing-readiness-probe.ts";
import { missingResourceRequests } from "./missing-resource-requests.ts";
import { missingSeccompProfile } from "./missing-seccomp-profile.ts";
import { nodePortService } from "./node-port-service.ts";
import { privilegeEscalationAllowed } from "./privilege-escalation-allowed.ts";
import { privilegedContainer } from "./privileged-container.ts";
import { rbacEscalationVerbs } from "./rbac-escalation-verbs.ts";
import { rbacPodExec } from "./rbac-pod-exec.ts";
import { rbacSecretsAccess } from "./rbac-secrets-access.ts";
import { rbacWildcardPermissions } from "./rbac-wildcard-permissions.ts";
import { secretInManifest } from "./secret-in-manifest.ts";
import { sensitiveHostPath } from "./sensitive-host-path.ts";
import { serviceAccountTokenAutomounted } from "./service-account-token-automounted.ts";
import { serviceExternalIps } from "./service-external-ips.ts";
import { sharedProcessNamespace } from "./shared-process-namespace.ts";
import { staleImagePullPolicy } from "./stale-image-pull-policy.ts";
import { unmaskedProcMount } from "./unmasked-proc-mount.ts";
import { unsafeSysctl } from "./unsafe-sysctl.ts";
import { windowsHostProcess } from "./windows-host-process.ts";
import { writableRootFilesystem } from "./writable-root-filesystem.ts";

export const kubernetesRules: readonly FileRule<K8sModel>[] = [
  anonymousRbacBinding,
  apparmorUnconfined,
  capabilitiesNotDropped,
  clusterAdminBinding,
  containerRunsAsRoot,
  credentialInEnvValue,
  customSelinuxOptions,
  dangerousCapabilityAdded,
  defaultNamespace,
  hostIpc,
  hostNetwork,
  hostPathVolume,
  hostPid,
  hostPort,
  imageLatestTag,
  imageNotPinnedByDigest,
  ingressWithoutTls,
  loadBalancerWithoutSourceRanges,
  missingCpuLimit,
  missingLivenessProbe,
  missingMemoryLimit,
  missingReadinessProbe,
  missingResourceRequests,
  missingSeccompProfile,
  nodePortService,
  privilegeEscalationAllowed,
  privilegedContainer,
  rbacEscalationVerbs,
  rbacPodExec,
  rbacSecretsAccess,
  rbacWildcardPermissions,
  secretInManifest,
  sensitiveHostPath,
  serviceAccountTokenAutomounted,
  serviceExternalIps,
  sharedProcessNamespace,
  staleImagePullPolicy,
  unmaskedProcMount,
  unsafeSysctl,
  windowsHostProcess,
  writableRootFilesystem,
];
