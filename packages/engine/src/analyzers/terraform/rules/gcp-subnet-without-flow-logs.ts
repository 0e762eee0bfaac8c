import type { FileRule } from "../../../rule.ts";
import { addressOf, children, headerOf, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

/** Proxy-only and service-connect subnets carry no VM traffic and do not support flow logs. */
const NO_FLOW_LOGS = [
  "INTERNAL_HTTPS_LOAD_BALANCER",
  "REGIONAL_MANAGED_PROXY",
  "GLOBAL_MANAGED_PROXY",
  "PRIVATE_SERVICE_CONNECT",
];

export const gcpSubnetWithoutFlowLogs: FileRule<TerraformModel> = {
  id: "terraform/gcp-subnet-without-flow-logs",
  analyzer: "terraform",
  title: "VPC subnet without flow logs",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-02"],
  docs: {
    summary: "A `google_compute_subnetwork` has no `log_config` block, so VPC flow logs are off.",
    whyItMatters:
      "Without flow logs there is no record of which hosts talked to which when investigating an incident.",
    remediation:
      'Add `log_config { aggregation_interval = "INTERVAL_5_SEC"; flow_sampling = 0.5; metadata = "INCLUDE_ALL_METADATA" }`. ' +
      "Proxy-only and Private Service Connect subnets, which do not support flow logs, are not flagged.",
    example:
      'resource "google_compute_subnetwork" "app" {\n  log_config {\n    aggregation_interval = "INTERVAL_5_SEC"\n    flow_sampling        = 0.5\n  }\n}',
    references: ["https://cloud.google.com/vpc/docs/using-flow-logs"],
  },
  check(ctx) {
    for (const subnet of resources(ctx.model, "google_compute_subnetwork")) {
      if (children(subnet, "log_config").length > 0) continue;
      const purpose = setting(ctx.model, subnet, "purpose");
      if (purpose.state === "unknown") continue;
      if (
        purpose.state === "known" &&
        typeof purpose.value === "string" &&
        NO_FLOW_LOGS.includes(purpose.value)
      )
        continue;
      ctx.report({ message: `${addressOf(subnet)} has no flow logs`, at: headerOf(subnet) });
    }
  },
};
