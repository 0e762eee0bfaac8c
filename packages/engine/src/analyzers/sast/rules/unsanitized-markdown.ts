import { definePatternRule } from "../pattern-rule.ts";

export const unsanitizedMarkdown = definePatternRule({
  hazard: "unsanitized-markdown",
  category: "security",
  title: "Markdown rendered to HTML in a template without a sanitiser",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [79],
  controls: ["SAST-XSS-01"],
  fixable: false,
  docs: {
    summary:
      "A Jinja2/Nunjucks/Swig-style template prints the HTML of a markdown renderer that keeps raw HTML and `javascript:` links (`{{ marked(memo) }}`, `marked.parse`, `snarkdown`, showdown's `converter.makeHtml`) with no sanitiser in the same output. Printing it only makes sense where the output is not escaped (escaped, readers would see the tags). markdown-it, which escapes HTML by default, is not reported; `{{{ marked(x) }}}` and `<%- marked(x) %>` are `html-marked-safe` findings.",
    whyItMatters:
      "Markdown allows inline HTML: a user's `<img src=x onerror=…>` or `[link](javascript:…)` becomes script in every reader's browser (stored XSS). marked's old `sanitize` option was bypassable and has been removed.",
    remediation:
      "Sanitise the rendered HTML before printing it (`DOMPurify.sanitize(marked.parse(text))`, sanitize-html), or use a renderer that escapes HTML (markdown-it with `html: false`).",
    example: "{{ sanitizeHtml(marked.parse(doc.memo)) }}",
    references: ["https://marked.js.org/#usage", "https://owasp.org/www-community/attacks/xss/"],
  },
});
