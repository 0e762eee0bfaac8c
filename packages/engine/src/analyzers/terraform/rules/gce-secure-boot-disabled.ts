import { judge, settingRule } from "../checks.ts";

export const gceSecureBootDisabled = settingRule(
  {
    id: "terraform/gce-secure-boot-disabled",
    analyzer: "terraform",
    title: "Compute Engine instance without Secure Boot",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [693],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A `google_compute_instance` or template has no `shielded_instance_config { enable_secure_boot = true }` (default false).",
      whyItMatters:
        "Boot components are not signature-checked; malware that modifies the boot loader or kernel survives reboots.",
      remediation:
        "Set `shielded_instance_config { enable_secure_boot = true }` (requires a Shielded VM image).",
      example:
        'resource "google_compute_instance" "vm" {\n  shielded_instance_config {\n    enable_secure_boot = true\n  }\n}',
      references: ["https://cloud.google.com/compute/shielded-vm/docs/shielded-vm#secure-boot"],
    },
  },
  {
    types: ["google_compute_instance", "google_compute_instance_template"],
    path: ["shielded_instance_config"],
    attribute: "enable_secure_boot",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "boots without Secure Boot",
    fixValue: "true",
  },
);
