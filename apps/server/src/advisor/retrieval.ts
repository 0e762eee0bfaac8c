// Retrieval for the advisor: PostgreSQL full-text search (english configuration, the same on
// PGlite) over the rule docs, the control catalogue and the tenant's open findings. The
// catalogues live in code, so they go to the query as one JSON parameter; findings are read in
// place, filtered by the tenant and the latest runs.
import type { Citation } from "@rampart/contracts/advisor";
import type { Database } from "@rampart/db/client";
import type { RuleMeta } from "@rampart/engine";
import { listControls } from "@rampart/policy";
import { sql } from "drizzle-orm";
import { cite } from "./citations.ts";

export interface RetrievedPassage {
  kind: "rule" | "control" | "finding";
  id: string;
  title: string;
  text: string;
  rank: number;
  citation: Citation;
}

const MAX_TERMS = 12;

/**
 * An OR-query of the question's words: a question is prose, and "how do I fix public S3 buckets"
 * should find a passage that has only some of its words. Words are letters and digits only, so
 * nothing the user types reaches tsquery syntax.
 */
export function questionTerms(question: string): string[] {
  const words = question.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

export function createRetrieval(deps: { db: Database; rules: ReadonlyMap<string, RuleMeta> }) {
  const catalogue = JSON.stringify([
    ...[...deps.rules.values()].map((rule) => ({
      kind: "rule",
      id: rule.id,
      title: rule.title,
      text: [rule.docs.summary, rule.docs.whyItMatters, rule.docs.remediation].join(" "),
    })),
    ...listControls().map((control) => ({
      kind: "control",
      id: control.code,
      title: control.title,
      text: control.description,
    })),
  ]);

  return {
    /** The passages best matching `question`, best first; the tenant's findings of `runIds` only. */
    async search(
      tenantId: string,
      runIds: readonly string[],
      question: string,
      limit = 8,
    ): Promise<RetrievedPassage[]> {
      const terms = questionTerms(question);
      if (terms.length === 0) return [];
      const tsquery = terms.join(" | ");
      const runs =
        runIds.length > 0
          ? sql`array[${sql.join(
              runIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}]`
          : sql`array[]::uuid[]`;
      const result = (await deps.db.execute(sql`
        with q as (select to_tsquery('english', ${tsquery}) as query),
        docs as (
          select d.kind, d.id, d.title, d.text, null::uuid as run_id
          from jsonb_to_recordset(${catalogue}::jsonb) as d(kind text, id text, title text, text text)
          union all
          select 'finding', f.id::text, f.rule_id, f.message || ' ' || coalesce(f.file_path, ''), f.run_id
          from findings f
          where f.tenant_id = ${tenantId}::uuid and f.run_id = any(${runs})
            and f.status = 'fail' and f.waiver_id is null
        ),
        ranked as (
          select kind, id, title, text, run_id,
            -- a title naming the question's terms outranks a passage that mentions them in passing:
            -- with hundreds of rules about one service, the body text alone ranks them all alike
            ts_rank(
              setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', text), 'D'),
              q.query
            ) as rank
          from docs, q
          where numnode(q.query) > 0 and to_tsvector('english', title || ' ' || text) @@ q.query
        ),
        placed as (
          select *, row_number() over (partition by kind = 'finding' order by rank desc, kind, id) as place
          from ranked
        ),
        -- half the answer is kept for the tenant's own findings when any match, so that the
        -- catalogue (a thousand rules) cannot crowd out what is actually wrong in this tenant
        chosen as (
          select * from placed
          order by (place <= ${Math.ceil(limit / 2)}) desc, rank desc, kind, id
          limit ${limit}
        )
        select kind, id, title, text, run_id, rank from chosen
        order by rank desc, kind, id`)) as unknown as {
        rows: {
          kind: RetrievedPassage["kind"];
          id: string;
          title: string;
          text: string;
          run_id: string | null;
          rank: number;
        }[];
      };
      return result.rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        title: row.title,
        text: row.text,
        rank: Number(row.rank),
        citation:
          row.kind === "finding"
            ? cite.finding(row.id, row.title, row.run_id ?? "")
            : row.kind === "control"
              ? cite.control(row.id, `${row.id} ${row.title}`)
              : cite.rule(row.id, row.title),
      }));
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
