// A deliberately tiny analyzer that shows the whole contract (model, per-file rule with a fix,
// cross-file rule) and keeps the fixture harness honest. It is not in the production registry.
import { defineAnalyzer } from "../../src/analyzer.ts";
import { parseSettings, type SettingsModel } from "./model.ts";
import { exampleProjectRules, exampleRules, type SettingsSummary } from "./rules/index.ts";

export const exampleAnalyzer = defineAnalyzer<SettingsModel, SettingsSummary>({
  id: "example",
  title: "Example settings files",
  description:
    "Parses `key = value` settings files (`*.conf`). Exists to demonstrate and test the analyzer contract.",
  accepts: ["text"],
  parse: parseSettings,
  rules: exampleRules,
  project: {
    // Only what the cross-file rules need crosses the worker boundary: plain data, no model.
    summarize: (model) => ({
      keys: model.settings.map((s) => ({ key: s.key, line: s.line, column: s.keyColumn })),
    }),
    rules: exampleProjectRules,
  },
});
