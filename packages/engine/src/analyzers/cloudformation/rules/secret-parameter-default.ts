import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, evaluate } from "../model.ts";

const SECRET_NAME = /pass(?:word|wd)?|secret|token|api[-_]?key|private[-_]?key|credential/i;
const REFERENCE_NAME = /(?:arn|name|id|path|param(?:eter)?|length|ttl|rotation|version|enabled)$/i;

export const secretParameterDefault = defineFileRule<CfnModel>({
  id: "cloudformation/secret-parameter-default",
  analyzer: "cloudformation",
  title: "Template parameter with a secret as its default",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [798],
  controls: ["SEC-HC-01"],
  docs: {
    summary:
      "A parameter whose name says password, secret, token or key has a literal `Default`. `NoEcho` hides the value in the console but not in the template, so it is reported either way.",
    whyItMatters:
      "The secret is committed with the template and every stack that does not override it uses the same, public, value.",
    remediation:
      "Remove the default so the value must be supplied at deploy time, or use an SSM parameter type (`AWS::SSM::Parameter::Value<String>`) or a `{{resolve:secretsmanager:…}}` dynamic reference.",
    example: "Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 16",
    references: ["https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/dynamic-references.html"],
  },
  check(ctx) {
    for (const parameter of ctx.model.parameters.values()) {
      if (!SECRET_NAME.test(parameter.name) || REFERENCE_NAME.test(parameter.name)) continue;
      const node = parameter.default;
      if (node?.kind !== "scalar") continue;
      const value = evaluate(ctx.model, node);
      if (typeof value !== "string" || value.trim().length < 4 || value.startsWith("{{resolve:")) continue;
      ctx.report({
        message: `parameter ${parameter.name} has a literal secret as its default`,
        at: { line: node.line, column: node.column },
      });
    }
  },
});
