import { definePatternRule } from "../pattern-rule.ts";

export const htmlMarkedSafe = definePatternRule({
  hazard: "html-marked-safe",
  category: "security",
  title: "Value built at run time marked as safe HTML",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [79],
  controls: ["SAST-XSS-01"],
  fixable: false,
  docs: {
    summary:
      "Django `mark_safe`/`SafeString`/`SafeText` (also through the `safestring` module) or markupsafe `Markup` wraps a value that is not a string literal, so templates insert it without escaping. When untrusted input provably reaches it, `sast/xss` reports the flow instead. Go: `template.HTML`, `JS`, `URL`, `HTMLAttr`, `CSS`, `JSStr` or `Srcset` of a non-literal in a file using `html/template`. Templates: Jinja2, Django and Nunjucks `{{ value|safe }}` and `{% filter safe %}` (not after `escape`/`striptags`, not of a literal), EJS `<%- value %>` (not `include(…)` or a `sanitize…(…)`/`escape…(…)` call), Handlebars and Mustache `{{{ value }}}` and `{{& value }}`; comments and `{% if false %}`-style blocks are skipped.",
    whyItMatters:
      "Any part of the value that comes from users becomes markup and script in other users' browsers.",
    remediation:
      'Build HTML with `format_html` (Django) or `Markup("<b>{}</b>").format(value)` (markupsafe), which escape each value, and mark only literal markup as safe. In templates, print with the escaping form (`{{ value }}`, `<%= value %>`) or sanitise the HTML (bleach, DOMPurify, sanitize-html) before marking it safe.',
    example: 'html = format_html("<b>{}</b>", user.name)',
  },
});
