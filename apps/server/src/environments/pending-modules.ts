// TEMPORARY, until the lead merges wt/drift (packages/engine/src/drift): what services.ts wires
// in its place. Every call says plainly that the part is
// missing from this build; nothing here pretends to compute drift. Delete this
// file when the drift module is wired in services.ts.
import type { DriftEngine } from "./environment-ports.ts";

const missing = (what: string) => () => {
  throw new Error(`${what} is not part of this build yet`);
};

export const driftEngineNotMerged: DriftEngine = {
  declaredTerraform: missing("Terraform evaluation for drift"),
  declaredKubernetes: missing("Kubernetes evaluation for drift"),
  observedTerraform: missing("Terraform state reading"),
  observedKubernetes: missing("Kubernetes object reading"),
  computeDrift: missing("Drift computation"),
  compareConfigs: missing("Configuration comparison"),
};
