import { judge, setting, settingRule } from "../checks.ts";

export const kmsKeyRotationDisabled = settingRule(
  {
    id: "terraform/kms-key-rotation-disabled",
    analyzer: "terraform",
    title: "KMS key without automatic rotation",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [320],
    controls: ["IAC-KMS-01"],
    docs: {
      summary: "A symmetric `aws_kms_key` leaves `enable_key_rotation` unset or false.",
      whyItMatters:
        "Key material that never rotates keeps protecting new data long after it may have been exposed, " +
        "and breaks most compliance baselines.",
      remediation:
        "Set `enable_key_rotation = true`. Asymmetric and HMAC keys, which AWS cannot rotate, are not flagged.",
      example: 'resource "aws_kms_key" "data" {\n  enable_key_rotation = true\n}',
      references: ["https://docs.aws.amazon.com/kms/latest/developerguide/rotate-keys.html"],
    },
  },
  {
    types: ["aws_kms_key"],
    attribute: "enable_key_rotation",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "is never rotated",
    fixValue: "true",
    exempt: (model, resource) => {
      const spec = setting(model, resource, "customer_master_key_spec");
      const usage = setting(model, resource, "key_usage");
      if (spec.state === "unknown" || usage.state === "unknown") return true;
      if (spec.state === "known" && spec.value !== "SYMMETRIC_DEFAULT") return true;
      return usage.state === "known" && usage.value !== "ENCRYPT_DECRYPT";
    },
  },
);
