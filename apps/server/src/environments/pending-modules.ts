// TEMPORARY, until the lead merges wt/drift (packages/engine/src/drift) and wt/observed
// (./observed): what services.ts wires in their place. Every call says plainly that the part is
// missing from this build; nothing here pretends to compute drift or read a backend. Delete this
// file when both are wired in services.ts.
import type { DriftEngine, ReadObserved } from "./environment-ports.ts";

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

export const readObservedNotMerged: ReadObserved = async () => ({
  ok: false,
  reason:
    "Reading state from backends and clusters is not available in this build; upload a Terraform state instead",
});
