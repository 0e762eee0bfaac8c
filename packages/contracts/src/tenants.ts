// Tenants (organizations) and their settings (spec part 1, Tenant Management and §7).
import { z } from "zod";
import { Role } from "./auth.ts";
import { Id, Timestamp } from "./common.ts";

export const Tenant = z.object({
  id: Id,
  name: z.string(),
  githubInstallationId: z.string().nullable(),
  auditorAccessEnabled: z.boolean(),
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

export const TenantSettingsBody = z.object({ auditorAccessEnabled: z.boolean() }).strict();
export const AuditorAccessBody = z.object({ enabled: z.boolean() }).strict();

export const DeleteTenantResponse = z.object({ deleted: z.literal(true), id: Id });
