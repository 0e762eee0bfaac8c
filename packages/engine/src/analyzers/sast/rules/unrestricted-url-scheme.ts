import { definePatternRule } from "../pattern-rule.ts";

export const unrestrictedUrlScheme = definePatternRule({
  hazard: "unrestricted-url-scheme",
  category: "security",
  title: "URL opened without a scheme check, to review (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [939, 22],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Python): `urllib.request.urlopen`/`urlretrieve`/`Request`, Python 2's `urllib.urlopen`/`urllib2.urlopen`, and the `URLopener`/`FancyURLopener` classes, unless the URL is a literal `http://` or `https://` URL. Where request data reaches the URL, `sast/ssrf` reports the line instead; tests are not reported.",
    whyItMatters:
      "urllib opens `file://` (and `ftp://`, `data:`) URLs as readily as web pages: a URL from a setting, a feed or a redirect target can read local files such as `/etc/passwd` or cloud credentials.",
    remediation:
      'Check the scheme before opening (`urllib.parse.urlsplit(url).scheme in ("http", "https")`), or use an HTTP client that only speaks HTTP (`requests`, `httpx`).',
    example:
      'if urllib.parse.urlsplit(url).scheme not in ("http", "https"):\n    raise ValueError("unsupported URL")\nurllib.request.urlopen(url, timeout=10)',
    references: ["https://docs.python.org/3/library/urllib.request.html#urllib.request.urlopen"],
  },
});
