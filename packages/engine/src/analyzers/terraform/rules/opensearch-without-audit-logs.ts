import type { FileRule } from "../../../rule.ts";
import { addressOf, headerOf, resources } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { OPENSEARCH_TYPES, publishedLogTypes } from "./opensearch-without-log-publishing.ts";

export const opensearchWithoutAuditLogs: FileRule<TerraformModel> = {
  id: "terraform/opensearch-without-audit-logs",
  analyzer: "terraform",
  title: "OpenSearch domain does not publish audit logs",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      'An `aws_opensearch_domain` (or `aws_elasticsearch_domain`) has no enabled `log_publishing_options` with `log_type = "AUDIT_LOGS"`.',
    whyItMatters:
      "Audit logs record who authenticated and which indexes they read or changed; without them, access to the data cannot be reconstructed.",
    remediation:
      'Add `log_publishing_options { log_type = "AUDIT_LOGS", cloudwatch_log_group_arn = … }` (audit logs need fine-grained access control).',
    example:
      'resource "aws_opensearch_domain" "search" {\n  log_publishing_options {\n    log_type                 = "AUDIT_LOGS"\n    cloudwatch_log_group_arn = aws_cloudwatch_log_group.search_audit.arn\n  }\n}',
  },
  check(ctx) {
    for (const domain of resources(ctx.model, ...OPENSEARCH_TYPES)) {
      const types = publishedLogTypes(ctx.model, domain);
      if (types === undefined || types.has("AUDIT_LOGS")) continue;
      ctx.report({ message: `${addressOf(domain)} does not publish audit logs`, at: headerOf(domain) });
    }
  },
};
