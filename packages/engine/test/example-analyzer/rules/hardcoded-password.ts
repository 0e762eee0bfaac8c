import { defineFileRule } from "../../../src/rule.ts";
import type { SettingsModel } from "../model.ts";

// Values that are references to somewhere else, not secrets written into the file.
const REFERENCE = /^\$[A-Z0-9_]+$/;

export const hardcodedPassword = defineFileRule<SettingsModel>({
  id: "example/hardcoded-password",
  analyzer: "example",
  title: "Password written into a settings file",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [798],
  controls: ["SEC-HC-01"],
  fixable: true,
  docs: {
    summary: "A setting whose key names a password holds a literal value instead of a reference.",
    whyItMatters: "Anyone who can read the repository can read the password, and it stays in history.",
    remediation: "Read the password from the environment or a secret store and reference it as `$NAME`.",
    example: "db.password = $DB_PASSWORD",
  },
  check(ctx) {
    for (const setting of ctx.model.settings) {
      if (!/password/i.test(setting.key) || setting.value === "" || REFERENCE.test(setting.value)) continue;
      const valueStart = { line: setting.line, column: setting.valueColumn };
      const rawLength = setting.value.length + (setting.quoted ? 2 : 0);
      const valueEnd = { line: setting.line, column: setting.valueColumn + rawLength };
      const variable = setting.key.toUpperCase().replace(/[^A-Z0-9]/g, "_");
      ctx.report({
        message: `"${setting.key}" holds a literal password`,
        at: { ...valueStart, endLine: valueEnd.line, endColumn: valueEnd.column },
        fix: {
          description: `reference $${variable} instead of the literal`,
          edits: [
            {
              start: ctx.file.byteOffsetAt(valueStart),
              end: ctx.file.byteOffsetAt(valueEnd),
              text: `$${variable}`,
            },
          ],
        },
      });
    }
  },
});
