import type { Verdict } from "../checks.ts";
import { settingRule } from "../checks.ts";
import type { Value } from "../evaluate.ts";
import { asBoolean } from "../evaluate.ts";

// `metadata` is a map; only an explicit "false" for the key turns the endpoints back on.
function legacyEndpoints(value: Value): Verdict {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "unknown";
  const flag = (value as Record<string, Value>)["disable-legacy-endpoints"];
  if (flag === undefined) return "safe";
  const disabled = asBoolean(typeof flag === "string" ? flag.toLowerCase() : flag);
  return disabled === false ? "unsafe" : disabled === true ? "safe" : "unknown";
}

export const gkeNodeLegacyMetadataEndpoints = settingRule(
  {
    id: "terraform/gke-node-legacy-metadata-endpoints",
    analyzer: "terraform",
    title: "GKE nodes with legacy metadata endpoints enabled",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [200],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        'A `google_container_node_pool` or `google_container_cluster` sets `node_config { metadata = { disable-legacy-endpoints = "false" } }`.',
      whyItMatters:
        "The v0.1 and v1beta1 metadata endpoints answer without the `Metadata-Flavor` header, so any SSRF in a pod can read instance credentials.",
      remediation:
        'Remove the override or set `disable-legacy-endpoints = "true"` (the default since GKE 1.12).',
      example:
        'resource "google_container_node_pool" "work" {\n  node_config {\n    metadata = {\n      disable-legacy-endpoints = "true"\n    }\n  }\n}',
      references: [
        "https://cloud.google.com/kubernetes-engine/docs/how-to/protecting-cluster-metadata#disable-legacy-apis",
      ],
    },
  },
  {
    types: ["google_container_node_pool", "google_container_cluster"],
    path: ["node_config"],
    attribute: "metadata",
    judge: legacyEndpoints,
    whenMissing: "safe",
    problem: "enables the legacy metadata endpoints",
  },
);
