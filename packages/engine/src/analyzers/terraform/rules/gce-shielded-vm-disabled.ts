import { judge, settingRule } from "../checks.ts";

export const gceShieldedVmDisabled = settingRule(
  {
    id: "terraform/gce-shielded-vm-disabled",
    analyzer: "terraform",
    title: "Compute Engine instance with vTPM or integrity monitoring turned off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A `google_compute_instance` or template sets `shielded_instance_config { enable_vtpm = false }` or `enable_integrity_monitoring = false`.",
      whyItMatters:
        "Without the virtual TPM and integrity monitoring, tampering with the boot sequence (bootkits, rootkits) is neither measured nor reported.",
      remediation:
        "Keep `enable_vtpm = true` and `enable_integrity_monitoring = true` (the defaults) and add `enable_secure_boot = true`.",
      example:
        'resource "google_compute_instance" "vm" {\n  shielded_instance_config {\n    enable_secure_boot          = true\n    enable_vtpm                 = true\n    enable_integrity_monitoring = true\n  }\n}',
      references: ["https://cloud.google.com/compute/shielded-vm/docs/shielded-vm"],
    },
  },
  {
    types: ["google_compute_instance", "google_compute_instance_template"],
    path: ["shielded_instance_config"],
    attribute: "enable_integrity_monitoring",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns integrity monitoring off",
    fixValue: "true",
  },
);
