import { literalValueSpan } from "../../../redact.ts";
import { defineFileRule } from "../../../rule.ts";
import {
  allSteps,
  child,
  type EnvVar,
  isOnlyExpression,
  type WorkflowModel,
  type YamlEntry,
  type YamlNode,
} from "../model.ts";

const SECRET_NAME =
  /(?:PASSWORD|PASSWD|PASSPHRASE|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)/i;
const NOT_A_VALUE =
  /_(?:FILE|PATH|DIR|URL|URI|ENDPOINT|HOST|PORT|NAME|USER|USERNAME|ID|LENGTH|TTL|TIMEOUT|HEADER|TYPE|ENABLED|REGION|ARN|FORMAT)$/i;
const CREDENTIAL_INPUTS = new Set([
  "password",
  "token",
  "api-key",
  "api_key",
  "apikey",
  "secret",
  "access-token",
  "client-secret",
  "github-token",
]);
const HARMLESS = /^(?:|true|false|yes|no|on|off|none|null|0|1|-)$/i;

/** A literal value, or null when the value is absent, an expression, or obviously not a secret. */
function literal(node: YamlNode | null): string | null {
  if (node?.kind !== "scalar") return null;
  const value = node.text.trim();
  if (HARMLESS.test(value) || value.includes("${{") || value.startsWith("$")) return null;
  return value;
}

export const hardcodedCredentials = defineFileRule<WorkflowModel>({
  id: "ci/hardcoded-credentials",
  analyzer: "ci",
  title: "Credential written into a workflow",
  severity: "critical",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [798],
  controls: ["SEC-HC-01", "CI-SECRET-01"],
  docs: {
    summary:
      "A password or token is written as a literal: a credential input of an action (`password:`, `token:`), `credentials.password` of a job container or service, or an `env:` variable whose name says it is a secret.",
    whyItMatters:
      "Everyone with read access to the repository, and every fork, has the credential; it stays in git history after it is removed.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "Store it as an encrypted secret and reference `${{ secrets.NAME }}`; better, use OIDC or `${{ github.token }}`. Values that are expressions, and names such as `*_URL` or `*_FILE`, are not flagged.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "- uses: docker/login-action@<sha>\n  with:\n    username: ${{ vars.REGISTRY_USER }}\n    password: ${{ secrets.REGISTRY_TOKEN }}",
    references: ["https://docs.zizmor.sh/audits/#hardcoded-container-credentials"],
  },
  check(ctx) {
    const env = (variables: EnvVar[]) => {
      for (const variable of variables) {
        if (!SECRET_NAME.test(variable.name) || NOT_A_VALUE.test(variable.name)) continue;
        const value = literal(variable.value);
        if (value !== null) {
          ctx.report({
            message: `env ${variable.name} holds a literal credential`,
            at: variable.at,
            redact: literalValueSpan(ctx.file, variable.at, value),
          });
        }
      }
    };
    const credentials = (node: YamlNode | null, where: string) => {
      const password = node?.kind === "map" ? node.entries.find((e) => e.key === "password") : undefined;
      const value = password ? literal(password.value) : null;
      if (password && value !== null) {
        ctx.report({
          message: `${where} credentials.password is a literal`,
          at: password.at,
          redact: literalValueSpan(ctx.file, password.at, value),
        });
      }
    };
    env(ctx.model.env);
    for (const job of ctx.model.jobs) {
      env(job.env);
      if (job.container) credentials(job.container.credentials, "container");
      const services = child(job.node, "services");
      if (services?.kind === "map") {
        for (const service of services.entries)
          credentials(child(service.value, "credentials"), `service ${service.key}`);
      }
    }
    for (const { step } of allSteps(ctx.model)) {
      env(step.env);
      for (const input of step.with as YamlEntry[]) {
        if (!CREDENTIAL_INPUTS.has(input.key.toLowerCase())) continue;
        const value = literal(input.value);
        if (value !== null && !isOnlyExpression(value)) {
          ctx.report({
            message: `input ${input.key} of ${step.uses?.raw ?? "this step"} is a literal credential`,
            at: input.at,
            redact: literalValueSpan(ctx.file, input.at, value),
          });
        }
      }
    }
  },
});
