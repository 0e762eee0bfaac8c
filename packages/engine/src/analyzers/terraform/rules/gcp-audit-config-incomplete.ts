// Data Access audit logs are off by default (except BigQuery); an audit config for `allServices`
// is where a project turns them on, so one that leaves out DATA_READ or DATA_WRITE is incomplete.
import type { FileRule } from "../../../rule.ts";
import { addressOf, children, headerOf, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const AUDIT_CONFIGS = [
  "google_project_iam_audit_config",
  "google_folder_iam_audit_config",
  "google_organization_iam_audit_config",
];
const REQUIRED = ["ADMIN_READ", "DATA_READ", "DATA_WRITE"];

export const gcpAuditConfigIncomplete: FileRule<TerraformModel> = {
  id: "terraform/gcp-audit-config-incomplete",
  analyzer: "terraform",
  title: "Audit configuration for all services misses log types",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-01"],
  docs: {
    summary:
      'A `google_project_iam_audit_config` (or folder / organization) for `service = "allServices"` does not enable ' +
      "all of `ADMIN_READ`, `DATA_READ` and `DATA_WRITE` in its `audit_log_config` blocks.",
    whyItMatters:
      "Reads and writes of data (objects, secrets, table rows) by users and service accounts are not recorded; a " +
      "leaked credential's data access cannot be traced.",
    remediation:
      "Add one `audit_log_config { log_type = … }` for each of ADMIN_READ, DATA_READ and DATA_WRITE.",
    example:
      'resource "google_project_iam_audit_config" "all" {\n  project = var.project\n  service = "allServices"\n  audit_log_config {\n    log_type = "ADMIN_READ"\n  }\n  audit_log_config {\n    log_type = "DATA_READ"\n  }\n  audit_log_config {\n    log_type = "DATA_WRITE"\n  }\n}',
    references: ["https://cloud.google.com/logging/docs/audit/configure-data-access"],
  },
  check(ctx) {
    for (const config of resources(ctx.model, ...AUDIT_CONFIGS)) {
      const service = setting(ctx.model, config, "service");
      if (service.state !== "known" || service.value !== "allServices") continue;
      const blocks = children(config, "audit_log_config");
      if (blocks.some((block) => block.dynamic)) continue;
      const types: string[] = [];
      let unknown = false;
      for (const block of blocks) {
        const logType = setting(ctx.model, block, "log_type");
        if (logType.state === "known" && typeof logType.value === "string") types.push(logType.value);
        else unknown = true;
      }
      if (unknown) continue;
      const missing = REQUIRED.filter((type) => !types.includes(type));
      if (missing.length === 0) continue;
      ctx.report({
        message: `${addressOf(config)} does not enable ${missing.join(", ")} audit logs for all services`,
        at: headerOf(config),
      });
    }
  },
};
