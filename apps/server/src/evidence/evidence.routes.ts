// The evidence ledger's API: a tenant's artifacts with the chain's status, the instance's public
// key, and exports: JSON with proofs and a signed checkpoint that verifies offline, or a readable
// PDF report of the same export, both with the period's audit log for those who may read it. Every
// export is itself recorded in the ledger.
import { ErrorBody } from "@rampart/contracts/common";
import { EvidenceQuery, EvidenceResponse, ExportQuery, PublicKeyResponse } from "@rampart/contracts/evidence";
import { TenantParams } from "@rampart/contracts/tenants";
import type { Database } from "@rampart/db/client";
import { GENESIS_HASH } from "@rampart/ledger";
import { isKnownControl } from "@rampart/policy";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import type { AuditRepo } from "../audit/audit.repo.ts";
import { mayReadAuditLog } from "../audit/audit.routes.ts";
import { auditLogSection } from "../audit/audit-export.ts";
import { currentUser } from "../auth/authenticate.ts";
import { AppError } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { chainStatus, toEvidenceArtifact } from "./evidence.mapper.ts";
import { recentEvidenceOfControl } from "./evidence-by-control.ts";
import type { EvidenceReportService } from "./evidence-report.ts";
import type { LedgerService } from "./ledger.service.ts";
import { renderEvidenceReportPdf } from "./pdf/evidence-report.pdf.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The evidence page's blocks and chain status (the page and its narrator read the same). */
export async function evidencePage(
  deps: { db: Database; ledger: LedgerService },
  tenantId: string,
  { control, limit, type }: z.infer<typeof EvidenceQuery>,
): Promise<EvidenceResponse> {
  // A well-formed code the catalogue does not know is a typo, not a control without evidence.
  if (control !== undefined && !isKnownControl(control)) {
    throw new AppError("bad_request", `querystring.control: unknown control ${control}`);
  }
  const rows =
    control === undefined
      ? await deps.ledger.recent(tenantId, limit, type)
      : await recentEvidenceOfControl(deps.db, { tenantId, control, limit, type });
  return {
    artifacts: rows.map(toEvidenceArtifact),
    chain: chainStatus(
      await deps.ledger.head(tenantId),
      await deps.ledger.latestVerification(tenantId),
      await deps.ledger.runCount(tenantId),
    ),
    genesisHash: GENESIS_HASH,
  };
}

export function registerEvidenceRoutes(
  app: App,
  deps: {
    db: Database;
    ledger: LedgerService;
    evidenceReports: EvidenceReportService;
    /** The period's audit entries ride along in exports for those who may read the audit log. */
    audit: Pick<AuditRepo, "between" | "countBetween">;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { ledger, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/evidence/public-key",
    { schema: { tags: ["evidence"], response: { 200: PublicKeyResponse } } },
    async () => ({ algorithm: "Ed25519" as const, ...(await ledger.publicKey()) }),
  );

  app.get(
    "/api/tenants/:tenantId/evidence",
    {
      ...guarded,
      schema: {
        tags: ["evidence"],
        params: TenantParams,
        querystring: EvidenceQuery,
        response: { 200: EvidenceResponse, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "evidence");
      return evidencePage(deps, tenantId, request.query);
    },
  );

  app.post(
    "/api/tenants/:tenantId/evidence/verify",
    {
      ...guarded,
      schema: {
        tags: ["evidence"],
        params: TenantParams,
        response: { 200: z.object({ chain: EvidenceResponse.shape.chain }), ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "evidence");
      const verification = await ledger.verify(tenantId);
      return {
        chain: chainStatus(await ledger.head(tenantId), verification, await ledger.runCount(tenantId)),
      };
    },
  );

  app.get(
    "/api/tenants/:tenantId/evidence/export",
    { ...guarded, schema: { tags: ["evidence"], params: TenantParams, querystring: ExportQuery } },
    async (request, reply) => {
      const { tenantId } = request.params;
      const granted = await access.require(tenantId, currentUser(request).id, "evidence");
      const { tenant, role } = granted;
      // Members record what left the system; a viewer of the read-only demo organization
      // (no role) gets the same export and writes nothing.
      const record = role !== null;
      const { from, to, format } = request.query;
      if (from > to) throw new AppError("bad_request", "querystring.from: must not be after to");
      // The end day is inclusive: everything up to the last millisecond of `to` (UTC).
      const until = new Date(`${to}T23:59:59.999Z`);
      // The audit log goes only to those who may read it in the app (admins; auditors while
      // access is on): a member's export carries none, and `rampart verify` says so.
      const auditLog = mayReadAuditLog(granted)
        ? await auditLogSection(deps.audit, tenantId, { from, to })
        : undefined;
      // Both formats stand on the same export: the PDF reads its ledger facts from this document.
      const document = await ledger.export(tenantId, until, {
        keepCheckpoint: record,
        ...(auditLog ? { auditLog } : {}),
      });
      const filename = `evidence-export-${from}-to-${to}.${format}`;
      const body =
        format === "pdf"
          ? Buffer.from(
              await renderEvidenceReportPdf(
                await deps.evidenceReports.build({
                  tenant: { id: tenant.id, name: tenant.name },
                  from,
                  to,
                  document,
                }),
              ),
            )
          : JSON.stringify(document, null, 2);
      if (record) await ledger.recordExport(tenantId, { format, from, to, document });
      return reply
        .header("content-disposition", `attachment; filename="${filename}"`)
        .type(format === "pdf" ? "application/pdf" : "application/json")
        .send(body);
    },
  );
}
