import { definePatternRule } from "../pattern-rule.ts";

export const secretLogged = definePatternRule({
  hazard: "secret-logged",
  category: "security",
  title: "Password, token or key written to a log",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [532],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Python: `logging.*`, `logger.*`/`log.*` (also `self.logger`, `app.logger`), `print` and `pprint` calls that read a value named as a credential: `password`, `db_password`, `secret`, `api_key`, `private_key`, `access_key`, `auth_token`, `token`, `credentials`, as an argument, an f-string field, a keyword or a dict value. Words of the message text, `len(password)`, `bool(token)` and masking helpers (`mask…`, `redact…`) are not reported; nor is test code.",
    whyItMatters:
      "Logs are copied to aggregators, tickets and support bundles and are read by far more people than the secret's owners; a logged password or token stays valid long after anyone remembers it was written.",
    remediation:
      "Log that a credential was used or changed, not its value; where a value helps debugging, log a fingerprint (the last four characters, or a hash prefix) or pass it through a redaction filter.",
    example: 'logging.info("Signed in %s with a token ending %s", user, token[-4:])',
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html#data-to-exclude"],
  },
});
