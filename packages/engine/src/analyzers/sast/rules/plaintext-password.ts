import { definePatternRule } from "../pattern-rule.ts";

export const plaintextPassword = definePatternRule({
  hazard: "plaintext-password",
  category: "security",
  title: "Password stored or compared as plain text",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [256, 522],
  controls: ["SAST-CRY-01"],
  docs: {
    summary:
      "JavaScript: a user record whose `password` (`passwd`, `pwd`) field is a plain name or request value is written with a driver `insert`/`insertOne`/`insertMany` (directly, or through the variable holding it) in a file that hashes nothing; a password compared with `==`/`===` to a record's `.password`; or a password-checking function (`comparePassword`, `checkPwd`, `isValidPassword` …) that compares its arguments with `===`. A confirmation check of two form fields (`req.body.password == req.body.cpassword`) and ORM `create`/`save` calls (a model hook may hash) are not reported.",
    whyItMatters:
      "Whoever reads the table (a backup, an injection, an insider) has every user's password, and with it their accounts elsewhere where they reused it.",
    remediation:
      "Store a slow salted hash (`bcrypt.hash`, `argon2.hash`, `crypto.scrypt`) and check logins with the library's compare (`bcrypt.compare`), which is also constant-time.",
    example:
      "const user = { userName, password: await bcrypt.hash(password, 12) };\nawait users.insertOne(user);\n// on login\nconst ok = await bcrypt.compare(password, user.password);",
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html",
      "https://cwe.mitre.org/data/definitions/256.html",
    ],
  },
});
