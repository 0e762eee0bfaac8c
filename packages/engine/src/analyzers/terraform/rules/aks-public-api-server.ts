import { judge, nested, settingRule } from "../checks.ts";

export const aksPublicApiServer = settingRule(
  {
    id: "terraform/aks-public-api-server",
    analyzer: "terraform",
    title: "AKS API server reachable from any address",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` is not private (`private_cluster_enabled` unset or false) and does not restrict `api_server_access_profile.authorized_ip_ranges`.",
      whyItMatters:
        "The Kubernetes API server accepts connections from the whole internet, exposing it to credential attacks and API server vulnerabilities.",
      remediation:
        "Set `private_cluster_enabled = true`, or list the CIDRs of CI and operators in `api_server_access_profile { authorized_ip_ranges = [...] }`.",
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  api_server_access_profile {\n    authorized_ip_ranges = ["203.0.113.0/24"]\n  }\n}',
      references: ["https://learn.microsoft.com/azure/aks/api-server-authorized-ip-ranges"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    attribute: "private_cluster_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "exposes its API server to every address",
    exempt: (_model, resource) =>
      resource.attributes.has("api_server_authorized_ip_ranges") ||
      nested(resource, ["api_server_access_profile"])?.attributes.has("authorized_ip_ranges") === true,
  },
);
