import { settingRule } from "../checks.ts";
import { asBoolean, type Value } from "../evaluate.ts";

export const gceSerialPortEnabled = settingRule(
  {
    id: "terraform/gce-serial-port-enabled",
    analyzer: "terraform",
    title: "Compute Engine instance with the interactive serial console enabled",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-01"],
    docs: {
      summary: "A `google_compute_instance` sets `metadata = { serial-port-enable = true }`.",
      whyItMatters:
        "The serial console accepts connections from any IP address that has the SSH key, bypassing firewall rules entirely.",
      remediation:
        "Remove `serial-port-enable` from the metadata (or set it to false); use OS Login and IAP for access.",
      example:
        'resource "google_compute_instance" "vm" {\n  metadata = {\n    enable-oslogin = "TRUE"\n  }\n}',
      references: [
        "https://cloud.google.com/compute/docs/troubleshooting/troubleshooting-using-serial-console",
      ],
    },
  },
  {
    types: ["google_compute_instance", "google_compute_instance_template"],
    attribute: "metadata",
    judge: (value) => {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return "unknown";
      const flag = (value as Record<string, Value>)["serial-port-enable"];
      if (flag === undefined) return "safe";
      const on = asBoolean(typeof flag === "string" ? flag.toLowerCase() : flag);
      return on === undefined ? (flag === "1" ? "unsafe" : "unknown") : on ? "unsafe" : "safe";
    },
    whenMissing: "safe",
    problem: "enables the interactive serial console",
  },
);
