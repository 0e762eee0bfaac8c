// Mechanical fixes for taint findings: only where the rewrite keeps the program's meaning.
import type { Report } from "../../rule.ts";
import type { SastModel } from "./model.ts";
import type { TaintFlow } from "./taint.ts";

export function fixFor(_model: SastModel, _flow: TaintFlow): Report["fix"] | undefined {
  return undefined;
}
