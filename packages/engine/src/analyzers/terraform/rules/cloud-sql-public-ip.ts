import { judge, settingRule } from "../checks.ts";

export const cloudSqlPublicIp = settingRule(
  {
    id: "terraform/cloud-sql-public-ip",
    analyzer: "terraform",
    title: "Cloud SQL instance with a public IP address",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary:
        "A `google_sql_database_instance` leaves `settings.ip_configuration.ipv4_enabled` unset (it defaults to true) or true.",
      whyItMatters:
        "The instance gets an internet-routable address; any authorized network entry or a leaked password is then reachable from anywhere.",
      remediation:
        "Set `ipv4_enabled = false` and connect over private IP (`private_network`) or Private Service Connect.",
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    ip_configuration {\n      ipv4_enabled    = false\n      private_network = google_compute_network.vpc.id\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/mysql/configure-private-ip"],
    },
  },
  {
    types: ["google_sql_database_instance"],
    path: ["settings", "ip_configuration"],
    attribute: "ipv4_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "has a public IP address",
  },
);
