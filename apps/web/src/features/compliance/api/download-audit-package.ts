// The signed audit package of a framework for a period
// (GET /api/tenants/{tenantId}/audit-package?framework=&view=&at=&from=&to=): a zip the browser
// downloads from a plain link, so the session cookie goes with it and nothing is held in memory.
import { buildReadPath } from "../../../lib/api";
import type { AuditPeriodQuery } from "../audit-period";

export function auditPackageUrl(tenantId: string, framework: string, period: AuditPeriodQuery): string {
  return buildReadPath(["/api/tenants", tenantId, "audit-package", { framework, ...period }]);
}
