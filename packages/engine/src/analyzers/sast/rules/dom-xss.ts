import { definePatternRule } from "../pattern-rule.ts";

export const domXss = definePatternRule({
  hazard: "dom-xss",
  category: "security",
  title: "Unescaped HTML written into the DOM",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [79],
  controls: ["SAST-XSS-01"],
  fixable: false,
  docs: {
    summary:
      "A non-constant value is assigned to `innerHTML`/`outerHTML`, written with `insertAdjacentHTML`/`document.write`, passed to React's `dangerouslySetInnerHTML` or to Angular's `bypassSecurityTrust*` without a sanitizer (DOMPurify, an escape function); in templates (`.html`, `.ejs`, `.hbs` …), an inline script's `innerHTML`/`outerHTML` assignment of a non-constant value.",
    whyItMatters:
      "If any part of the value comes from a user, script in it runs in the page (DOM-based XSS).",
    remediation:
      "Assign text with `textContent`, render through the framework's escaping, or sanitize HTML with DOMPurify first.",
    example:
      "element.textContent = message;\n<div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />",
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/DOM_based_XSS_Prevention_Cheat_Sheet.html"],
  },
});
