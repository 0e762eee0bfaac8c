// Template files: Jinja2, Django and Nunjucks (`.html`, `.jinja`, `.j2`, `.njk` …), EJS (`.ejs`),
// Handlebars and Mustache (`.hbs`, `.handlebars`, `.mustache`). The HTML grammar sees their tags
// as text, so the rules are text patterns: output that skips the engine's escaping, and blocks
// that turn escaping off. Comments and constant-false blocks of the template language are skipped.
import type { LanguageSpec, TextPatternSpec } from "./types.ts";

/**
 * Filters that leave only safe text before `safe` (`{{ body|striptags|safe }}`), or a literal
 * (`{{ "<br>"|safe }}`): not reported.
 */
const SAFE_BEFORE_SAFE =
  /^\{\{-?\s*(?:"[^"]*"|'[^']*')\s*\|\s*safe\b|\|\s*(?:escape|e|striptags|forceescape|urlencode|bleach|sanitize\w*|clean_html|int|float|length|wordcount)\s*\|\s*safe\b/;

const templatePatterns: readonly TextPatternSpec[] = [
  {
    hazard: "html-marked-safe",
    // Jinja2, Django and Nunjucks: `{{ value|safe }}`, also with arguments and later filters
    pattern: /\{\{-?[^{}\n]{0,300}?\|\s*safe\b[^{}\n]{0,200}?-?\}\}/g,
    unless: SAFE_BEFORE_SAFE,
    message: "Template output marked `safe`: the value is inserted without HTML escaping",
  },
  {
    hazard: "html-marked-safe",
    pattern: /\{%-?\s*filter\s+safe\s*-?%\}/g,
    message: "`{% filter safe %}` block: everything in it is inserted without HTML escaping",
  },
  {
    hazard: "html-marked-safe",
    // EJS: `<%- value %>` writes the value unescaped; `<%- include(…) %>` renders a partial (which
    // escapes its own output) and `<%- escape…(x) %>`/`sanitize…(x)` cleans the value first
    pattern: /<%-(?!%)[^%]{0,300}?-?%>/g,
    unless: /^<%-\s*(?:include\s*\(|(?:escape\w*|sanitize\w*|DOMPurify\.sanitize|_\.escape)\s*\()/,
    message: "EJS `<%- %>` writes the value without HTML escaping",
  },
  {
    hazard: "html-marked-safe",
    // Handlebars and Mustache: `{{{ value }}}` and Mustache's `{{& value }}` skip escaping
    pattern: /\{\{\{~?\s*[^{}\n]{1,300}?~?\}\}\}|\{\{&\s*[^{}\n]{1,300}?\}\}/g,
    message: "`{{{ }}}` (Mustache also `{{& }}`) writes the value without HTML escaping",
  },
  {
    hazard: "dom-xss",
    // A page's inline script assigning a non-constant value to innerHTML/outerHTML (DVNA's user
    // table fills cells from an API response this way); a quoted literal alone is not reported
    pattern: /\.(?:innerHTML|outerHTML)\s*=(?!=)\s*[^;\n]{1,300}/g,
    unless:
      /=\s*(?:(?:"[^"\n]*"|'[^'\n]*'|`[^`$\n]*`)\s*;?\s*$|(?:DOMPurify\.sanitize|sanitize\w*|escape\w*)\s*\()/,
    message: "Inline script assigns a non-constant value to innerHTML/outerHTML",
  },
  {
    hazard: "unsanitized-markdown",
    // `{{ marked(memo) }}`: only worth writing where the output is not escaped (escaped, the
    // reader would see the tags), and marked, snarkdown and showdown pass raw HTML and
    // `javascript:` links through. markdown-it is not listed: it escapes HTML by default.
    // Triple braces are `html-marked-safe`'s already.
    pattern:
      /(?<!\{)\{\{(?!\{)-?\s*(?:marked(?:\.parse|\.marked)?|snarkdown|(?:converter|showdown\w*)\.makeHtml)\s*\([^{}\n]{0,300}?-?\}\}/g,
    unless: /sanitize|purify|xss|escape/i,
    message:
      "Markdown rendered to HTML in the template output without a sanitiser: raw HTML and `javascript:` links in it run",
  },
  {
    hazard: "template-url-injection",
    // `href="{{ website }}"`: HTML escaping leaves `javascript:alert(1)` intact, so a value that
    // starts the URL picks its scheme. A fixed start (`href="/u/{{ id }}"`) and the engines' URL
    // builders and encoders are not reported.
    pattern:
      /\b(?:href|action|formaction|xlink:href)\s*=\s*["']?\s*(?:(?<!\{)\{\{(?!\{)-?[^{}\n]{1,200}?\}\}|<%=[^%]{1,200}?%>)/gi,
    // a variable named "safe" is no sanitiser: only the calls and filters themselves count
    unless:
      /\b(?:url_for|static|route|reverse|encodeURIComponent|encodeForURL|safe_?url|sanitize_?url)\s*\(|\|\s*urlencode\b/i,
    message: "A template value starts a link's URL: HTML escaping does not stop a `javascript:` URL in it",
  },
  {
    hazard: "template-autoescape-disabled",
    // Django `{% autoescape off %}`, Jinja2 and Nunjucks `{% autoescape false %}`
    pattern: /\{%-?\s*autoescape\s+(?:off|false|False)\s*-?%\}/g,
    message: "`{% autoescape off %}`: every variable in the block is inserted without HTML escaping",
  },
];

export const templateSpec: LanguageSpec = {
  // Only the text is read: the tree of a template is not queried.
  grammar: "html",
  kinds: {
    calls: [],
    assignments: [],
    functions: [],
    identifiers: [],
    ifs: [],
    parameters: [],
  },
  sources: [],
  sanitizers: [],
  sinks: [],
  patterns: [],
  textPatterns: templatePatterns,
};

/**
 * Spans of a template that never render: comments (`{# #}`, `{% comment %}`, `<%# %>`,
 * `{{! }}`, `<!-- -->` is still sent to the browser but not run through the engine's output
 * either) and blocks under a constant false condition (`{% if false %}`, `<% if (false) { %>`,
 * `{{#if false}}`) up to their first end tag. Nested blocks inside such a block end it early:
 * the rest is treated as live (reported), never the other way round.
 */
export function inertTemplateSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const [open, close] of INERT_BLOCKS) {
    // Openers and closers are searched in turn, never a lazy `[\s\S]*?` per opener: an opener
    // without a closer ends the search, so a hostile file costs one pass per kind of block.
    open.lastIndex = 0;
    for (let opened = open.exec(text); opened; opened = open.exec(text)) {
      close.lastIndex = opened.index + opened[0].length;
      const closed = close.exec(text);
      if (!closed) break;
      spans.push({ start: opened.index, end: closed.index + closed[0].length });
      open.lastIndex = close.lastIndex;
    }
  }
  return spans;
}

/** Opening and closing tags of the blocks that never render. */
const INERT_BLOCKS: readonly [RegExp, RegExp][] = [
  [/\{#/g, /#\}/g],
  [/\{%-?\s*comment\s*-?%\}/g, /\{%-?\s*endcomment\s*-?%\}/g],
  [/<%#/g, /%>/g],
  [/\{\{!--/g, /--\}\}/g],
  [/\{\{!(?!--)/g, /\}\}/g],
  [/\{%-?\s*if\s+(?:false|False|0|none|None)\s*-?%\}/g, /\{%-?\s*(?:endif|else|elif)\b/g],
  [/<%_?\s*if\s*\(\s*(?:false|0|null|undefined)\s*\)\s*\{\s*_?-?%>/g, /<%_?\s*\}/g],
  [/\{\{#if\s+false\s*\}\}/g, /\{\{(?:\/if|else)\b/g],
];
