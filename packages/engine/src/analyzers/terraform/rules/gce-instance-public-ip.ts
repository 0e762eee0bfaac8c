// An `access_config` block inside `network_interface` is what gives a VM an external address
// (an empty one asks for an ephemeral address).
import type { FileRule } from "../../../rule.ts";
import { addressOf, children, headerOf, resources } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const gceInstancePublicIp: FileRule<TerraformModel> = {
  id: "terraform/gce-instance-public-ip",
  analyzer: "terraform",
  title: "Compute Engine instance with a public IP address",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary:
      "A `google_compute_instance` or instance template has a `network_interface { access_config { … } }`, which gives it an external IP address.",
    whyItMatters:
      "The VM is directly reachable from the internet: every listening service and every permissive firewall rule is exposed.",
    remediation:
      "Remove `access_config`; reach the VM through IAP TCP forwarding or a bastion, and give it egress through Cloud NAT.",
    example:
      'resource "google_compute_instance" "vm" {\n  network_interface {\n    subnetwork = google_compute_subnetwork.private.id\n  }\n}',
    references: ["https://cloud.google.com/compute/docs/ip-addresses/reserve-static-external-ip-address"],
  },
  check(ctx) {
    for (const instance of resources(
      ctx.model,
      "google_compute_instance",
      "google_compute_instance_template",
    )) {
      for (const nic of children(instance, "network_interface")) {
        for (const access of children(nic, "access_config")) {
          // A dynamic access_config may iterate over an empty list: cannot tell.
          if (nic.dynamic || access.dynamic) continue;
          ctx.report({ message: `${addressOf(instance)} has a public IP address`, at: headerOf(access) });
        }
      }
    }
  },
};
