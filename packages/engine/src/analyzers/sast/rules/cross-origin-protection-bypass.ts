import { definePatternRule } from "../pattern-rule.ts";

export const crossOriginProtectionBypass = definePatternRule({
  hazard: "cross-origin-protection-bypass",
  category: "security",
  title: "Cross-origin request protection bypassed for every path",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [352],
  controls: [],
  fixable: false,
  docs: {
    summary:
      'Go 1.25\'s `http.CrossOriginProtection` with `AddInsecureBypassPattern("/")` (also `"/*"`, `"/{rest...}"`, with or without a method), which exempts every path, or with a pattern that is not fixed text.',
    whyItMatters:
      "The protection rejects state-changing requests a browser sends on behalf of another site (CSRF). A bypass pattern that matches every path leaves it installed but checking nothing; one taken from configuration or a request lets whoever sets it do the same.",
    remediation:
      "Exempt only the endpoints that must accept cross-origin requests (a webhook, a health check), each by its own literal path.",
    example: 'var cop http.CrossOriginProtection\ncop.AddInsecureBypassPattern("POST /webhooks/stripe")',
    references: ["https://pkg.go.dev/net/http#CrossOriginProtection"],
  },
});
