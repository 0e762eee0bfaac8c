import { defineTaintRule } from "../taint-rule.ts";

export const ldapInjection = defineTaintRule({
  hazard: "ldap-injection",
  category: "security",
  title: "LDAP filter built from untrusted input",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [90],
  controls: ["SAST-INJ-01"],
  fixable: false,
  docs: {
    summary: "Untrusted input is concatenated into an LDAP search filter or DN.",
    whyItMatters:
      "`*)(uid=*))(|(uid=*` widens a search to every entry: authentication bypass and directory disclosure.",
    remediation:
      "Escape filter values (RFC 4515: `ldap.filter.escape_filter_chars`, `ldap-escape`, Spring `LdapEncoder.filterEncode`) or use a filter builder with typed values.",
    example: 'conn.search(base, "(uid=%s)" % escape_filter_chars(user))',
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html"],
  },
});
