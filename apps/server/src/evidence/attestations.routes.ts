// Attestations & Provenance (spec part 2): lists, 'Generate Now', bundle downloads, 'Upload
// Provenance' and the keys a tenant trusts for it.
import {
  AttestationList,
  Attestation as AttestationSchema,
  ProvenanceList,
  Provenance as ProvenanceSchema,
  TrustedKey,
  TrustedKeyBody,
  UploadProvenanceBody,
} from "@rampart/contracts/attestations";
import { ErrorBody } from "@rampart/contracts/common";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import { notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { type AttestationsService, attestationDocument } from "./attestations.service.ts";
import { renderAttestationPdf } from "./pdf/attestation.pdf.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function registerAttestationRoutes(
  app: App,
  deps: {
    attestations: AttestationsService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { attestations, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/attestations",
    {
      ...guarded,
      schema: { tags: ["attestations"], params: TenantParams, response: { 200: AttestationList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "evidence");
      return attestations.list(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/attestations",
    {
      ...guarded,
      schema: {
        tags: ["attestations"],
        params: TenantParams,
        response: { 201: AttestationSchema, ...errors },
      },
    },
    async (request, reply) => {
      await access.require(request.params.tenantId, currentUser(request).id, "write");
      return reply.status(201).send(await attestations.generate(request.params.tenantId, "manual"));
    },
  );

  app.get(
    "/api/attest/bundle/:id",
    {
      ...guarded,
      schema: {
        tags: ["attestations"],
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ format: z.enum(["json", "pdf"]).default("json") }),
      },
    },
    async (request, reply) => {
      const row = await attestations.find(request.params.id);
      if (!row) throw notFound("Attestation not found");
      const { tenant } = await access.requireForRecord(
        row.tenantId,
        currentUser(request).id,
        "evidence",
        "Attestation not found",
      );
      const { format } = request.query;
      const body =
        format === "pdf"
          ? Buffer.from(await renderAttestationPdf({ row, tenantName: tenant.name }))
          : JSON.stringify(attestationDocument(row), null, 2);
      return reply
        .header("content-disposition", `attachment; filename="attestation-${row.id.slice(0, 8)}.${format}"`)
        .type(format === "pdf" ? "application/pdf" : "application/json")
        .send(body);
    },
  );

  app.get(
    "/api/tenants/:tenantId/provenance",
    {
      ...guarded,
      schema: { tags: ["attestations"], params: TenantParams, response: { 200: ProvenanceList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "evidence");
      return attestations.listProvenance(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/provenance",
    {
      ...guarded,
      schema: {
        tags: ["attestations"],
        params: TenantParams,
        body: UploadProvenanceBody,
        response: { 201: ProvenanceSchema, ...errors },
      },
    },
    async (request, reply) => {
      await access.require(request.params.tenantId, currentUser(request).id, "write");
      const { envelope, runId } = request.body;
      return reply
        .status(201)
        .send(await attestations.uploadProvenance(request.params.tenantId, envelope, runId));
    },
  );

  app.post(
    "/api/tenants/:tenantId/trusted-keys",
    {
      ...guarded,
      schema: {
        tags: ["attestations"],
        params: TenantParams,
        body: TrustedKeyBody,
        response: { 201: TrustedKey, ...errors },
      },
    },
    async (request, reply) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin");
      return reply
        .status(201)
        .send(
          await attestations.addTrustedKey(
            request.params.tenantId,
            request.body.name,
            request.body.publicKeyPem,
          ),
        );
    },
  );
}
