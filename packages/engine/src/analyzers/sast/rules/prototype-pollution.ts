import { defineTaintRule } from "../taint-rule.ts";

export const prototypePollution = defineTaintRule({
  hazard: "prototype-pollution",
  category: "security",
  title: "Prototype pollution from untrusted keys",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1321],
  controls: ["SAST-INJ-03"],
  fixable: false,
  docs: {
    summary:
      "An object from the request is deep-merged into another (`_.merge`, `deepmerge`, `$.extend(true, …)`), or a request value is the property path of `_.set`/`dot-prop`/`object-path`, so a `__proto__` or `constructor.prototype` key writes into `Object.prototype`.",
    whyItMatters:
      'A property added to `Object.prototype` appears on every object of the process: `{ "__proto__": { "isAdmin": true } }` can grant rights, crash the server, or reach code execution through template engines and `child_process` options that read inherited properties.',
    remediation:
      "Copy only the fields you expect (`const { name, email } = req.body`), validate the body against a schema that rejects unknown keys, merge into `Object.create(null)` objects, or use a merge that skips `__proto__`, `constructor` and `prototype`.",
    example: "const settings = { ...defaults, theme: String(req.body.theme) };",
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Prototype_Pollution_Prevention_Cheat_Sheet.html",
    ],
  },
});
