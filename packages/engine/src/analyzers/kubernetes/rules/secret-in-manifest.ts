import { defineFileRule } from "../../../rule.ts";
import { entryOf, isTemplated, type K8sModel, keySpan } from "../model.ts";

export const secretInManifest = defineFileRule<K8sModel>({
  id: "kubernetes/secret-in-manifest",
  analyzer: "kubernetes",
  title: "Secret values committed in a manifest",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [312],
  controls: ["K8S-SEC-01", "SEC-FILE-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: describes envsubst placeholders, not a JS template
      "A `Secret` object carries values in `data` (base64 is an encoding, not encryption) or `stringData`. Values that are template placeholders (`${VAR}`, `{{ … }}`) or empty are not reported, and the value is never printed.",
    whyItMatters:
      "Everyone with read access to the repository, its forks and its history has the credential.",
    remediation:
      "Keep the manifest without values and create the Secret out of band, or commit an encrypted form (Sealed Secrets, SOPS) or an ExternalSecret that points at a secret store.",
    example:
      "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: db\nspec:\n  secretStoreRef: { name: vault, kind: ClusterSecretStore }\n  data:\n    - secretKey: password\n      remoteRef: { key: prod/db, property: password }",
    references: ["https://kubernetes.io/docs/concepts/security/secrets-good-practices/"],
  },
  check(ctx) {
    for (const object of ctx.model.objects) {
      if (object.kind !== "Secret") continue;
      for (const field of ["data", "stringData"]) {
        const block = entryOf(object.root, field);
        if (block?.value.kind !== "map") continue;
        const filled = block.value.entries.filter((entry) => {
          const value = entry.value;
          if (value.kind !== "scalar" || value.value === null) return false;
          const text = String(value.value).trim();
          return text !== "" && !isTemplated(text);
        });
        if (filled.length === 0) continue;
        ctx.report({
          message: `Secret ${object.name} commits ${filled.length} value${filled.length === 1 ? "" : "s"} in ${field} (${filled.map((entry) => entry.key).join(", ")})`,
          at: keySpan(block),
        });
      }
    }
  },
});
