import { definePatternRule } from "../pattern-rule.ts";

export const xxe = definePatternRule({
  hazard: "xxe",
  category: "security",
  title: "XML parser resolves external entities (XXE)",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [611],
  controls: ["SAST-DES-01"],
  fixable: false,
  docs: {
    summary:
      "An XML parser is created or configured so that DTDs and external entities are processed: Java parser factories without `disallow-doctype-decl` or secure processing in the file, lxml `resolve_entities=True`, SAX `feature_external_ges`, libxmljs `noent: true`. Go's encoding/xml does not resolve external entities.",
    whyItMatters:
      'A document with `<!ENTITY x SYSTEM "file:///etc/passwd">` reads local files, reaches internal URLs, or exhausts memory.',
    remediation:
      'Disable DTDs (`factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)`), or use defusedxml in Python; never enable entity resolution for untrusted XML.',
    example:
      'DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();\nf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html",
    ],
  },
});
