// What an auditor can sample, one query per population: the items of a tenant in a window, in
// a stable order (time, then id), each with a label a person recognises. The draw indexes this
// order, so it must never depend on anything but the data.
import type { Database } from "@rampart/db/client";
import type { SAMPLE_POPULATIONS } from "@rampart/db/schema";
import {
  evidenceRequests,
  evidenceSubmissions,
  memberships,
  policies,
  policyAcknowledgements,
  policyRuns,
  policyVersions,
  prSuggestions,
  repositories,
  users,
} from "@rampart/db/schema";
import { and, asc, eq, gte, lte } from "drizzle-orm";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type SamplePopulation = (typeof SAMPLE_POPULATIONS)[number];

export interface PopulationItem {
  id: string;
  label: string;
  at: Date;
}

export interface Window {
  start: Date;
  end: Date;
}

/** More than this in one window is refused: the auditor narrows the window instead. */
export const MAX_POPULATION = 100_000;

type PopulationQuery = (tx: Transaction, tenantId: string, window: Window) => Promise<PopulationItem[]>;

const shortSha = (sha: string) => sha.slice(0, 12);

export const POPULATIONS: Record<SamplePopulation, PopulationQuery> = {
  runs: async (tx, tenantId, { start, end }) => {
    const rows = await tx
      .select({
        id: policyRuns.id,
        at: policyRuns.createdAt,
        repository: repositories.name,
        commit: policyRuns.commitSha,
      })
      .from(policyRuns)
      .innerJoin(repositories, eq(repositories.id, policyRuns.repositoryId))
      .where(
        and(
          eq(policyRuns.tenantId, tenantId),
          gte(policyRuns.createdAt, start),
          lte(policyRuns.createdAt, end),
        ),
      )
      .orderBy(asc(policyRuns.createdAt), asc(policyRuns.id))
      .limit(MAX_POPULATION + 1);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      label: `${row.repository} @ ${shortSha(row.commit)}`,
    }));
  },

  "fix-pull-requests": async (tx, tenantId, { start, end }) => {
    const rows = await tx
      .select({
        id: prSuggestions.id,
        at: prSuggestions.createdAt,
        number: prSuggestions.number,
        hostNumber: prSuggestions.hostNumber,
        title: prSuggestions.title,
        repository: repositories.name,
      })
      .from(prSuggestions)
      .innerJoin(repositories, eq(repositories.id, prSuggestions.repositoryId))
      .where(
        and(
          eq(prSuggestions.tenantId, tenantId),
          gte(prSuggestions.createdAt, start),
          lte(prSuggestions.createdAt, end),
        ),
      )
      .orderBy(asc(prSuggestions.createdAt), asc(prSuggestions.id))
      .limit(MAX_POPULATION + 1);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      label: `${row.repository} #${row.hostNumber ?? row.number}: ${row.title}`,
    }));
  },

  "evidence-submissions": async (tx, tenantId, { start, end }) => {
    const rows = await tx
      .select({
        id: evidenceSubmissions.id,
        at: evidenceSubmissions.submittedAt,
        fileName: evidenceSubmissions.fileName,
        control: evidenceRequests.controlCode,
        title: evidenceRequests.title,
      })
      .from(evidenceSubmissions)
      .innerJoin(evidenceRequests, eq(evidenceRequests.id, evidenceSubmissions.requestId))
      .where(
        and(
          eq(evidenceSubmissions.tenantId, tenantId),
          gte(evidenceSubmissions.submittedAt, start),
          lte(evidenceSubmissions.submittedAt, end),
        ),
      )
      .orderBy(asc(evidenceSubmissions.submittedAt), asc(evidenceSubmissions.id))
      .limit(MAX_POPULATION + 1);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      label: `${row.control} ${row.title}: ${row.fileName}`,
    }));
  },

  "policy-acknowledgements": async (tx, tenantId, { start, end }) => {
    const rows = await tx
      .select({
        id: policyAcknowledgements.id,
        at: policyAcknowledgements.acknowledgedAt,
        email: users.email,
        policy: policies.key,
        version: policyVersions.version,
      })
      .from(policyAcknowledgements)
      .innerJoin(policyVersions, eq(policyVersions.id, policyAcknowledgements.policyVersionId))
      .innerJoin(policies, eq(policies.id, policyVersions.policyId))
      .innerJoin(users, eq(users.id, policyAcknowledgements.userId))
      .where(
        and(
          eq(policyAcknowledgements.tenantId, tenantId),
          gte(policyAcknowledgements.acknowledgedAt, start),
          lte(policyAcknowledgements.acknowledgedAt, end),
        ),
      )
      .orderBy(asc(policyAcknowledgements.acknowledgedAt), asc(policyAcknowledgements.id))
      .limit(MAX_POPULATION + 1);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      label: `${row.email} acknowledged ${row.policy} v${row.version}`,
    }));
  },

  // Memberships keep no history of removals: the population is the current members who had
  // joined by the window's end.
  members: async (tx, tenantId, { end }) => {
    const rows = await tx
      .select({
        id: memberships.userId,
        at: memberships.createdAt,
        email: users.email,
        role: memberships.role,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenantId), lte(memberships.createdAt, end)))
      .orderBy(asc(memberships.createdAt), asc(memberships.userId))
      .limit(MAX_POPULATION + 1);
    return rows.map((row) => ({ id: row.id, at: row.at, label: `${row.email} (${row.role})` }));
  },
};
