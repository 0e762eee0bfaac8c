import { childOf, type YamlEntry, type YamlNode } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, intrinsicOf, keySpan, resourcesOfType } from "../model.ts";

const SECRET_NAME = /pass(?:word|wd)?|secret|token|api[-_]?key|private[-_]?key|credential|auth[-_]?key/i;
/** Names that hold where a secret is, not the secret: ARNs, ids, paths, parameter names, table names. */
const REFERENCE_NAME =
  /(?:arn|name|id|path|param(?:eter)?|file|url|uri|table|bucket|region|ttl|length|expiry|expiration|header|endpoint|version|type|enabled)$/i;

function literalSecrets(variables: YamlNode | undefined): YamlEntry[] {
  if (variables?.kind !== "map" || intrinsicOf(variables)) return [];
  return variables.entries.filter((entry) => {
    if (!SECRET_NAME.test(entry.key) || REFERENCE_NAME.test(entry.key.replace(/[-_]/g, ""))) return false;
    const value = entry.value;
    if (value.kind !== "scalar" || value.tag !== undefined || typeof value.value !== "string") return false;
    const text = value.value.trim();
    // Dynamic references are resolved at deploy time from Secrets Manager or SSM: the right way.
    if (text.length < 4 || text.startsWith("{{resolve:") || /^\$\{.+\}$/.test(text)) return false;
    return true;
  });
}

export const lambdaEnvironmentSecret = defineFileRule<CfnModel>({
  id: "cloudformation/lambda-environment-secret",
  analyzer: "cloudformation",
  title: "Secret written into a Lambda function's environment",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [798],
  controls: ["SEC-HC-01"],
  docs: {
    summary:
      "A Lambda function (`AWS::Lambda::Function`, `AWS::Serverless::Function` or SAM `Globals.Function`) sets an environment variable whose name says password, secret, token or API key to a literal value.",
    whyItMatters:
      "The secret is in the repository history, in the template CloudFormation stores, and visible to anyone with `lambda:GetFunctionConfiguration`.",
    remediation:
      "Use a dynamic reference (`{{resolve:secretsmanager:name:SecretString:key}}`), a `NoEcho` parameter, or pass the secret's ARN and read it at runtime. Names that point at a secret (`DB_SECRET_ARN`, `TOKEN_TABLE`) are not reported.",
    example:
      "Environment:\n  Variables:\n    DB_PASSWORD: '{{resolve:secretsmanager:prod/db:SecretString:password}}'",
    references: ["https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/dynamic-references.html"],
  },
  check(ctx) {
    const sources: { name: string; variables: YamlNode | undefined }[] = [];
    for (const resource of resourcesOfType(ctx.model, "AWS::Lambda::Function", "AWS::Serverless::Function")) {
      sources.push({
        name: resource.logicalId,
        variables: childOf(childOf(resource.properties, "Environment"), "Variables"),
      });
    }
    const globals = childOf(childOf(childOf(ctx.model.globals, "Function"), "Environment"), "Variables");
    if (globals) sources.push({ name: "Globals.Function", variables: globals });
    for (const source of sources) {
      for (const entry of literalSecrets(source.variables)) {
        ctx.report({ message: `${source.name}: ${entry.key} holds a literal secret`, at: keySpan(entry) });
      }
    }
  },
});
