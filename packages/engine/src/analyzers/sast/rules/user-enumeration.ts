import { definePatternRule } from "../pattern-rule.ts";

export const userEnumeration = definePatternRule({
  hazard: "user-enumeration",
  category: "security",
  title: "Login tells an unknown user from a wrong password",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [204],
  controls: ["SAST-CFG-01"],
  docs: {
    summary:
      'JavaScript: one function holds both a message that the account does not exist ("Invalid username", "User not found", "Unknown email" …) and one that the password is wrong ("Invalid password", "Incorrect password"), in a file about logging in (`login`, `signin`, `authenticate`). Reported at the unknown-user message.',
    whyItMatters:
      "An attacker learns which user names or e-mail addresses have accounts, and then spends guesses only on those (credential stuffing, targeted phishing).",
    remediation:
      'Answer every failed login with the same message ("Invalid username or password") and status, and take about the same time in both cases (compare against a dummy hash when the user is unknown).',
    example: 'const loginError = "Invalid username and/or password";',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html#authentication-and-error-messages",
    ],
  },
});
