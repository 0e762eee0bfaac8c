import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const elbListenerAllowsHttp: FileRule<TerraformModel> = {
  id: "terraform/elb-listener-allows-http",
  analyzer: "terraform",
  title: "Classic load balancer listener serves plain HTTP",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary: 'An `aws_elb` (Classic Load Balancer) has a `listener` with `lb_protocol = "http"`.',
    whyItMatters:
      "Requests, cookies and credentials sent to that listener cross the internet in clear text and can be read or changed in transit.",
    remediation:
      'Serve `lb_protocol = "https"` with an `ssl_certificate_id`, or move to an Application Load Balancer that redirects HTTP to HTTPS.',
    example:
      'resource "aws_elb" "web" {\n  listener {\n    lb_port            = 443\n    lb_protocol        = "https"\n    instance_port      = 8080\n    instance_protocol  = "http"\n    ssl_certificate_id = aws_acm_certificate.web.arn\n  }\n}',
  },
  check(ctx) {
    for (const elb of resources(ctx.model, "aws_elb")) {
      for (const listener of children(elb, "listener")) {
        if (listener.dynamic) continue;
        const protocol = setting(ctx.model, listener, "lb_protocol");
        if (protocol.state !== "known" || typeof protocol.value !== "string") continue;
        if (protocol.value.toLowerCase() !== "http") continue;
        ctx.report({ message: `${addressOf(elb)} serves plain HTTP`, at: at(protocol.attribute.span) });
      }
    }
  },
};
