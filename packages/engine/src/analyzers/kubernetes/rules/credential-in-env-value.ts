import { literalValueSpan } from "../../../redact.ts";
import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, itemsOf, type K8sModel, keySpan, stringOf } from "../model.ts";

const SECRET_NAME = /pass(?:word|wd)?|secret|token|api[-_]?key|private[-_]?key|credential|access[-_]?key/i;
/** Names that say where a secret is, or describe it, rather than hold it. */
const NOT_A_SECRET =
  /(?:file|path|dir|url|uri|endpoint|host|port|name|id|arn|ref|key[-_]?id|length|ttl|timeout|expiry|header|enabled|type|mode|version|policy|rotation)$/i;
/** Values that are clearly not secrets: booleans, numbers, references to other variables, placeholders. */
const NOT_A_VALUE =
  /^(?:true|false|yes|no|none|null|\d+|\$\(.+\)|\$\{.+\}|<.+>|changeme|redacted|xxx+|\*+)$/i;

export const credentialInEnvValue = defineFileRule<K8sModel>({
  id: "kubernetes/credential-in-env-value",
  analyzer: "kubernetes",
  title: "Credential written as a literal environment value",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [798],
  controls: ["K8S-SEC-01", "SEC-HC-01"],
  docs: {
    summary:
      "A container's `env` entry whose name says password, secret, token or key carries a literal `value` instead of `valueFrom.secretKeyRef`.",
    whyItMatters:
      "The credential sits in the repository, in every rendered manifest and in the pod spec, readable by anyone who can `get pods`; it cannot be rotated without a deploy.",
    remediation:
      "Store it in a Secret (or an external secret store) and reference it with `valueFrom.secretKeyRef`. Names that point at a secret (`*_FILE`, `*_PATH`, `*_KEY_ID`) and references like `$(OTHER)` are not reported; the value is never printed.",
    example:
      "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password",
    references: [
      "https://kubernetes.io/docs/concepts/configuration/secret/#using-secrets-as-environment-variables",
    ],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        for (const variable of itemsOf(childOf(container.node, "env"))) {
          const name = stringOf(childOf(variable, "name"));
          const valueEntry = entryOf(variable, "value");
          const value = stringOf(valueEntry?.value);
          if (!name || !valueEntry || value === undefined) continue;
          if (!SECRET_NAME.test(name) || NOT_A_SECRET.test(name)) continue;
          if (value.trim().length < 4 || NOT_A_VALUE.test(value.trim())) continue;
          ctx.report({
            message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" sets ${name} to a literal value`,
            at: keySpan(valueEntry),
            redact: literalValueSpan(ctx.file, keySpan(valueEntry), value),
          });
        }
      }
    }
  },
});
