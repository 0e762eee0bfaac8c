import { defineTaintRule } from "../taint-rule.ts";

export const unhardenedDecoding = defineTaintRule({
  hazard: "unhardened-decoding",
  category: "security",
  title: "Request data decoded with gob or encoding/xml",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [502, 400],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Go: request data (a form value, the body) reaches `gob.NewDecoder`, `xml.NewDecoder` or `xml.Unmarshal`. encoding/json is not reported.",
    whyItMatters:
      "encoding/gob is documented as not hardened against adversarial input: the stream describes its own types and sizes, and its decoder does only basic checks, so a small message can make the server allocate or work far more than it sent. encoding/xml has no configurable limits on depth or size and has needed several resource-exhaustion fixes. A request body read this way also has no size bound unless the handler sets one.",
    remediation:
      "Accept JSON (or another format meant for untrusted peers) from clients, keep gob between trusted services, wrap the body in `http.MaxBytesReader`, and decode XML only from peers you trust or after bounding its size.",
    example:
      "r.Body = http.MaxBytesReader(w, r.Body, 1<<20)\nvar order Order\nif err := json.NewDecoder(r.Body).Decode(&order); err != nil {\n\treturn err\n}",
    references: ["https://pkg.go.dev/encoding/gob#hdr-Security", "https://pkg.go.dev/encoding/xml"],
  },
});
