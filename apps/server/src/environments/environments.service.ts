// A tenant's environments: create, list, remove, set their declared and observed sources (the
// credential sealed and checked on save), take an uploaded Terraform state, and show drift and
// comparisons. Syncing (environment-sync.ts) and apply-config (apply-config.ts) build on it.
import type { NetworkPolicy } from "@rampart/checkout";
import type {
  ConfigDifference,
  CreateEnvironmentBody,
  DriftFinding,
  DriftStats,
  Environment,
  EnvironmentComparison,
  ObservedCredential,
  ObservedSource,
  PutEnvironmentSourcesBody,
} from "@rampart/contracts/environments";
import { DeclaredSource, ObservedSource as ObservedSourceSchema } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import { driftFindings, environments, repositories } from "@rampart/db/schema";
import { and, asc, desc, eq } from "drizzle-orm";
import { AppError, notFound } from "../errors.ts";
import { shortestIntervalSeconds } from "../repositories/schedule-interval.ts";
import { normalizeRepositoryPath } from "./declared-files.ts";
import type { DeclaredEvaluator } from "./declared-state.ts";
import type { EnvironmentCredentials } from "./environment-credentials.ts";
import type { DriftEngine, ObservedLimits, ReadObserved } from "./environment-ports.ts";

export type EnvironmentRow = typeof environments.$inferSelect;
export type DriftFindingRow = typeof driftFindings.$inferSelect;

export const ENVIRONMENT_NOT_FOUND = "Environment not found";
export const MAX_ENVIRONMENTS_PER_TENANT = 50;

/** Where the observed state is read, as stored: the contract's source, or null when unreadable. */
function observedOf(row: EnvironmentRow): ObservedSource | null {
  const parsed = ObservedSourceSchema.safeParse(row.observed);
  return row.observed && parsed.success ? parsed.data : null;
}

function declaredOf(row: EnvironmentRow): DeclaredSource | null {
  const parsed = DeclaredSource.safeParse(row.declared);
  return row.declared && parsed.success ? parsed.data : null;
}

export function toEnvironment(row: EnvironmentRow): Environment {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    declared: declaredOf(row),
    observed: observedOf(row),
    hasCredential: row.credential !== null,
    syncSchedule: row.syncSchedule,
    driftState: row.driftState,
    driftStats: (row.driftStats as DriftStats | null) ?? null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastSyncError: row.lastSyncError,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDriftFinding(row: DriftFindingRow): DriftFinding {
  return {
    id: row.id,
    driftType: row.driftType,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    attribute: row.attribute,
    iacExpected: row.iacExpected,
    actualState: row.actualState,
    severity: row.severity,
    securityRelevant: row.securityRelevant,
    controls: row.controls,
    detectedAt: row.detectedAt.toISOString(),
  };
}

const bad = (message: string) => new AppError("bad_request", message);

export function createEnvironmentsService(deps: {
  db: Database;
  credentials: EnvironmentCredentials;
  readObserved: ReadObserved;
  drift: Pick<DriftEngine, "compareConfigs">;
  declared: DeclaredEvaluator;
  policy: NetworkPolicy;
  observedLimits: ObservedLimits;
  /** Keeps an environment's cron schedule in the queue in step with its setting. */
  syncSchedule(row: { id: string; tenantId: string; syncSchedule: string | null }): Promise<void>;
  scheduleProblem(cron: string): string | undefined;
  minScheduleMinutes: number;
}) {
  const { db } = deps;

  /** The environment, looked up by id in the caller's database context (their tenants only). */
  async function find(id: string): Promise<EnvironmentRow | undefined> {
    const [row] = await db.select().from(environments).where(eq(environments.id, id));
    return row;
  }

  async function inTenant(tenantId: string, id: string): Promise<EnvironmentRow> {
    const [row] = await db
      .select()
      .from(environments)
      .where(and(eq(environments.tenantId, tenantId), eq(environments.id, id)));
    if (!row) throw notFound(ENVIRONMENT_NOT_FOUND);
    return row;
  }

  async function list(tenantId: string): Promise<Environment[]> {
    const rows = await db
      .select()
      .from(environments)
      .where(eq(environments.tenantId, tenantId))
      .orderBy(asc(environments.createdAt), asc(environments.name));
    return rows.map(toEnvironment);
  }

  async function create(tenantId: string, body: CreateEnvironmentBody): Promise<Environment> {
    const existing = await db
      .select({ name: environments.name })
      .from(environments)
      .where(eq(environments.tenantId, tenantId));
    if (existing.some((row) => row.name === body.name))
      throw new AppError("conflict", `An environment named "${body.name}" already exists`);
    if (existing.length >= MAX_ENVIRONMENTS_PER_TENANT)
      throw new AppError(
        "conflict",
        `An organization may have at most ${MAX_ENVIRONMENTS_PER_TENANT} environments; delete one first`,
      );
    const [row] = await db
      .insert(environments)
      .values({ tenantId, name: body.name, type: body.type })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("conflict", `An environment named "${body.name}" already exists`);
    return toEnvironment(row);
  }

  async function remove(tenantId: string, id: string): Promise<void> {
    const row = await inTenant(tenantId, id);
    await db.delete(environments).where(and(eq(environments.tenantId, tenantId), eq(environments.id, id)));
    await deps.syncSchedule({ id: row.id, tenantId, syncSchedule: null });
  }

  /** The declared source as stored, after checking its repository is the tenant's and readable. */
  async function checkedDeclared(tenantId: string, declared: DeclaredSource): Promise<DeclaredSource> {
    const [repository] = await db
      .select()
      .from(repositories)
      .where(and(eq(repositories.tenantId, tenantId), eq(repositories.id, declared.repositoryId)));
    if (!repository || repository.archivedAt) throw bad("The declared state's repository was not found");
    if (repository.source === "upload")
      throw bad("This repository's runs are uploaded from CI: Rampart has no copy of its code to evaluate");
    const folder = normalizeRepositoryPath(declared.path);
    if (folder === undefined) throw bad("The path must be a folder inside the repository");
    const varFiles: string[] = [];
    for (const file of declared.varFiles) {
      const normalized = normalizeRepositoryPath(file);
      if (!normalized) throw bad(`The variables file "${file}" must be a file inside the repository`);
      if (!/\.tfvars(\.json)?$/.test(normalized))
        throw bad(`The variables file "${file}" must end in .tfvars or .tfvars.json`);
      varFiles.push(normalized);
    }
    if (declared.kind === "kubernetes" && varFiles.length > 0)
      throw bad("Variables files apply to Terraform only");
    return { ...declared, path: folder, varFiles };
  }

  function checkSchedule(cron: string | null) {
    if (!cron) return;
    const problem = deps.scheduleProblem(cron);
    if (problem) throw bad(`The sync schedule is not a valid cron expression: ${problem}`);
    const seconds = shortestIntervalSeconds(cron);
    if (seconds !== undefined && seconds < deps.minScheduleMinutes * 60)
      throw bad(`Syncs may be scheduled at most every ${deps.minScheduleMinutes} minutes`);
  }

  /**
   * Sets the sources. The credential is kept when absent and the observed kind is unchanged,
   * removed with null, and replaced otherwise; a readable source is required before saving.
   */
  async function putSources(
    tenantId: string,
    id: string,
    body: PutEnvironmentSourcesBody,
  ): Promise<Environment> {
    const row = await inTenant(tenantId, id);
    const declared = body.declared ? await checkedDeclared(tenantId, body.declared) : null;
    checkSchedule(body.syncSchedule);
    const previous = observedOf(row);
    const observed = body.observed;
    let credential: ObservedCredential | null;
    if (body.credential !== undefined) credential = body.credential;
    else credential = observed && previous?.kind === observed.kind ? deps.credentials.open(row) : null;
    if (observed?.kind === "terraform-upload" && credential)
      throw bad("An uploaded state needs no credential");
    if (observed && observed.kind !== "terraform-upload") {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), deps.observedLimits.timeoutMs);
      try {
        const read = await deps.readObserved(observed, credential, {
          limits: deps.observedLimits,
          policy: deps.policy,
          signal: controller.signal,
        });
        if (!read.ok)
          throw new AppError("unprocessable", `The observed state could not be read: ${read.reason}`);
      } finally {
        clearTimeout(timer);
      }
    }
    const [updated] = await db
      .update(environments)
      .set({
        declared,
        observed,
        credential: credential ? deps.credentials.seal(tenantId, id, credential) : null,
        syncSchedule: body.syncSchedule,
        // A different source makes the last sync's drift say nothing of the new one.
        ...(sameJson(row.declared, declared) && sameJson(row.observed, observed)
          ? {}
          : { driftState: "unknown" as const, driftStats: null, lastSyncError: null }),
      })
      .where(and(eq(environments.tenantId, tenantId), eq(environments.id, id)))
      .returning();
    if (!sameJson(row.declared, declared) || !sameJson(row.observed, observed))
      await db.delete(driftFindings).where(eq(driftFindings.environmentId, id));
    await deps.syncSchedule(updated!);
    return toEnvironment(updated!);
  }

  /** Stores an uploaded Terraform state (already parsed and size-capped by the route). */
  async function uploadState(tenantId: string, id: string, state: unknown): Promise<Environment> {
    const row = await inTenant(tenantId, id);
    const problem = terraformStateProblem(state);
    if (problem) throw bad(problem);
    if (observedOf(row)?.kind !== "terraform-upload")
      throw new AppError(
        "conflict",
        "This environment's observed state is not an uploaded Terraform state: set its source to an upload first",
      );
    const [updated] = await db
      .update(environments)
      .set({ uploadedState: state as object, uploadedStateAt: new Date() })
      .where(and(eq(environments.tenantId, tenantId), eq(environments.id, id)))
      .returning();
    return toEnvironment(updated!);
  }

  async function drift(row: EnvironmentRow): Promise<DriftFinding[]> {
    const rows = await db
      .select()
      .from(driftFindings)
      .where(and(eq(driftFindings.tenantId, row.tenantId), eq(driftFindings.environmentId, row.id)))
      .orderBy(
        desc(driftFindings.securityRelevant),
        asc(driftFindings.resourceId),
        asc(driftFindings.attribute),
      );
    const rank = { critical: 0, high: 1, med: 2, low: 3 } as const;
    return rows.map(toDriftFinding).sort((a, b) => rank[a.severity] - rank[b.severity]);
  }

  /** The declared configurations of two environments compared, security-relevant keys first. */
  async function compare(
    source: EnvironmentRow,
    target: EnvironmentRow | null,
  ): Promise<EnvironmentComparison> {
    let differences: ConfigDifference[] = [];
    if (target) {
      const sourceDeclared = declaredOf(source);
      const targetDeclared = declaredOf(target);
      if (!sourceDeclared || !targetDeclared)
        throw new AppError("conflict", "Both environments need a declared state to be compared");
      if (sourceDeclared.kind !== targetDeclared.kind)
        throw new AppError("conflict", "A Terraform environment cannot be compared with a Kubernetes one");
      const [a, b] = [await deps.declared.evaluate(source), await deps.declared.evaluate(target)];
      if (!a.ok) throw new AppError("conflict", `${source.name}: ${a.reason}`);
      if (!b.ok) throw new AppError("conflict", `${target.name}: ${b.reason}`);
      differences = deps.drift.compareConfigs(a.state, b.state);
    }
    return {
      sourceEnvId: source.id,
      targetEnvId: target?.id ?? null,
      configComparison: { differences },
      driftStats: {
        source: (source.driftStats as DriftStats | null) ?? null,
        target: (target?.driftStats as DriftStats | null) ?? null,
      },
    };
  }

  return { find, inTenant, list, create, remove, putSources, uploadState, drift, compare };
}

export type EnvironmentsService = ReturnType<typeof createEnvironmentsService>;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Why an upload is not a Terraform state the drift can read, or undefined when it is one. */
export function terraformStateProblem(state: unknown): string | undefined {
  if (!state || typeof state !== "object" || Array.isArray(state))
    return "The upload is not a Terraform state: expected a JSON object";
  const { version, resources } = state as { version?: unknown; resources?: unknown };
  if (version !== 4)
    return `Only Terraform state version 4 is supported (this one is ${typeof version === "number" ? `version ${version}` : "unversioned"})`;
  if (resources !== undefined && !Array.isArray(resources))
    return "The Terraform state's resources must be a list";
  return undefined;
}
