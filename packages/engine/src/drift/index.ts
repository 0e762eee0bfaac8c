// Drift between what a repository declares and what runs, and comparison between environments:
// pure functions over files and parsed states, no I/O (the server reads the repository and the
// observed state and calls these).
export { compareConfigs, flattenConfig } from "./compare-configs.ts";
export { computeDrift } from "./compute.ts";
export { declaredKubernetes, type KubernetesInput } from "./kubernetes-declared.ts";
export { KUBERNETES_OBSERVED_KINDS, observedKubernetes } from "./kubernetes-observed.ts";
export { MASK } from "./redact.ts";
export { isSecurityType, securitySetting } from "./security-settings.ts";
export { type DriftCounts, driftFingerprint, driftStats } from "./summary.ts";
export { declaredTerraform, type TerraformInput } from "./terraform-declared.ts";
export { observedTerraform } from "./terraform-observed.ts";
export {
  type ConfigDifference,
  type DeclaredResource,
  type DeclaredState,
  type DriftItem,
  type DriftType,
  type ObservedResource,
  type ObservedState,
  StateFormatError,
  type StateKind,
} from "./types.ts";
