// Which requests the audit log records and under what name: every state-changing request, and
// the GET routes that hand data out (exports and downloads). Pure: the recorder feeds it the
// request's method, route, status and parameters.
import type { AuditResult } from "@rampart/contracts/audit";

/** Longest stored target and e-mail; the database refuses longer ones too. */
export const TARGET_MAX = 200;
export const EMAIL_MAX = 320;

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Stable action names by `METHOD route`; a route not listed is recorded as `METHOD route`. */
export const ACTIONS: Readonly<Record<string, string>> = {
  "POST /api/auth/login": "auth.sign-in",
  "POST /api/auth/logout": "auth.sign-out",
  "POST /api/auth/register": "auth.register",
  "POST /api/tenants": "tenant.create",
  "DELETE /api/tenants/:tenantId": "tenant.delete",
  "PATCH /api/tenants/:tenantId/settings": "tenant.settings.update",
  "PATCH /api/tenants/:tenantId/auditor-access": "tenant.auditor-access.update",
  "POST /api/tenants/:tenantId/erase": "tenant.erase",
  "POST /api/tenants/:tenantId/invitations": "invitation.create",
  "DELETE /api/tenants/:tenantId/invitations/:invitationId": "invitation.revoke",
  "POST /api/invitations/:token/accept": "invitation.accept",
  "POST /api/invitations/:token/register": "invitation.register",
  "PATCH /api/tenants/:tenantId/members/:userId": "member.role.update",
  "DELETE /api/tenants/:tenantId/members/:userId": "member.remove",
  "POST /api/tenants/:tenantId/leave": "member.leave",
  "POST /api/tenants/:tenantId/waivers/:waiverId/approve": "waiver.approve",
  "POST /api/tenants/:tenantId/repositories": "repository.create",
  "DELETE /api/tenants/:tenantId/repositories/:repositoryId": "repository.remove",
  "POST /api/runs/trigger": "scan.trigger",
  "POST /api/runs/upload": "run.upload",
  "POST /api/tenants/:tenantId/api-tokens": "api-token.create",
  "DELETE /api/tenants/:tenantId/api-tokens/:tokenId": "api-token.revoke",
  "POST /api/demo/seed": "demo.seed",
  "POST /api/tenants/:tenantId/waivers": "waiver.create",
  "DELETE /api/tenants/:tenantId/waivers/:waiverId": "waiver.revoke",
  "POST /api/tenants/:tenantId/vex": "vex.import",
  "POST /api/tenants/:tenantId/vex/triage": "vex.triage",
  "POST /api/tenants/:tenantId/attestations": "attestation.create",
  "POST /api/tenants/:tenantId/provenance": "provenance.upload",
  "POST /api/tenants/:tenantId/trusted-keys": "trusted-key.add",
  "POST /api/tenants/:tenantId/evidence/verify": "evidence.verify",
  "POST /api/tenants/:tenantId/images": "image.upload",
  "POST /api/fixes/sast": "fix.open-sast",
  "POST /api/fixes/dependency": "fix.open-dependency",
  "POST /api/fixes/generate": "fix.preview",
  "POST /api/explain/finding": "finding.explain",
  "POST /api/narrator/ask": "advisor.ask",
  "POST /api/github/app/manifest": "github.app.create-start",
  "POST /api/tenants/:tenantId/github/install-link": "github.installation.start",
  // GitHub's browser callbacks: GETs that create the App and link an installation.
  "GET /api/github/app/manifest/callback": "github.app.create",
  "GET /api/github/setup": "github.installation.link",
  // Reads that hand data out.
  "GET /api/tenants/:tenantId/evidence/export": "evidence.export",
  "GET /api/attest/bundle/:id": "attestation.download",
  "GET /api/provenance/:id": "provenance.download",
  "GET /api/tenants/:tenantId/sbom": "sbom.export",
};

/** What a route may declare in its config to be recorded under its own name (a GET included). */
export interface AuditRouteConfig {
  audit?: { action: string } | false;
}

declare module "fastify" {
  interface FastifyContextConfig extends AuditRouteConfig {}
}

/** The action a request is recorded as, or undefined when it is not audited. */
export function auditAction(method: string, route: string, config?: AuditRouteConfig): string | undefined {
  if (config?.audit === false) return undefined;
  if (config?.audit?.action) return config.audit.action;
  const listed = ACTIONS[`${method} ${route}`];
  if (listed) return listed;
  return STATE_CHANGING.has(method) ? `${method} ${route}`.slice(0, 120) : undefined;
}

/** success for 1xx-3xx, denied when the server refused the request (4xx), failed for 5xx. */
export function auditResult(statusCode: number): AuditResult {
  if (statusCode >= 500) return "failed";
  if (statusCode >= 400) return "denied";
  return "success";
}

/**
 * The record a request acted on: the id the response created (a new repository, a new key), else
 * the last id in its path (a repository, a waiver; the tenant for its own settings).
 */
export function auditTarget(
  params: Record<string, unknown> | undefined,
  createdId: string | undefined,
): string | null {
  // An invitation link's token is a secret: it never goes into the log.
  const values = Object.entries(params ?? {})
    .filter(([key]) => key !== "token")
    .map(([, value]) => value)
    .filter((value): value is string => typeof value === "string" && value.length > 0);
  const target = createdId ?? values.at(-1);
  return target === undefined ? null : target.slice(0, TARGET_MAX);
}

/** The e-mail a request signs in or registers with, trimmed and lower-cased; never the password. */
export function attemptedEmail(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const email = (body as { email?: unknown }).email;
  if (typeof email !== "string") return null;
  const normalised = email.trim().toLowerCase();
  return normalised.length === 0 ? null : normalised.slice(0, EMAIL_MAX);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A `tenantId` the request names in its path, query or body, when it is a well-formed id. */
export function namedTenantId(...sources: unknown[]): string | undefined {
  for (const source of sources) {
    if (typeof source !== "object" || source === null) continue;
    const value = (source as { tenantId?: unknown }).tenantId;
    if (typeof value === "string" && UUID.test(value)) return value.toLowerCase();
  }
  return undefined;
}

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
