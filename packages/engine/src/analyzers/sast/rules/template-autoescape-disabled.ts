import { definePatternRule } from "../pattern-rule.ts";

export const templateAutoescapeDisabled = definePatternRule({
  hazard: "template-autoescape-disabled",
  category: "security",
  title: "Template engine without HTML escaping",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [79, 116],
  controls: ["SAST-XSS-01"],
  fixable: true,
  docs: {
    summary:
      "A Jinja2 `Environment` created without `autoescape` (it is off by default) or with `autoescape=False`, or a Mako `Template`/`TemplateLookup` without `default_filters`. An `autoescape` set from a variable or `select_autoescape()` is not reported. Go: importing `text/template` (which never escapes) in a file that writes HTTP responses, unless every execution there is given data already escaped with `html.EscapeString` (or `nil`, or a literal) and every template text it parses is a literal. JavaScript/TypeScript: `autoescape: false` in a swig, Nunjucks or template-environment set-up call (`swig.setDefaults`, `nunjucks.configure`), and Handlebars `compile(…, { noEscape: true })`. Templates: a Django `{% autoescape off %}` or Jinja2/Nunjucks `{% autoescape false %}` block (not inside a comment or a constant-false `{% if %}`).",
    whyItMatters:
      "Every variable rendered into HTML is inserted as markup: data from users becomes script in other users' browsers (stored and reflected XSS).",
    remediation:
      "Create the environment with `autoescape=select_autoescape()` (or `True`), and mark trusted HTML explicitly with `Markup` where needed. Go: import `html/template`, which has the same API and escapes by context. In templates, remove the `autoescape off` block and mark the few trusted values `|safe` one by one.",
    example: 'env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape())',
  },
});
