// The explicit rule list of the example analyzer: adding a rule adds one line here.
import type { FileRule, ProjectRule } from "../../../src/rule.ts";
import type { SettingsModel } from "../model.ts";
import { duplicateSetting } from "./duplicate-setting.ts";
import { hardcodedPassword } from "./hardcoded-password.ts";

export interface SettingsSummary {
  keys: { key: string; line: number; column: number }[];
}

export const exampleRules: readonly FileRule<SettingsModel>[] = [hardcodedPassword];

export const exampleProjectRules: readonly ProjectRule<SettingsSummary>[] = [duplicateSetting];
