// Tenants (organizations) and their settings (spec part 1, Tenant Management and §7).
import { z } from "zod";
import { Role } from "./auth.ts";
import { Id, Timestamp } from "./common.ts";

export const PrGateSeverity = z.enum(["critical", "high", "med", "low", "none"]);
export type PrGateSeverity = z.infer<typeof PrGateSeverity>;

export const Tenant = z.object({
  id: Id,
  name: z.string(),
  githubInstallationId: z.string().nullable(),
  auditorAccessEnabled: z.boolean(),
  /** Accepting risk needs a second person: one member requests a waiver, another approves it. */
  fourEyesWaivers: z.boolean(),
  /** The pull-request gate: a new finding at or above it fails the check run; `none` never does. */
  prGateSeverity: PrGateSeverity,
  isDemo: z.boolean(),
  /** The caller's role here; null for the demo tenant, which every user may read. */
  role: Role.nullable(),
  createdAt: Timestamp,
});
export type Tenant = z.infer<typeof Tenant>;

export const TenantParams = z.object({ tenantId: Id });
export const TenantList = z.array(Tenant);

export const CreateTenantBody = z.object({
  name: z.string().trim().min(1, { error: "Organization name is required" }).max(200),
});

export const TenantSettingsBody = z
  .object({
    auditorAccessEnabled: z.boolean().optional(),
    fourEyesWaivers: z.boolean().optional(),
    prGateSeverity: PrGateSeverity.optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.auditorAccessEnabled !== undefined ||
      body.fourEyesWaivers !== undefined ||
      body.prGateSeverity !== undefined,
    { error: "Nothing to change" },
  );
export type TenantSettingsBody = z.infer<typeof TenantSettingsBody>;
export const AuditorAccessBody = z.object({ enabled: z.boolean() }).strict();

/** "Delete Tenant" closes the tenant: it keeps its ledger and checkpoints. */
export const DeleteTenantResponse = z.object({ deleted: z.literal(true), id: Id });

/** Erasure removes the tenant's data for good; the admin types the name to confirm it. */
export const EraseTenantBody = z.object({ confirmName: z.string().max(200) }).strict();
export const EraseTenantResponse = z.object({
  erased: z.literal(true),
  id: Id,
  /** The index of the signed deletion record in the instance's own log. */
  recordIndex: z.number().int(),
  recordHash: z.string(),
});
