import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, resourcesOfType, stringValue } from "../model.ts";

/** Predefined ELB security policies that still negotiate TLS 1.0 or 1.1. */
const OUTDATED =
  /^ELBSecurityPolicy-(?:2015-05|2016-08|2016-08-.*|TLS-1-0-.*|TLS-1-1-.*|FS-2018-06|FS-1-1-.*)$/;

export const outdatedLoadBalancerTlsPolicy = defineFileRule<CfnModel>({
  id: "cloudformation/outdated-load-balancer-tls-policy",
  analyzer: "cloudformation",
  title: "Load balancer listener accepts TLS 1.0 or 1.1",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [326],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "An `AWS::ElasticLoadBalancingV2::Listener` sets an `SslPolicy` that still negotiates TLS 1.0 or 1.1 (e.g. `ELBSecurityPolicy-2016-08`, the console's old default).",
    whyItMatters:
      "TLS 1.0 and 1.1 have known weaknesses and are rejected by current compliance baselines (PCI DSS, NIST SP 800-52r2).",
    remediation: "Use `ELBSecurityPolicy-TLS13-1-2-2021-06` or another TLS 1.2+ policy.",
    example:
      "Listener:\n  Type: AWS::ElasticLoadBalancingV2::Listener\n  Properties:\n    Protocol: HTTPS\n    SslPolicy: ELBSecurityPolicy-TLS13-1-2-2021-06",
    references: [
      "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/describe-ssl-policies.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::ElasticLoadBalancingV2::Listener")) {
      const policy = lookup(resource.properties, "SslPolicy");
      if (policy.state !== "present") continue;
      const name = stringValue(ctx.model, policy.entry.value);
      if (name === undefined || !OUTDATED.test(name)) continue;
      ctx.report({
        message: `${resource.logicalId}: ${name} allows TLS versions older than 1.2`,
        at: keySpan(policy.entry),
      });
    }
  },
});
