import { definePatternRule } from "../pattern-rule.ts";

export const bindAllInterfaces = definePatternRule({
  hazard: "bind-all-interfaces",
  category: "security",
  title: "Server bound to all network interfaces",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [605, 1327],
  controls: ["SAST-CFG-01"],
  fixable: false,
  docs: {
    summary:
      'A server socket or application server listens on `0.0.0.0`, `::` or the empty host (a `host=` argument, a `socket.bind` address, a `HOST`/`BIND` setting). Test code is not reported. Go: `net.Listen`/`tls.Listen` on `":port"`, `"0.0.0.0:port"` or `"[::]:port"`, and `http.ListenAndServe` on an explicit `0.0.0.0`, written literally or through a name of the file declared with such a literal (`const addr = ":9000"`).',
    whyItMatters:
      "The service is reachable from every network the host is attached to, including ones it was not meant to serve; a debug or admin port becomes public.",
    remediation:
      "Bind to the interface the service serves (`127.0.0.1` behind a reverse proxy), or read the address from configuration so deployments choose it.",
    example: 'app.run(host=os.environ.get("BIND_HOST", "127.0.0.1"))',
  },
});
