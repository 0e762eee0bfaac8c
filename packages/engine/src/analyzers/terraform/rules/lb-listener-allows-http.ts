import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const lbListenerAllowsHttp: FileRule<TerraformModel> = {
  id: "terraform/lb-listener-allows-http",
  analyzer: "terraform",
  title: "Load balancer listener serves plain HTTP",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      'An `aws_lb_listener`/`aws_alb_listener` uses `protocol = "HTTP"` and its default action does not ' +
      "redirect to HTTPS.",
    whyItMatters:
      "Requests, cookies and credentials travel in clear text between clients and the load balancer.",
    remediation:
      'Serve HTTPS, and make the port-80 listener a `redirect { protocol = "HTTPS", status_code = "HTTP_301" }`. ' +
      "Listeners that redirect to HTTPS, or only return a fixed response, are not flagged.",
    example:
      'resource "aws_lb_listener" "http" {\n  port     = 80\n  protocol = "HTTP"\n  default_action {\n    type = "redirect"\n    redirect {\n      port        = "443"\n      protocol    = "HTTPS"\n      status_code = "HTTP_301"\n    }\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/load-balancer-listeners.html",
    ],
  },
  check(ctx) {
    for (const listener of resources(ctx.model, "aws_lb_listener", "aws_alb_listener")) {
      const protocol = setting(ctx.model, listener, "protocol");
      if (protocol.state !== "known" || protocol.value !== "HTTP") continue;
      const actions = children(listener, "default_action");
      if (actions.length === 0 || actions.some((action) => action.dynamic)) continue;
      const safe = actions.every((action) => {
        const type = setting(ctx.model, action, "type");
        if (type.state !== "known") return true; // cannot tell
        if (type.value === "fixed-response") return true;
        if (type.value !== "redirect") return false;
        const redirect = children(action, "redirect")[0];
        if (!redirect) return true;
        const target = setting(ctx.model, redirect, "protocol");
        return !(target.state === "known" && target.value === "HTTP");
      });
      if (safe) continue;
      ctx.report({
        message: `${addressOf(listener)} serves plain HTTP without redirecting`,
        at: at(protocol.attribute.span),
      });
    }
  },
};
