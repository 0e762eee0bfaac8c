import { defineProjectRule } from "../../../src/rule.ts";
import type { SettingsSummary } from "./index.ts";

export const duplicateSetting = defineProjectRule<SettingsSummary>({
  id: "example/duplicate-setting",
  analyzer: "example",
  title: "Setting defined in more than one file",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: ["ENV-DRIFT-01"],
  docs: {
    summary: "The same key is set in two settings files; which one wins depends on load order.",
    whyItMatters: "A hardening setting can be silently undone by a later file.",
    remediation: "Keep each setting in exactly one file.",
  },
  check(ctx) {
    const firstSeen = new Map<string, { path: string; line: number; column: number }>();
    const files = [...ctx.files].sort((a, b) => a.path.localeCompare(b.path));
    for (const file of files) {
      for (const entry of file.summary.keys) {
        const first = firstSeen.get(entry.key);
        if (!first) {
          firstSeen.set(entry.key, { path: file.path, ...entry });
          continue;
        }
        if (first.path === file.path) continue;
        ctx.report({
          path: file.path,
          message: `"${entry.key}" is also set in ${first.path}`,
          at: { line: entry.line, column: entry.column },
          related: [
            { path: first.path, at: { line: first.line, column: first.column }, message: "first set here" },
          ],
        });
      }
    }
  },
});
