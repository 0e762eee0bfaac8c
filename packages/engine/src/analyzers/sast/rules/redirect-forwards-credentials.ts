import { definePatternRule } from "../pattern-rule.ts";

export const redirectForwardsCredentials = definePatternRule({
  hazard: "redirect-forwards-credentials",
  category: "security",
  title: "HTTP client redirect callback that forwards credentials",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [200],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Go: an `http.Client`'s `CheckRedirect` function that copies the previous request's headers (`req.Header = via[len(via)-1].Header.Clone()`) or sets `Authorization`, `Cookie` or `Proxy-Authorization` on the redirected request.",
    whyItMatters:
      "net/http drops these headers when a redirect leaves the original domain, because the next host is whoever the response names. Putting them back sends the user's or the service's credentials to that host.",
    remediation:
      "Let the client drop them. When a trusted host must receive credentials after a redirect, check `req.URL.Host` against an allow-list before setting them.",
    example:
      'CheckRedirect: func(req *http.Request, via []*http.Request) error {\n\tif req.URL.Host == "api.example.com" {\n\t\treq.Header.Set("Authorization", via[0].Header.Get("Authorization"))\n\t}\n\treturn nil\n},',
    references: ["https://pkg.go.dev/net/http#Client"],
  },
});
