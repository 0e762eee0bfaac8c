import { judge, settingRule } from "../checks.ts";

export const gkeNodesWithPublicIps = settingRule(
  {
    id: "terraform/gke-nodes-with-public-ips",
    analyzer: "terraform",
    title: "GKE cluster nodes with public IP addresses",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        "A `google_container_cluster` has no `private_cluster_config { enable_private_nodes = true }` (Autopilot clusters and clusters whose node config comes from variables are judged only on what is written).",
      whyItMatters:
        "Every node gets an external address; node ports, kubelets and any misconfigured service are one firewall rule away from the internet.",
      remediation:
        "Add `private_cluster_config { enable_private_nodes = true }` with a `master_ipv4_cidr_block`, and Cloud NAT for egress.",
      example:
        'resource "google_container_cluster" "main" {\n  private_cluster_config {\n    enable_private_nodes    = true\n    master_ipv4_cidr_block  = "172.16.0.0/28"\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/private-clusters"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["private_cluster_config"],
    attribute: "enable_private_nodes",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "gives its nodes public IP addresses",
  },
);
