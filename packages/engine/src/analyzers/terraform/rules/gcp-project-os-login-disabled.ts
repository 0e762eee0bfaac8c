import type { Verdict } from "../checks.ts";
import { settingRule } from "../checks.ts";
import type { Value } from "../evaluate.ts";
import { asBoolean } from "../evaluate.ts";

// Only an explicit false turns OS Login off; a map without the key leaves the project default.
function osLogin(value: Value): Verdict {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "unknown";
  const flag = (value as Record<string, Value>)["enable-oslogin"];
  if (flag === undefined) return "safe";
  const on = asBoolean(typeof flag === "string" ? flag.toLowerCase() : flag);
  return on === false ? "unsafe" : on === true ? "safe" : "unknown";
}

export const gcpProjectOsLoginDisabled = settingRule(
  {
    id: "terraform/gcp-project-os-login-disabled",
    analyzer: "terraform",
    title: "Project metadata turns OS Login off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary: 'A `google_compute_project_metadata` sets `metadata = { enable-oslogin = "FALSE" }`.',
      whyItMatters:
        "VMs of the project fall back to SSH keys in metadata, which are not tied to IAM identities, not revoked when people leave and not audited.",
      remediation:
        'Set `enable-oslogin = "TRUE"` in project metadata (or enforce the `compute.requireOsLogin` constraint).',
      example:
        'resource "google_compute_project_metadata" "default" {\n  metadata = {\n    enable-oslogin = "TRUE"\n  }\n}',
      references: ["https://cloud.google.com/compute/docs/oslogin/set-up-oslogin"],
    },
  },
  {
    types: ["google_compute_project_metadata"],
    attribute: "metadata",
    judge: osLogin,
    whenMissing: "safe",
    problem: "turns OS Login off for the project",
  },
);
