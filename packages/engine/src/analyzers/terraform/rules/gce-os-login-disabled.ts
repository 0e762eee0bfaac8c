import { settingRule } from "../checks.ts";
import { asBoolean, type Value } from "../evaluate.ts";

export const gceOsLoginDisabled = settingRule(
  {
    id: "terraform/gce-os-login-disabled",
    analyzer: "terraform",
    title: "Compute Engine instance with OS Login turned off",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A `google_compute_instance` sets `metadata = { enable-oslogin = false }`, overriding the project setting.",
      whyItMatters:
        "Access then relies on SSH keys in metadata, which are not tied to IAM identities, not revoked when people leave and not audited.",
      remediation:
        'Remove the override (and enable OS Login at project level) or set `enable-oslogin = "TRUE"`.',
      example:
        'resource "google_compute_instance" "vm" {\n  metadata = {\n    enable-oslogin = "TRUE"\n  }\n}',
      references: ["https://cloud.google.com/compute/docs/oslogin"],
    },
  },
  {
    types: ["google_compute_instance", "google_compute_instance_template"],
    attribute: "metadata",
    judge: (value) => {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return "unknown";
      const flag = (value as Record<string, Value>)["enable-oslogin"];
      if (flag === undefined) return "safe";
      const on = asBoolean(typeof flag === "string" ? flag.toLowerCase() : flag);
      return on === false ? "unsafe" : on === true ? "safe" : "unknown";
    },
    whenMissing: "safe",
    problem: "turns OS Login off",
  },
);
