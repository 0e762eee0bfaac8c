import { judge, settingRule } from "../checks.ts";

export const mskPlaintextClientTraffic = settingRule(
  {
    id: "terraform/msk-plaintext-client-traffic",
    analyzer: "terraform",
    title: "MSK cluster accepts plaintext client connections",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `aws_msk_cluster` sets `encryption_info.encryption_in_transit.client_broker` to `PLAINTEXT` or `TLS_PLAINTEXT`.",
      whyItMatters: "Producers and consumers may send messages, and SASL credentials, in clear text.",
      remediation: 'Set `client_broker = "TLS"` (the default).',
      example:
        'resource "aws_msk_cluster" "events" {\n  encryption_info {\n    encryption_in_transit {\n      client_broker = "TLS"\n      in_cluster    = true\n    }\n  }\n}',
      references: ["https://docs.aws.amazon.com/msk/latest/developerguide/msk-encryption.html"],
    },
  },
  {
    types: ["aws_msk_cluster"],
    path: ["encryption_info", "encryption_in_transit"],
    attribute: "client_broker",
    judge: judge.oneOf("TLS"),
    whenMissing: "safe",
    problem: "accepts plaintext client connections",
    fixValue: '"TLS"',
  },
);
