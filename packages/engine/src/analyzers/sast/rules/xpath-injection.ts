import { defineTaintRule } from "../taint-rule.ts";

export const xpathInjection = defineTaintRule({
  hazard: "xpath-injection",
  category: "security",
  title: "XPath expression built from untrusted input",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [643],
  controls: ["SAST-INJ-01"],
  fixable: false,
  docs: {
    summary: "Untrusted input is concatenated into an XPath expression.",
    whyItMatters:
      "`' or '1'='1` changes the expression to match every node: authentication bypass against XML user stores and data disclosure.",
    remediation:
      'Use XPath variables (`XPathVariableResolver`, lxml `xpath("//user[@name=$name]", name=x)`) instead of string building.',
    example: 'tree.xpath("//user[@name=$name]", name=user_name)',
    references: ["https://owasp.org/www-community/attacks/XPATH_Injection"],
  },
});
