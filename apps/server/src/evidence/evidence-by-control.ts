// The evidence of one control (GET /api/tenants/{id}/evidence?control=CODE): ledger artifacts carry
// no control codes in their hashed content, so the link goes through the run. A run's artifacts
// (the run and its finding batch) count when the run evaluated the control (it has a
// control_results row for it, as the Policy Runs control filter uses); a fix PR counts when the
// finding it fixes counts for the control (any control its rule evidences). A control the
// container image scan evidences (CTR-VUL-01) has the image scans' entries as its evidence.
import type { Database } from "@rampart/db/client";
import { controlResults, evidenceArtifacts, findings } from "@rampart/db/schema";
import { getControl } from "@rampart/policy";
import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { findingCountsForControl } from "../findings/finding-controls.ts";

type ArtifactType = (typeof evidenceArtifacts.$inferSelect)["artifactType"];

export function recentEvidenceOfControl(
  db: Database,
  query: { tenantId: string; control: string; limit: number; type: ArtifactType | "all" },
) {
  const { tenantId, control } = query;
  const evaluatedByRun: SQL = sql`exists (select 1 from ${controlResults} where ${controlResults.tenantId} = ${tenantId} and ${controlResults.runId} = ${evidenceArtifacts.runId} and ${controlResults.controlCode} = ${control})`;
  const fixesFindingOfControl: SQL = sql`exists (select 1 from ${findings} where ${findings.tenantId} = ${tenantId} and ${findings.id}::text = ${evidenceArtifacts.content} ->> 'findingId' and ${findingCountsForControl(control)})`;
  const related =
    getControl(control)?.evidencedBy === "image-scan"
      ? sql`${evidenceArtifacts.content} ->> 'kind' = 'image-scan'`
      : and(
          isNotNull(evidenceArtifacts.runId),
          sql`case when ${evidenceArtifacts.artifactType} = 'fix_pr' then ${fixesFindingOfControl} else ${evaluatedByRun} end`,
        );
  return db
    .select()
    .from(evidenceArtifacts)
    .where(
      and(
        eq(evidenceArtifacts.tenantId, tenantId),
        ...(query.type === "all" ? [] : [eq(evidenceArtifacts.artifactType, query.type)]),
        related,
      ),
    )
    .orderBy(desc(evidenceArtifacts.index))
    .limit(query.limit);
}
