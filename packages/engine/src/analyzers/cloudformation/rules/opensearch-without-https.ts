import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, keySpan, lookup, resourcesOfType, stringValue } from "../model.ts";

export const opensearchWithoutHttps = defineFileRule<CfnModel>({
  id: "cloudformation/opensearch-without-https",
  analyzer: "cloudformation",
  title: "OpenSearch domain endpoint accepts HTTP or old TLS",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "An OpenSearch/Elasticsearch domain does not set `DomainEndpointOptions.EnforceHTTPS: true`, or allows TLS 1.0 with `Policy-Min-TLS-1-0-2019-07`.",
    whyItMatters: "Queries, documents and credentials reach the domain in clear text or over weak TLS.",
    remediation: "Set `EnforceHTTPS: true` and `TLSSecurityPolicy: Policy-Min-TLS-1-2-2019-07` (or newer).",
    example:
      "DomainEndpointOptions:\n  EnforceHTTPS: true\n  TLSSecurityPolicy: Policy-Min-TLS-1-2-PFS-2023-10",
    references: [
      "https://docs.aws.amazon.com/opensearch-service/latest/developerguide/infrastructure-security.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(
      ctx.model,
      "AWS::OpenSearchService::Domain",
      "AWS::Elasticsearch::Domain",
    )) {
      expectBoolean(ctx, resource, {
        path: ["DomainEndpointOptions", "EnforceHTTPS"],
        want: true,
        absentIsUnsafe: true,
        missing: "HTTPS is not enforced on the endpoint",
        wrong: "EnforceHTTPS is false",
      });
      const policy = lookup(resource.properties, "DomainEndpointOptions", "TLSSecurityPolicy");
      if (
        policy.state === "present" &&
        stringValue(ctx.model, policy.entry.value) === "Policy-Min-TLS-1-0-2019-07"
      ) {
        ctx.report({
          message: `${resource.logicalId}: the endpoint accepts TLS 1.0`,
          at: keySpan(policy.entry),
        });
      }
    }
  },
});
