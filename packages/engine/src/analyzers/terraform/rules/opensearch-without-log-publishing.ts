import type { FileRule } from "../../../rule.ts";
import { addressOf, children, headerOf, resources, setting } from "../checks.ts";
import { asBoolean } from "../evaluate.ts";
import type { Block, TerraformModel } from "../model.ts";

export const OPENSEARCH_TYPES = ["aws_opensearch_domain", "aws_elasticsearch_domain"];

/**
 * The log types a domain publishes: `log_publishing_options` blocks not turned off (`enabled`
 * defaults to true). Undefined when a block is dynamic or its type or switch cannot be read.
 */
export function publishedLogTypes(model: TerraformModel, domain: Block): Set<string> | undefined {
  const types = new Set<string>();
  for (const options of children(domain, "log_publishing_options")) {
    if (options.dynamic) return undefined;
    const enabled = setting(model, options, "enabled");
    if (enabled.state === "unknown") return undefined;
    if (enabled.state === "known" && asBoolean(enabled.value) === false) continue;
    const type = setting(model, options, "log_type");
    if (type.state !== "known" || typeof type.value !== "string") return undefined;
    types.add(type.value);
  }
  return types;
}

export const opensearchWithoutLogPublishing: FileRule<TerraformModel> = {
  id: "terraform/opensearch-without-log-publishing",
  analyzer: "terraform",
  title: "OpenSearch domain publishes no logs",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `aws_opensearch_domain` (or `aws_elasticsearch_domain`) has no enabled `log_publishing_options`, so no " +
      "index, search or error logs reach CloudWatch.",
    whyItMatters: "Without logs, slow or abusive queries and cluster errors leave no record to investigate.",
    remediation:
      'Add `log_publishing_options { log_type = "INDEX_SLOW_LOGS", cloudwatch_log_group_arn = … }` (and ' +
      "`ES_APPLICATION_LOGS`, `AUDIT_LOGS`).",
    example:
      'resource "aws_opensearch_domain" "search" {\n  log_publishing_options {\n    log_type                 = "ES_APPLICATION_LOGS"\n    cloudwatch_log_group_arn = aws_cloudwatch_log_group.search.arn\n  }\n}',
  },
  check(ctx) {
    for (const domain of resources(ctx.model, ...OPENSEARCH_TYPES)) {
      const types = publishedLogTypes(ctx.model, domain);
      if (types === undefined || types.size > 0) continue;
      ctx.report({ message: `${addressOf(domain)} publishes no logs`, at: headerOf(domain) });
    }
  },
};
