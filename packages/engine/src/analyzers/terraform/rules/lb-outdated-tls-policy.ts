import { settingRule } from "../checks.ts";

/** Policies that still accept TLS 1.0 or 1.1. */
const OUTDATED = new Set([
  "ELBSecurityPolicy-2015-05",
  "ELBSecurityPolicy-2016-08",
  "ELBSecurityPolicy-TLS-1-0-2015-04",
  "ELBSecurityPolicy-TLS-1-1-2017-01",
  "ELBSecurityPolicy-FS-2018-06",
  "ELBSecurityPolicy-FS-1-1-2019-08",
  "ELBSecurityPolicy-TLS13-1-0-2021-06",
  "ELBSecurityPolicy-TLS13-1-1-2021-06",
  "ELBSecurityPolicy-TLS13-1-0-FIPS-2023-04",
  "ELBSecurityPolicy-TLS13-1-1-FIPS-2023-04",
]);

export const lbOutdatedTlsPolicy = settingRule(
  {
    id: "terraform/lb-outdated-tls-policy",
    analyzer: "terraform",
    title: "Load balancer listener accepts TLS 1.0 or 1.1",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `aws_lb_listener`/`aws_alb_listener` uses an `ssl_policy` that still negotiates TLS 1.0 or 1.1 " +
        "(for example `ELBSecurityPolicy-2016-08`, the historical default).",
      whyItMatters:
        "Clients can be downgraded to protocol versions with known weaknesses (BEAST, POODLE-era ciphers).",
      remediation: "Use `ELBSecurityPolicy-TLS13-1-2-2021-06` (TLS 1.2 and 1.3) or a newer TLS 1.2+ policy.",
      example:
        'resource "aws_lb_listener" "https" {\n  protocol   = "HTTPS"\n  ssl_policy = "ELBSecurityPolicy-TLS13-1-2-2021-06"\n}',
      references: [
        "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/describe-ssl-policies.html",
      ],
    },
  },
  {
    types: ["aws_lb_listener", "aws_alb_listener"],
    attribute: "ssl_policy",
    judge: (value) => (typeof value !== "string" ? "unknown" : OUTDATED.has(value) ? "unsafe" : "safe"),
    whenMissing: "safe",
    problem: "accepts TLS 1.0 or 1.1",
  },
);
