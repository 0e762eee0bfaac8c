// Demo mode: one shared, read-only demo tenant (spec part 1, §4 and §7).
import { z } from "zod";
import { Id } from "./common.ts";

export const DemoTenantId = z.object({ tenantId: Id });
export type DemoTenantId = z.infer<typeof DemoTenantId>;
