import { childOf } from "../../../parse/yaml-tree.ts";
import { opensearchWithoutAuditLogs as terraformRule } from "../../terraform/rules/opensearch-without-audit-logs.ts";
import { booleanOf, intrinsicOf } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const opensearchWithoutAuditLogs = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::OpenSearchService::Domain` or `AWS::Elasticsearch::Domain` has no `LogPublishingOptions.AUDIT_LOGS` (or one with `Enabled: false`).",
      remediation:
        "Add `LogPublishingOptions: { AUDIT_LOGS: { CloudWatchLogsLogGroupArn: …, Enabled: true } }` (audit logs need fine-grained access control).",
      example:
        "Search:\n  Type: AWS::OpenSearchService::Domain\n  Properties:\n    LogPublishingOptions:\n      AUDIT_LOGS:\n        CloudWatchLogsLogGroupArn: !GetAtt SearchAudit.Arn\n        Enabled: true",
    },
  }),
  {
    types: ["AWS::OpenSearchService::Domain", "AWS::Elasticsearch::Domain"],
    path: ["LogPublishingOptions", "AUDIT_LOGS"],
    judge: (model, option) => {
      if (intrinsicOf(option) || option.kind !== "map") return "unknown";
      const enabled = childOf(option, "Enabled");
      if (enabled === undefined) return "safe";
      const value = booleanOf(model, enabled);
      return value === undefined ? "unknown" : value ? "safe" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "does not publish audit logs",
  },
);
