import { judge, settingRule } from "../checks.ts";
import { settingIsUnknownOr } from "../checks-extra.ts";

export const gcpSubnetWithoutPrivateGoogleAccess = settingRule(
  {
    id: "terraform/gcp-subnet-without-private-google-access",
    analyzer: "terraform",
    title: "Subnet without Private Google Access",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [668],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        "A `google_compute_subnetwork` leaves `private_ip_google_access` unset (default false) or false.",
      whyItMatters:
        "VMs without external addresses cannot reach Google APIs, which pushes teams to give VMs public IPs; with it, private VMs stay private.",
      remediation: "Set `private_ip_google_access = true`.",
      example: 'resource "google_compute_subnetwork" "main" {\n  private_ip_google_access = true\n}',
      references: ["https://cloud.google.com/vpc/docs/private-google-access"],
    },
  },
  {
    types: ["google_compute_subnetwork"],
    attribute: "private_ip_google_access",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not enable Private Google Access",
    fixValue: "true",
    exempt: (model, resource) =>
      settingIsUnknownOr(
        model,
        resource,
        "purpose",
        (purpose) => typeof purpose === "string" && !["PRIVATE", "PRIVATE_RFC_1918"].includes(purpose),
      ),
  },
);
