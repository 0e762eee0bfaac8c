import { setting, settingRule } from "../checks.ts";

export const gcpKmsKeyWithoutRotation = settingRule(
  {
    id: "terraform/gcp-kms-key-without-rotation",
    analyzer: "terraform",
    title: "Cloud KMS key not rotated within a year",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [320],
    controls: ["IAC-KMS-01"],
    docs: {
      summary: "A symmetric `google_kms_crypto_key` has no `rotation_period`, or one longer than 365 days.",
      whyItMatters:
        "Key material that never rotates keeps protecting new data long after it may have been exposed.",
      remediation:
        'Set `rotation_period` (for example `"7776000s"`, 90 days). Asymmetric and MAC keys, which Cloud KMS cannot rotate automatically, are not flagged.',
      example: 'resource "google_kms_crypto_key" "data" {\n  rotation_period = "7776000s"\n}',
      references: ["https://cloud.google.com/kms/docs/key-rotation"],
    },
  },
  {
    types: ["google_kms_crypto_key"],
    attribute: "rotation_period",
    judge: (value) => {
      const match = typeof value === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
      if (!match) return "unknown";
      return Number(match[1]) <= 365 * 24 * 3600 ? "safe" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "is not rotated at least yearly",
    exempt: (model, resource) => {
      const purpose = setting(model, resource, "purpose");
      return (
        purpose.state === "unknown" || (purpose.state === "known" && purpose.value !== "ENCRYPT_DECRYPT")
      );
    },
  },
);
