// VEX: triage a dependency finding, import a VEX document, export the tenant's decisions.
import { ErrorBody } from "@rampart/contracts/common";
import { TenantParams } from "@rampart/contracts/tenants";
import {
  VexExportQuery,
  VexImportResponse,
  VexStatementResponse,
  VexTriageBody,
} from "@rampart/contracts/vex";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { VexService } from "./vex.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
/** A VEX document of a few thousand statements fits well within this. */
export const VEX_IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

export function registerVexRoutes(
  app: App,
  deps: { vex: VexService; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  const { vex, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.post(
    "/api/tenants/:tenantId/vex/triage",
    {
      ...guarded,
      schema: {
        tags: ["sca"],
        params: TenantParams,
        body: VexTriageBody,
        response: { 201: VexStatementResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await access.require(request.params.tenantId, user.id, "write");
      return reply.status(201).send(await vex.triage(request.params.tenantId, user, request.body));
    },
  );

  app.post(
    "/api/tenants/:tenantId/vex",
    {
      ...guarded,
      bodyLimit: VEX_IMPORT_BODY_LIMIT,
      schema: {
        tags: ["sca"],
        params: TenantParams,
        body: z.record(z.string(), z.unknown()),
        response: { 201: VexImportResponse, ...errors },
      },
    },
    async (request, reply) => {
      await access.require(request.params.tenantId, currentUser(request).id, "write");
      return reply.status(201).send(await vex.importDocument(request.params.tenantId, request.body));
    },
  );

  app.get(
    "/api/tenants/:tenantId/vex",
    {
      ...guarded,
      schema: {
        tags: ["sca"],
        params: TenantParams,
        querystring: VexExportQuery,
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      const user = currentUser(request);
      // VEX documents are reports (statements about dependencies, no code): auditors may read them.
      await access.require(tenantId, user.id, "evidence");
      const { format } = request.query;
      const document = await vex.exportDocument(tenantId, format, user.email);
      const filename = `vex-${tenantId.slice(0, 8)}.${format === "openvex" ? "openvex" : "cdx"}.json`;
      return reply
        .header("content-disposition", `attachment; filename="${filename}"`)
        .type("application/json")
        .send(document);
    },
  );
}
