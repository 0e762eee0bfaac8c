// Which findings count for a control, in SQL. A finding row names its rule's first control in
// control_code and every control the rule evidences in metadata.controls; the per-run control
// results count a finding for each of them (run-record.ts controlTallies), so a query for a
// control's findings must match all of them, not only the first.
import { findings } from "@rampart/db/schema";
import { type SQL, sql } from "drizzle-orm";

export function findingCountsForControl(code: string): SQL {
  return sql`(${findings.controlCode} = ${code} or ${findings.metadata} -> 'controls' @> jsonb_build_array(${code}::text))`;
}

/** An open failure (failed, not waived) or a passed check: what checkOutcome counts. */
export function findingOutcomeIs(outcome: "failure" | "pass"): SQL {
  return outcome === "failure"
    ? sql`(${findings.status} = 'fail' and ${findings.waiverId} is null)`
    : sql`${findings.status} = 'pass'`;
}
