import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType, stringValue } from "../model.ts";

export const kmsKeyRotationDisabled = defineFileRule<CfnModel>({
  id: "cloudformation/kms-key-rotation-disabled",
  analyzer: "cloudformation",
  title: "KMS key without automatic rotation",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [320],
  controls: ["IAC-KMS-01"],
  fixable: true,
  docs: {
    summary: "A symmetric `AWS::KMS::Key` leaves `EnableKeyRotation` unset or false.",
    whyItMatters:
      "A key material that never changes protects ever more data; rotation limits what one exposure of it decrypts.",
    remediation:
      "Set `EnableKeyRotation: true`. Asymmetric and HMAC keys (`KeySpec` other than `SYMMETRIC_DEFAULT`) cannot rotate automatically and are not reported.",
    example: "Key:\n  Type: AWS::KMS::Key\n  Properties:\n    EnableKeyRotation: true",
    references: ["https://docs.aws.amazon.com/kms/latest/developerguide/rotate-keys.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::KMS::Key")) {
      const spec = childOf(resource.properties, "KeySpec");
      if (spec && stringValue(ctx.model, spec) !== "SYMMETRIC_DEFAULT") continue;
      expectBoolean(ctx, resource, {
        path: ["EnableKeyRotation"],
        want: true,
        absentIsUnsafe: true,
        missing: "EnableKeyRotation is not set",
        wrong: "EnableKeyRotation is false",
        fix: true,
      });
    }
  },
});
