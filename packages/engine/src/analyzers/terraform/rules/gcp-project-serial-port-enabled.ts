import type { Verdict } from "../checks.ts";
import { settingRule } from "../checks.ts";
import type { Value } from "../evaluate.ts";
import { asBoolean } from "../evaluate.ts";

// Only an explicit true opens the serial console; a map without the key keeps it closed.
function serialPort(value: Value): Verdict {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "unknown";
  const flag = (value as Record<string, Value>)["serial-port-enable"];
  if (flag === undefined) return "safe";
  const on = asBoolean(typeof flag === "string" ? flag.toLowerCase() : flag);
  return on === true ? "unsafe" : on === false ? "safe" : "unknown";
}

export const gcpProjectSerialPortEnabled = settingRule(
  {
    id: "terraform/gcp-project-serial-port-enabled",
    analyzer: "terraform",
    title: "Project metadata enables serial port access",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-01"],
    docs: {
      summary: 'A `google_compute_project_metadata` sets `metadata = { serial-port-enable = "TRUE" }`.',
      whyItMatters:
        "The interactive serial console of every VM in the project is reachable through Google's serial port proxy, bypassing network firewalls, and it does not honour IP allow-lists.",
      remediation:
        'Remove the key or set `serial-port-enable = "FALSE"` (or enforce `compute.disableSerialPortAccess`).',
      example:
        'resource "google_compute_project_metadata" "default" {\n  metadata = {\n    serial-port-enable = "FALSE"\n  }\n}',
      references: [
        "https://cloud.google.com/compute/docs/troubleshooting/troubleshooting-using-serial-console",
      ],
    },
  },
  {
    types: ["google_compute_project_metadata"],
    attribute: "metadata",
    judge: serialPort,
    whenMissing: "safe",
    problem: "enables serial port access on every VM of the project",
  },
);
