// What an auditor works with beyond reading: a tenant's own frameworks, reproducible samples of a
// population, and the signed audit package of a framework at a date or over a window.
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";
import { Framework } from "./compliance.ts";
import { PersonRef } from "./evidence-requests.ts";

// ---- custom frameworks ---------------------------------------------------------------------------

/** A framework as the selector lists it: shipped ones and the tenant's own. */
export const TenantFramework = Framework.extend({ custom: z.boolean() });
export const TenantFrameworkList = z.array(TenantFramework);

export const ImportFrameworkBody = z.strictObject({
  format: z.enum(["yaml", "csv"]),
  /** The file's text; CSV needs a name (YAML carries its own). At most 1 MB. */
  content: z.string().min(1).max(1_000_000),
  name: z.string().trim().min(1).max(200).optional(),
});

export const CustomRequirement = z.object({
  requirementId: z.string(),
  title: z.string(),
  description: z.string(),
  controlCodes: z.array(z.string()),
});
export const CustomFrameworkDetail = z.object({
  framework: TenantFramework,
  requirements: z.array(CustomRequirement),
});
export type CustomFrameworkDetail = z.infer<typeof CustomFrameworkDetail>;

export const CustomFrameworkParams = z.object({ tenantId: Id, frameworkId: Id });
export const CustomRequirementParams = z.object({
  tenantId: Id,
  frameworkId: Id,
  requirementId: z.string().min(1).max(64),
});
export const MapRequirementBody = z.strictObject({
  controlCodes: z.array(z.string().min(1).max(64)).max(100),
});

// ---- samples -----------------------------------------------------------------------------------

export const SamplePopulation = z.enum([
  "runs",
  "fix-pull-requests",
  "evidence-submissions",
  "policy-acknowledgements",
  "members",
]);

export const CreateSampleBody = z.strictObject({
  population: SamplePopulation,
  windowStart: Timestamp,
  windowEnd: Timestamp,
  size: z.number().int().min(1).max(500),
  /** Recorded with the sample; drawn at random when absent. The same seed draws the same items. */
  seed: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

export const SamplePick = z.object({ id: z.string(), label: z.string(), at: Timestamp });
export const AuditSample = z.object({
  id: Id,
  population: SamplePopulation,
  windowStart: Timestamp,
  windowEnd: Timestamp,
  size: z.number().int(),
  seed: z.string(),
  populationSize: z.number().int(),
  picks: z.array(SamplePick),
  createdBy: PersonRef.nullable(),
  createdAt: Timestamp,
});
export type AuditSample = z.infer<typeof AuditSample>;
export const AuditSampleList = z.array(AuditSample);

// ---- audit package -----------------------------------------------------------------------------

/** Type I: the design at a date (`at`). Type II: operation over a window (`from`–`to`). */
export const AuditPackageQuery = z.object({
  framework: z.string().min(1).max(50),
  view: z.enum(["type1", "type2"]).default("type1"),
  at: Timestamp.optional(),
  from: Timestamp.optional(),
  to: Timestamp.optional(),
});
