// GET /api/tenants/:tenantId/audit-package: the signed audit package of a framework, as a zip an
// auditor verifies offline with `rampart verify`. Everyone who reads evidence may download it
// (auditors while auditor access is on); each download is recorded in the ledger.
import { AuditPackageQuery } from "@rampart/contracts/audit-workspace";
import { TenantParams } from "@rampart/contracts/tenants";
import { isFrameworkId } from "@rampart/policy";
import type { onRequestAsyncHookHandler } from "fastify";
import type { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { PackageScope } from "./audit-package.repo.ts";
import type { AuditPackageService } from "./audit-package.service.ts";

const EARLIEST = Date.parse("1970-01-01T00:00:00Z");
/** An observation window longer than this is no audit period; it would also export years of ledger. */
const MAX_WINDOW_DAYS = 3 * 366;
const DAY_MS = 86_400_000;

const bad = (message: string) => new AppError("bad_request", message);

/** The query as a scope, with the reasons a person can act on when it is not one. */
export function scopeOf(query: z.infer<typeof AuditPackageQuery>, now: Date): PackageScope {
  const date = (name: "at" | "from" | "to"): Date | undefined => {
    const text = query[name];
    if (text === undefined) return undefined;
    const value = new Date(text);
    if (Number.isNaN(value.getTime()) || value.getTime() < EARLIEST)
      throw bad(`querystring.${name}: must be 1970-01-01 or later`);
    if (value > now) throw bad(`querystring.${name}: must not be in the future`);
    return value;
  };
  const at = date("at");
  const from = date("from");
  const to = date("to");
  if (query.view === "type1") {
    if (from !== undefined || to !== undefined)
      throw bad(
        "querystring.from: a Type I package is at one date: give `at`, or view=type2 with from and to",
      );
    return { view: "type1", at: at ?? now };
  }
  if (at !== undefined) throw bad("querystring.at: a Type II package covers a window: give from and to");
  if (from === undefined || to === undefined)
    throw bad("querystring.from: a Type II package needs from and to");
  if (from >= to) throw bad("querystring.from: must be before to");
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS)
    throw bad("querystring.to: the observation window can be at most three years");
  return { view: "type2", from, to };
}

export function registerAuditPackageRoutes(
  app: App,
  deps: {
    auditPackages: AuditPackageService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  app.get(
    "/api/tenants/:tenantId/audit-package",
    {
      onRequest: deps.authenticate,
      schema: { tags: ["evidence"], params: TenantParams, querystring: AuditPackageQuery },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      const { tenant, role } = await deps.access.require(tenantId, currentUser(request).id, "evidence");
      if (!isFrameworkId(request.query.framework)) throw notFound("Framework not found");
      const scope = scopeOf(request.query, now());
      const built = await deps.auditPackages.build({
        tenant: { id: tenant.id, name: tenant.name },
        frameworkId: request.query.framework,
        scope,
        // A viewer of the read-only demo organization (no role) downloads and writes nothing.
        record: role !== null,
      });
      return reply
        .header("content-disposition", `attachment; filename="${built.filename}"`)
        .type("application/zip")
        .send(built.stream);
    },
  );
}
