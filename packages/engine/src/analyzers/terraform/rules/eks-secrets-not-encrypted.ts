import { settingRule } from "../checks.ts";

export const eksSecretsNotEncrypted = settingRule(
  {
    id: "terraform/eks-secrets-not-encrypted",
    analyzer: "terraform",
    title: "EKS cluster without envelope encryption of secrets",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-KMS-01"],
    docs: {
      summary: "An `aws_eks_cluster` has no `encryption_config` for the `secrets` resource.",
      whyItMatters:
        "Kubernetes secrets are stored in etcd with only the default disk encryption; a KMS envelope key lets you audit and revoke access to them.",
      remediation: 'Add `encryption_config { resources = ["secrets"]; provider { key_arn = \u2026 } }`.',
      example:
        'resource "aws_eks_cluster" "main" {\n  encryption_config {\n    resources = ["secrets"]\n    provider {\n      key_arn = aws_kms_key.eks.arn\n    }\n  }\n}',
      references: ["https://docs.aws.amazon.com/eks/latest/userguide/enable-kms.html"],
    },
  },
  {
    types: ["aws_eks_cluster"],
    path: ["encryption_config"],
    attribute: "resources",
    judge: (value) => {
      if (!Array.isArray(value)) return "unknown";
      if (value.includes("secrets")) return "safe";
      return value.every((item) => typeof item === "string") ? "unsafe" : "unknown";
    },
    whenMissing: "unsafe",
    problem: "does not encrypt Kubernetes secrets with a KMS key",
  },
);
