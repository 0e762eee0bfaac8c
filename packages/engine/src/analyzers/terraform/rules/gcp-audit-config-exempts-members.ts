import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const AUDIT_CONFIGS = [
  "google_project_iam_audit_config",
  "google_folder_iam_audit_config",
  "google_organization_iam_audit_config",
];

export const gcpAuditConfigExemptsMembers: FileRule<TerraformModel> = {
  id: "terraform/gcp-audit-config-exempts-members",
  analyzer: "terraform",
  title: "Audit logging exempts some principals",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-01"],
  docs: {
    summary:
      "An `audit_log_config` of a project, folder or organization audit config lists `exempted_members`.",
    whyItMatters:
      "Everything the exempted users and service accounts do is left out of the audit logs: exactly what an insider or " +
      "an attacker using those identities would want.",
    remediation: "Remove `exempted_members`; filter noisy principals at log sink or query time instead.",
    example:
      'resource "google_project_iam_audit_config" "all" {\n  service = "allServices"\n  audit_log_config {\n    log_type = "DATA_READ"\n  }\n}',
    references: ["https://cloud.google.com/logging/docs/audit/configure-data-access#exempted_principals"],
  },
  check(ctx) {
    for (const config of resources(ctx.model, ...AUDIT_CONFIGS)) {
      for (const block of children(config, "audit_log_config")) {
        if (block.dynamic) continue;
        const exempted = setting(ctx.model, block, "exempted_members");
        if (exempted.state !== "known" || !Array.isArray(exempted.value) || exempted.value.length === 0)
          continue;
        ctx.report({
          message: `${addressOf(config)} exempts members from audit logging`,
          at: at(exempted.attribute.span),
        });
      }
    }
  },
};
