import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, nested, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { isWorld } from "../network.ts";

export const cloudSqlOpenAuthorizedNetwork: FileRule<TerraformModel> = {
  id: "terraform/cloud-sql-open-authorized-network",
  analyzer: "terraform",
  title: "Cloud SQL instance authorizes the whole internet",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-04"],
  docs: {
    summary:
      "A `google_sql_database_instance` lists `0.0.0.0/0` in `settings.ip_configuration.authorized_networks`.",
    whyItMatters:
      "The database port is open to every address on the internet; only the database password protects it.",
    remediation:
      "Authorize specific ranges, or drop public IP and use private IP or the Cloud SQL Auth Proxy.",
    example:
      'resource "google_sql_database_instance" "db" {\n  settings {\n    ip_configuration {\n      authorized_networks {\n        name  = "office"\n        value = "203.0.113.0/24"\n      }\n    }\n  }\n}',
    references: ["https://cloud.google.com/sql/docs/mysql/authorize-networks"],
  },
  check(ctx) {
    for (const instance of resources(ctx.model, "google_sql_database_instance")) {
      const ip = nested(instance, ["settings", "ip_configuration"]);
      if (!ip) continue;
      for (const network of children(ip, "authorized_networks")) {
        const value = setting(ctx.model, network, "value");
        if (value.state !== "known" || typeof value.value !== "string" || !isWorld(value.value)) continue;
        ctx.report({
          message: `${addressOf(instance)} authorizes ${value.value}`,
          at: at(value.attribute.span),
        });
      }
    }
  },
};
