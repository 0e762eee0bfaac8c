import { judge, settingRule } from "../checks.ts";

export const snsSubscriptionOverHttp = settingRule(
  {
    id: "terraform/sns-subscription-over-http",
    analyzer: "terraform",
    title: "SNS subscription delivers over plain HTTP",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: 'An `aws_sns_topic_subscription` uses `protocol = "http"`.',
      whyItMatters:
        "Every notification, and the subscription confirmation token, crosses the network in clear text and can be read or forged in transit.",
      remediation: 'Use `protocol = "https"` with an HTTPS endpoint.',
      example:
        'resource "aws_sns_topic_subscription" "hook" {\n  protocol = "https"\n  endpoint = "https://hooks.example.com/sns"\n}',
    },
  },
  {
    types: ["aws_sns_topic_subscription"],
    attribute: "protocol",
    judge: judge.noneOf("http"),
    whenMissing: "safe",
    problem: "delivers notifications over plain HTTP",
    fixValue: '"https"',
  },
);
