import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

/** Parameter names that say the value is a credential. */
const SECRET_NAME = /(password|passwd|secret|token|api[-_]?key|private[-_]?key|credential)/i;

export const ssmParameterSecretNotEncrypted: FileRule<TerraformModel> = {
  id: "terraform/ssm-parameter-secret-not-encrypted",
  analyzer: "terraform",
  title: "Secret stored in a plain-text SSM parameter",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [312],
  controls: ["SEC-HC-01"],
  docs: {
    summary:
      "An `aws_ssm_parameter` whose name says it holds a credential (password, secret, token, API key, private key) " +
      'has `type = "String"` or `"StringList"` instead of `"SecureString"`.',
    whyItMatters:
      "Plain parameters are not encrypted, are shown in the console and are readable by anyone allowed " +
      "`ssm:GetParameter`, without any KMS permission.",
    remediation: 'Use `type = "SecureString"` with a customer-managed `key_id`, or Secrets Manager.',
    example:
      'resource "aws_ssm_parameter" "db_password" {\n  name   = "/app/db/password"\n  type   = "SecureString"\n  key_id = aws_kms_key.ssm.arn\n}',
  },
  check(ctx) {
    for (const parameter of resources(ctx.model, "aws_ssm_parameter")) {
      const name = setting(ctx.model, parameter, "name");
      if (name.state !== "known" || typeof name.value !== "string" || !SECRET_NAME.test(name.value)) continue;
      const type = setting(ctx.model, parameter, "type");
      if (type.state !== "known" || (type.value !== "String" && type.value !== "StringList")) continue;
      ctx.report({
        message: `${addressOf(parameter)} stores ${name.value} unencrypted`,
        at: at(type.attribute.span),
      });
    }
  },
};
