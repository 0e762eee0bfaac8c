import { definePatternRule } from "../pattern-rule.ts";

export const xmlParserNotHardened = definePatternRule({
  hazard: "xml-parser-not-hardened",
  category: "security",
  title: "XML parsed without a hardened parser, to review (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [776, 611],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Python): the standard library's XML parsers (`xml.etree`, `xml.dom.minidom`/`pulldom`/`expatbuilder`, `xml.sax`, `expatreader`, `xml.parsers.expat`), lxml's parse functions without a parser configured with `resolve_entities=False` in the file, and XML-RPC servers without `defusedxml.xmlrpc.monkey_patch()`. Not reported where `sast/xxe` reports the line (entity resolution turned on), nor in files that call `defusedxml.defuse_stdlib()`, nor in tests.",
    whyItMatters:
      "Whether these parsers are safe depends on the runtime: Python 3.7.1+ does not fetch external entities, and expat 2.4.1+ limits entity expansion, but lxml expands internal entities and reads DTDs by default, and older interpreters in containers and appliances are common. Untrusted XML is where billion-laughs and XXE documents arrive.",
    remediation:
      "Parse untrusted XML with defusedxml (`defusedxml.ElementTree.fromstring`, `defusedxml.lxml`), or give lxml `etree.XMLParser(resolve_entities=False, no_network=True)`; call `defusedxml.xmlrpc.monkey_patch()` before serving XML-RPC.",
    example: "import defusedxml.ElementTree as ET\ntree = ET.fromstring(data)",
    references: [
      "https://docs.python.org/3/library/xml.html#xml-vulnerabilities",
      "https://github.com/tiran/defusedxml",
    ],
  },
});
