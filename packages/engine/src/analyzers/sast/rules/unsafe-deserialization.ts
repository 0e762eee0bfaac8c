import { definePatternRule } from "../pattern-rule.ts";

export const unsafeDeserialization = definePatternRule({
  hazard: "unsafe-deserialization",
  category: "security",
  title: "Unsafe deserialization",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [502],
  controls: ["SAST-DES-01"],
  fixable: true,
  docs: {
    summary:
      "Data is deserialized with a format that can construct arbitrary objects: Python `pickle`/`marshal`/`shelve`/`jsonpickle`, `yaml.load` without a safe loader, Java `ObjectInputStream`/`XMLDecoder`/XStream/SnakeYAML `new Yaml()`, node-serialize.",
    whyItMatters:
      "Crafted input runs code during deserialization (gadget chains, `__reduce__`), so whoever controls the bytes controls the process.",
    remediation:
      "Use data-only formats (JSON, `yaml.safe_load`, SnakeYAML `SafeConstructor`); if native serialization is unavoidable, sign the data and set an allow-list filter (`ObjectInputFilter`).",
    example: "config = yaml.safe_load(stream)",
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html"],
  },
});
