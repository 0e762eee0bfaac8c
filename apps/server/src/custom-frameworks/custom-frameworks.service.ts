// A tenant's own frameworks: imported from YAML or CSV (parsed and checked by @rampart/policy),
// listed beside the shipped ones, remapped requirement by requirement, and evaluated with the same
// rules as the shipped frameworks for the compliance page.
import type {
  CustomFrameworkDetail,
  ImportFrameworkBody,
  TenantFramework,
} from "@rampart/contracts/audit-workspace";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { isUniqueViolation } from "@rampart/db/errors";
import { customFrameworkRequirements, customFrameworks } from "@rampart/db/schema";
import {
  type ComplianceResponse,
  type ControlEvidence,
  type ControlResult,
  evaluateCustomFramework,
  type FrameworkSummary,
  isKnownControl,
  listFrameworks,
  parseCustomFramework,
} from "@rampart/policy";
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError, notFound } from "../errors.ts";

type FrameworkRow = typeof customFrameworks.$inferSelect;
type RequirementRow = typeof customFrameworkRequirements.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const FRAMEWORK_NOT_FOUND = "Framework not found";
export const REQUIREMENT_NOT_FOUND = "Requirement not found";
export const MAX_CUSTOM_FRAMEWORKS = 20;
/** Rows per insert: well under PostgreSQL's 65,535 parameters for the largest framework. */
const INSERT_CHUNK = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const badRequest = (message: string) => new AppError("bad_request", message);
const conflict = (message: string) => new AppError("conflict", message);

const inTenant = <T>(tenantId: string, work: () => T): T =>
  withDatabaseContext({ kind: "tenant", tenantId }, work);

const toFramework = (row: FrameworkRow): z.infer<typeof TenantFramework> => ({
  id: row.id,
  name: row.name,
  version: row.version,
  description: row.description,
  custom: true,
});

const toRequirement = (row: RequirementRow) => ({
  requirementId: row.requirementId,
  title: row.title,
  description: row.description,
  controlCodes: row.controlCodes,
});

export function createCustomFrameworksService(deps: { db: Database }) {
  const { db } = deps;

  async function findFramework(tx: Transaction | Database, tenantId: string, frameworkId: string) {
    // The compliance route hands over whatever id it got: only a uuid can name a custom framework.
    if (!UUID.test(frameworkId)) throw notFound(FRAMEWORK_NOT_FOUND);
    const [row] = await tx
      .select()
      .from(customFrameworks)
      .where(and(eq(customFrameworks.tenantId, tenantId), eq(customFrameworks.id, frameworkId)));
    if (!row) throw notFound(FRAMEWORK_NOT_FOUND);
    return row;
  }

  async function detail(tx: Transaction | Database, framework: FrameworkRow): Promise<CustomFrameworkDetail> {
    const requirements = await tx
      .select()
      .from(customFrameworkRequirements)
      .where(eq(customFrameworkRequirements.frameworkId, framework.id))
      .orderBy(asc(customFrameworkRequirements.position));
    return { framework: toFramework(framework), requirements: requirements.map(toRequirement) };
  }

  return {
    /** The shipped frameworks first, then the tenant's own by name. */
    list(tenantId: string): Promise<z.infer<typeof TenantFramework>[]> {
      return inTenant(tenantId, async () => {
        const own = await db
          .select()
          .from(customFrameworks)
          .where(eq(customFrameworks.tenantId, tenantId))
          .orderBy(asc(customFrameworks.name), asc(customFrameworks.id));
        const shipped = listFrameworks().map((framework) => ({
          id: framework.id,
          name: framework.name,
          version: framework.version,
          description: framework.description,
          custom: false,
        }));
        return [...shipped, ...own.map(toFramework)];
      });
    },

    get(tenantId: string, frameworkId: string): Promise<CustomFrameworkDetail> {
      return inTenant(tenantId, async () => detail(db, await findFramework(db, tenantId, frameworkId)));
    },

    async import(
      tenantId: string,
      by: { id: string },
      body: z.infer<typeof ImportFrameworkBody>,
    ): Promise<CustomFrameworkDetail> {
      // A CSV file has no room for a name; YAML carries its own (and it wins over this one).
      if (body.format === "csv" && !body.name) throw badRequest("name: a CSV framework needs a name");
      const parsed = parseCustomFramework(body.content, body.format, body.name ? { name: body.name } : {});
      if ("error" in parsed) throw badRequest(parsed.error);
      const duplicate = () => conflict(`A framework named "${parsed.name}" already exists`);
      try {
        return await inTenant(tenantId, () =>
          db.transaction(async (tx) => {
            const [{ value: existing } = { value: 0 }] = await tx
              .select({ value: count() })
              .from(customFrameworks)
              .where(eq(customFrameworks.tenantId, tenantId));
            if (existing >= MAX_CUSTOM_FRAMEWORKS)
              throw conflict(`An organization can have at most ${MAX_CUSTOM_FRAMEWORKS} custom frameworks`);
            const [taken] = await tx
              .select({ id: customFrameworks.id })
              .from(customFrameworks)
              .where(and(eq(customFrameworks.tenantId, tenantId), eq(customFrameworks.name, parsed.name)));
            if (taken) throw duplicate();
            const [framework] = await tx
              .insert(customFrameworks)
              .values({
                tenantId,
                name: parsed.name,
                version: parsed.version,
                description: parsed.description,
                createdById: by.id,
              })
              .returning();
            const rows = parsed.requirements.map((requirement, position) => ({
              tenantId,
              frameworkId: framework!.id,
              requirementId: requirement.id,
              title: requirement.title,
              description: requirement.description,
              position,
              controlCodes: [...requirement.controlCodes],
            }));
            for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
              await tx.insert(customFrameworkRequirements).values(rows.slice(start, start + INSERT_CHUNK));
            }
            return detail(tx, framework!);
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    remove(tenantId: string, frameworkId: string): Promise<void> {
      return inTenant(tenantId, async () => {
        const framework = await findFramework(db, tenantId, frameworkId);
        // Its requirements go with it (ON DELETE CASCADE).
        await db.delete(customFrameworks).where(eq(customFrameworks.id, framework.id));
      });
    },

    /** Replaces the controls a requirement maps to; every code must be in the catalogue. */
    mapRequirement(
      tenantId: string,
      frameworkId: string,
      requirementId: string,
      controlCodes: readonly string[],
    ) {
      const codes = [...new Set(controlCodes)];
      const unknown = codes.filter((code) => !isKnownControl(code));
      if (unknown.length > 0) throw badRequest(`Unknown control codes: ${unknown.join(", ")}`);
      return inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const framework = await findFramework(tx, tenantId, frameworkId);
          const [updated] = await tx
            .update(customFrameworkRequirements)
            .set({ controlCodes: codes })
            .where(
              and(
                eq(customFrameworkRequirements.frameworkId, framework.id),
                eq(customFrameworkRequirements.requirementId, requirementId),
              ),
            )
            .returning();
          if (!updated) throw notFound(REQUIREMENT_NOT_FOUND);
          return toRequirement(updated);
        }),
      );
    },

    /**
     * The compliance response of one of the tenant's frameworks, for GET /api/compliance/:id with
     * a uuid. Another tenant's framework is not found, as if it did not exist.
     */
    customFrameworkCompliance(
      tenantId: string,
      frameworkId: string,
      results: readonly ControlResult[],
      evidence: readonly ControlEvidence[],
      now: Date,
    ): Promise<ComplianceResponse<FrameworkSummary>> {
      return inTenant(tenantId, async () => {
        const { framework, requirements } = await detail(db, await findFramework(db, tenantId, frameworkId));
        return evaluateCustomFramework(
          {
            id: framework.id,
            name: framework.name,
            version: framework.version,
            description: framework.description,
            requirements: requirements.map((requirement) => ({
              id: requirement.requirementId,
              title: requirement.title,
              description: requirement.description,
              controlCodes: requirement.controlCodes,
            })),
          },
          results,
          evidence,
          { now },
        );
      });
    },
  };
}

export type CustomFrameworksService = ReturnType<typeof createCustomFrameworksService>;
