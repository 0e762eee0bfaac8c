import { definePatternRule } from "../pattern-rule.ts";

export const httpServerWithoutTimeout = definePatternRule({
  hazard: "http-server-without-timeout",
  category: "security",
  title: "HTTP server without read timeouts (Slowloris)",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [400],
  controls: ["SAST-CFG-01"],
  fixable: false,
  docs: {
    summary:
      "Go: `http.ListenAndServe`/`ListenAndServeTLS` and `http.Serve`/`ServeTLS` on a listener (whose server has no timeouts), or an `http.Server{…}` literal without `ReadHeaderTimeout` or `ReadTimeout`. Test code is not reported.",
    whyItMatters:
      "A client that sends its request headers one byte at a time keeps a connection and its goroutine forever; a few thousand such clients exhaust the server's file descriptors and memory (Slowloris).",
    remediation:
      "Create an `http.Server` with `ReadHeaderTimeout` (and `ReadTimeout`, `WriteTimeout`, `IdleTimeout` where the handlers allow) and call its `ListenAndServe`.",
    example:
      'srv := &http.Server{\n\tAddr:              ":8080",\n\tHandler:           mux,\n\tReadHeaderTimeout: 5 * time.Second,\n}\nlog.Fatal(srv.ListenAndServe())',
  },
});
