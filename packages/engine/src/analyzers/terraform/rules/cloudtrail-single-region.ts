import { judge, settingRule } from "../checks.ts";

export const cloudtrailSingleRegion = settingRule(
  {
    id: "terraform/cloudtrail-single-region",
    analyzer: "terraform",
    title: "CloudTrail trail that records only one region",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-01"],
    docs: {
      summary:
        "An `aws_cloudtrail` leaves `is_multi_region_trail` unset or false, so API activity in other regions is not recorded.",
      whyItMatters:
        "Attackers deliberately operate in regions nobody watches (crypto-mining, persistence); a single-region trail misses them.",
      remediation:
        "Set `is_multi_region_trail = true` (usually together with `include_global_service_events = true`).",
      example: 'resource "aws_cloudtrail" "main" {\n  is_multi_region_trail = true\n}',
      references: [
        "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/receive-cloudtrail-log-files-from-multiple-regions.html",
      ],
    },
  },
  {
    types: ["aws_cloudtrail"],
    attribute: "is_multi_region_trail",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "records only its home region",
    fixValue: "true",
  },
);
