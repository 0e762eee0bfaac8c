import type { FileRule } from "../../../rule.ts";
import { addressOf, headerOf, nested, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const gkeWithoutWorkloadIdentity: FileRule<TerraformModel> = {
  id: "terraform/gke-without-workload-identity",
  analyzer: "terraform",
  title: "GKE cluster without Workload Identity",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [522],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "A Standard `google_container_cluster` has no `workload_identity_config`, so pods use the node's service " +
      "account (Autopilot clusters always have Workload Identity and are not flagged).",
    whyItMatters:
      "Every pod on a node shares the node's Google credentials and can read them from the metadata server; " +
      "one compromised pod acts with the permissions of all of them.",
    remediation:
      'Add `workload_identity_config { workload_pool = "<project>.svc.id.goog" }` and bind Kubernetes service ' +
      "accounts to Google service accounts.",
    example:
      'resource "google_container_cluster" "main" {\n  workload_identity_config {\n    workload_pool = "my-project.svc.id.goog"\n  }\n}',
    references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/workload-identity"],
  },
  check(ctx) {
    for (const cluster of resources(ctx.model, "google_container_cluster")) {
      if (nested(cluster, ["workload_identity_config"])) continue;
      const autopilot = setting(ctx.model, cluster, "enable_autopilot");
      if (autopilot.state === "unknown" || (autopilot.state === "known" && autopilot.value === true))
        continue;
      ctx.report({ message: `${addressOf(cluster)} does not use Workload Identity`, at: headerOf(cluster) });
    }
  },
};
