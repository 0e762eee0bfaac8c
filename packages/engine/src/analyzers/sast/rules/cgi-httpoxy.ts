import { definePatternRule } from "../pattern-rule.ts";

export const cgiHttpoxy = definePatternRule({
  hazard: "cgi-httpoxy",
  category: "security",
  title: "CGI handler exposed to httpoxy (Proxy header as HTTP_PROXY)",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [807],
  controls: ["SAST-INJ-01"],
  fixable: false,
  docs: {
    summary:
      "Python: an application served through CGI with `wsgiref.handlers.CGIHandler` or twisted's `twcgi.CGIScript`/`CGIDirectory`. CGI turns every request header into an `HTTP_*` environment variable, so a `Proxy:` header becomes `HTTP_PROXY`.",
    whyItMatters:
      "requests, urllib and many other clients take their proxy from `HTTP_PROXY`: a client sending `Proxy: attacker:8080` has the application's outgoing requests (with their credentials) sent through the attacker's proxy (httpoxy, CVE-2016-5386 and its siblings).",
    remediation:
      "Serve the application with a WSGI server instead of CGI; where CGI must stay, drop the `Proxy` header in the web server or delete `HTTP_PROXY` from the environment before any outgoing request.",
    example:
      "from wsgiref.simple_server import make_server\nmake_server('127.0.0.1', 8000, application).serve_forever()",
    references: ["https://httpoxy.org/"],
  },
});
