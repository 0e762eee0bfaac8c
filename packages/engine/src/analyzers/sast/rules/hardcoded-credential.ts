import { definePatternRule } from "../pattern-rule.ts";

export const hardcodedCredential = definePatternRule({
  hazard: "hardcoded-credential",
  category: "security",
  title: "Credential written into the code",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [798],
  controls: ["SEC-HC-01"],
  fixable: false,
  docs: {
    summary:
      "A variable, constant, property or keyword argument named like a password (also `pw`), secret, API key, token or bearer token is assigned a string literal (an HTTP scheme such as `Bearer ` before the value is ignored). Placeholders, empty values, labels with spaces, and names of fields, URLs or headers are not reported; the value is masked in every output.",
    whyItMatters:
      "Anyone with read access to the repository (or its history, or a built artifact) can use the credential.",
    remediation:
      "Read the credential from the environment or a secret manager at run time, rotate the exposed one, and remove it from history.",
    example: 'const apiKey = process.env.PAYMENTS_API_KEY;\npassword = os.environ["DB_PASSWORD"]',
    references: ["https://cwe.mitre.org/data/definitions/798.html"],
  },
});
