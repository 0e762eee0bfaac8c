// An auditor's samples: the population of a window listed in a stable order, N items drawn by the
// seeded draw, and the sample recorded with its seed, population size and picks, so that anyone
// can redo the draw later and get the same items.
import type { AuditSample, CreateSampleBody } from "@rampart/contracts/audit-workspace";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { auditSamples, users } from "@rampart/db/schema";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { MAX_POPULATION, POPULATIONS, type PopulationItem } from "./sample-populations.ts";
import { drawPositions, randomSeed } from "./seeded-draw.ts";

type CreateSample = z.infer<typeof CreateSampleBody>;
type SampleRow = typeof auditSamples.$inferSelect;
type StoredPick = { id: string; label: string; at: string };

/** An audit period: SOC 2 Type II windows run 3 to 12 months; three years leaves room, and bounds the work. */
const MAX_WINDOW_MS = 3 * 366 * 24 * 60 * 60 * 1000;
/** Dates PostgreSQL stores and people mean. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59);

const badRequest = (message: string) => new AppError("bad_request", message);

/** Members' rows are only visible in the tenant's own context; callers checked access first. */
const inTenant = <T>(tenantId: string, work: () => T): T =>
  withDatabaseContext({ kind: "tenant", tenantId }, work);

export function checkedWindow(body: Pick<CreateSample, "windowStart" | "windowEnd">) {
  const start = new Date(body.windowStart);
  const end = new Date(body.windowEnd);
  for (const [field, date] of [
    ["windowStart", start],
    ["windowEnd", end],
  ] as const) {
    if (date.getTime() < EARLIEST) throw badRequest(`${field}: must be 1970-01-01 or later`);
    if (date.getTime() > LATEST) throw badRequest(`${field}: must be in year 9999 or earlier`);
  }
  if (start >= end) throw badRequest("windowEnd: must be after windowStart");
  if (end.getTime() - start.getTime() > MAX_WINDOW_MS)
    throw badRequest("The window can be at most 3 years long");
  return { start, end };
}

/** The items at the drawn positions, in draw order. */
export function pick(population: readonly PopulationItem[], seed: string, size: number): PopulationItem[] {
  return drawPositions(seed, population.length, size).map((position) => population[position]!);
}

export function createAuditSamplesService(deps: { db: Database }) {
  const { db } = deps;

  function toSample(row: SampleRow, createdBy: { id: string; email: string } | null): AuditSample {
    return {
      id: row.id,
      population: row.population,
      windowStart: row.windowStart.toISOString(),
      windowEnd: row.windowEnd.toISOString(),
      size: row.size,
      seed: row.seed,
      populationSize: row.populationSize,
      picks: row.picks as StoredPick[],
      createdBy,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    list(tenantId: string): Promise<AuditSample[]> {
      return inTenant(tenantId, async () => {
        const rows = await db
          .select({ sample: auditSamples, email: users.email })
          .from(auditSamples)
          .leftJoin(users, eq(users.id, auditSamples.createdById))
          .where(eq(auditSamples.tenantId, tenantId))
          .orderBy(desc(auditSamples.createdAt), desc(auditSamples.id))
          .limit(500);
        return rows.map(({ sample, email }) =>
          toSample(sample, sample.createdById && email ? { id: sample.createdById, email } : null),
        );
      });
    },

    create(tenantId: string, by: { id: string; email: string }, body: CreateSample): Promise<AuditSample> {
      const window = checkedWindow(body);
      const seed = body.seed ?? randomSeed();
      // The population is read and the sample written in one transaction: the recorded size and
      // picks describe one snapshot.
      return inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const population = await POPULATIONS[body.population](tx, tenantId, window);
          if (population.length > MAX_POPULATION) {
            throw badRequest(
              `The population has more than ${MAX_POPULATION.toLocaleString("en")} items: choose a shorter window`,
            );
          }
          const picks = pick(population, seed, body.size).map((item) => ({
            id: item.id,
            label: item.label,
            at: item.at.toISOString(),
          }));
          const [row] = await tx
            .insert(auditSamples)
            .values({
              tenantId,
              population: body.population,
              windowStart: window.start,
              windowEnd: window.end,
              size: body.size,
              seed,
              populationSize: population.length,
              picks,
              createdById: by.id,
            })
            .returning();
          return toSample(row!, by);
        }),
      );
    },
  };
}

export type AuditSamplesService = ReturnType<typeof createAuditSamplesService>;
