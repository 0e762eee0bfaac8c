import { judge, nested, setting, settingRule } from "../checks.ts";

export const cloudSqlWithoutSsl = settingRule(
  {
    id: "terraform/cloud-sql-without-ssl",
    analyzer: "terraform",
    title: "Cloud SQL instance accepts unencrypted connections",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "A `google_sql_database_instance` does not set `settings.ip_configuration.ssl_mode` to `ENCRYPTED_ONLY` or `TRUSTED_CLIENT_CERTIFICATE_REQUIRED` (nor the legacy `require_ssl = true`).",
      whyItMatters:
        "Clients may connect in clear text; credentials and query results can be read on the network path.",
      remediation:
        'Set `ssl_mode = "ENCRYPTED_ONLY"` (or require client certificates) in `settings { ip_configuration { \u2026 } }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    ip_configuration {\n      ssl_mode = "ENCRYPTED_ONLY"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/configure-ssl-instance"],
    },
  },
  {
    types: ["google_sql_database_instance"],
    path: ["settings", "ip_configuration"],
    attribute: "ssl_mode",
    judge: judge.oneOf("ENCRYPTED_ONLY", "TRUSTED_CLIENT_CERTIFICATE_REQUIRED"),
    whenMissing: "unsafe",
    problem: "accepts unencrypted connections",
    fixValue: '"ENCRYPTED_ONLY"',
    exempt: (model, resource) => {
      const ip = nested(resource, ["settings", "ip_configuration"]);
      if (!ip) return false;
      const legacy = setting(model, ip, "require_ssl");
      return legacy.state === "unknown" || (legacy.state === "known" && legacy.value === true);
    },
  },
);
