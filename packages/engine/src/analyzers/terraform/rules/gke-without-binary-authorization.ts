import { requiredBlockRule, settingIsUnknownOr } from "../checks-extra.ts";

export const gkeWithoutBinaryAuthorization = requiredBlockRule(
  {
    id: "terraform/gke-without-binary-authorization",
    analyzer: "terraform",
    title: "GKE cluster without Binary Authorization",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [494],
    controls: ["K8S-IMG-01"],
    docs: {
      summary:
        "A `google_container_cluster` has no `binary_authorization` block (nor the legacy `enable_binary_authorization = true`).",
      whyItMatters:
        "Any image, from any registry, can be deployed; a stolen deploy credential or a typo-squatted image runs unchecked.",
      remediation:
        'Add `binary_authorization { evaluation_mode = "PROJECT_SINGLETON_POLICY_ENFORCE" }` and a policy that requires attestations.',
      example:
        'resource "google_container_cluster" "main" {\n  binary_authorization {\n    evaluation_mode = "PROJECT_SINGLETON_POLICY_ENFORCE"\n  }\n}',
      references: ["https://cloud.google.com/binary-authorization/docs/overview"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["binary_authorization"],
    problem: "does not enforce Binary Authorization",
    exempt: (model, resource) =>
      settingIsUnknownOr(model, resource, "enable_binary_authorization", (on) => on === true),
  },
);
