import { childOf } from "../../../parse/yaml-tree.ts";
import { eksSecretsNotEncrypted as terraformRule } from "../../terraform/rules/eks-secrets-not-encrypted.ts";
import { itemsOf, UNKNOWN } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const eksSecretsNotEncrypted = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::EKS::Cluster` has no `EncryptionConfig` entry whose `Resources` include `secrets`.",
      remediation: "Add `EncryptionConfig: [{ Resources: [secrets], Provider: { KeyArn: <KMS key> } }]`.",
      example:
        "Cluster:\n  Type: AWS::EKS::Cluster\n  Properties:\n    EncryptionConfig:\n      - Resources: [secrets]\n        Provider:\n          KeyArn: !GetAtt ClusterKey.Arn",
    },
  }),
  {
    types: ["AWS::EKS::Cluster"],
    path: ["EncryptionConfig"],
    judge: (model, configs) => {
      const items = itemsOf(configs);
      if (items === UNKNOWN) return "unknown";
      const verdicts = items.map((item) => {
        const resources = childOf(item, "Resources");
        return resources === undefined ? "unsafe" : is.listHolding("secrets")(model, resources);
      });
      if (verdicts.includes("safe")) return "safe";
      return verdicts.includes("unknown") ? "unknown" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "does not encrypt Kubernetes secrets with a KMS key",
  },
);
