import { judge, settingRule } from "../checks.ts";

export const gkeDeletionProtectionDisabled = settingRule(
  {
    id: "terraform/gke-deletion-protection-disabled",
    analyzer: "terraform",
    title: "GKE cluster without Terraform deletion protection",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "A `google_container_cluster` sets `deletion_protection = false`.",
      whyItMatters:
        "A `terraform destroy` or a change that forces replacement deletes the cluster and every workload and volume in it without a second check.",
      remediation:
        "Set `deletion_protection = true` (the default) and turn it off only for a planned deletion.",
      example: 'resource "google_container_cluster" "main" {\n  deletion_protection = true\n}',
      references: [
        "https://registry.terraform.io/providers/hashicorp/google/latest/docs/resources/container_cluster#deletion_protection",
      ],
    },
  },
  {
    types: ["google_container_cluster"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
