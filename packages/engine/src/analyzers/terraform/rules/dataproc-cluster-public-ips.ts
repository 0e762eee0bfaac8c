import { judge, settingRule } from "../checks.ts";

export const dataprocClusterPublicIps = settingRule(
  {
    id: "terraform/dataproc-cluster-public-ips",
    analyzer: "terraform",
    title: "Dataproc cluster nodes with public IP addresses",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        "A `google_dataproc_cluster` sets `cluster_config { gce_cluster_config { internal_ip_only = false } }`.",
      whyItMatters:
        "Every master and worker gets an external address; Hadoop and Spark web UIs and RPC ports, often unauthenticated, are one firewall rule away from the internet.",
      remediation: "Set `internal_ip_only = true` and give the subnet Private Google Access and Cloud NAT.",
      example:
        'resource "google_dataproc_cluster" "etl" {\n  cluster_config {\n    gce_cluster_config {\n      internal_ip_only = true\n    }\n  }\n}',
      references: [
        "https://cloud.google.com/dataproc/docs/concepts/configuring-clusters/network#create_a_dataproc_cluster_with_internal_ip_address_only",
      ],
    },
  },
  {
    types: ["google_dataproc_cluster"],
    path: ["cluster_config", "gce_cluster_config"],
    attribute: "internal_ip_only",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "gives its nodes public IP addresses",
    fixValue: "true",
  },
);
