import { definePatternRule } from "../pattern-rule.ts";

export const urlFromVariable = definePatternRule({
  hazard: "url-from-variable",
  category: "security",
  title: "Outgoing request to a URL that is not fixed in the code (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [918],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Go): `http.Get`/`Head`/`Post`/`PostForm` or `http.NewRequest(WithContext)` with a URL that is not fixed text (a function parameter, a package-level variable even when declared with a literal, a value a call returned, or text built from them) where no source of it is known. A URL from request data is `sast/ssrf`'s finding and one from the command line or environment `sast/unvalidated-local-input`'s; a literal, a constant or a local name assigned only literals is not reported. Test code is not reported.",
    whyItMatters:
      "Whoever sets the value chooses where the server connects: internal services, cloud metadata endpoints, other tenants. A parameter's callers and a package variable's writers (any file of the package, or `-ldflags -X` at build time) are outside the line under review, which is why gosec reports every such call.",
    remediation:
      "Make the URL a constant where it is one. Where it is configuration, parse it once where it is read and check its scheme and host against an allow-list; suppress the finding with that reason.",
    example: 'const statusURL = "https://status.example.com/api"\n\nresp, err := http.Get(statusURL)',
    references: ["https://cwe.mitre.org/data/definitions/918.html"],
  },
});
