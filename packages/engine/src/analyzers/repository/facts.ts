// What every repository rule does first: take each settings document the analyzer read, and turn
// an unknown fact into an explicit "could not check" (the run becomes partial) instead of silence.
import type { ProjectRuleContext, Report } from "../../rule.ts";
import type { Fact, RepositoryModel } from "./model.ts";

export type SettingsReport = (report: Report) => void;

/** Runs `check` on every settings document, with a report bound to that document's path. */
export function eachRepository(
  ctx: ProjectRuleContext<RepositoryModel>,
  check: (model: RepositoryModel, report: SettingsReport) => void,
): void {
  for (const file of ctx.files) check(file.summary, (report) => ctx.report({ ...report, path: file.path }));
}

/** The fact's value; when the host did not tell, says so to the run and answers undefined. */
export function known<T>(
  ctx: ProjectRuleContext<RepositoryModel>,
  model: RepositoryModel,
  fact: Fact<T>,
  what: string,
): T | undefined {
  if (fact.known) return fact.value;
  ctx.incomplete(`${model.host} did not tell ${what} of ${model.repository}: ${fact.reason}`);
  return undefined;
}
