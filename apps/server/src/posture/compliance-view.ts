// Which compliance the page asks for: Type I at a moment (default now) or Type II over a window.
// Moments after now mean now: evidence cannot be judged ahead of time.
import { AppError } from "../errors.ts";
import type { ComplianceView } from "../evidence-requests/evidence-status.ts";

export interface ComplianceViewQuery {
  view?: "type1" | "type2" | undefined;
  at?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The compliance query's view: Type I at `at` (default now), or Type II over `from`–`to`. */
export function complianceView(query: ComplianceViewQuery, now: Date): ComplianceView {
  if (query.view === "type2") {
    if (!query.from || !query.to)
      throw new AppError("bad_request", "from, to: a Type II view needs its window");
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (from >= to) throw new AppError("bad_request", "from: must be before to");
    if (to > now) return { kind: "type2", from, to: now };
    return { kind: "type2", from, to };
  }
  const at = query.at ? new Date(query.at) : now;
  return { kind: "type1", at: at > now ? now : at };
}
