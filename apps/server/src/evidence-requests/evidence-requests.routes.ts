// Evidence requests of a tenant: the list (with the current period's requests made on the way),
// ad hoc requests, owners and due dates, uploads (the file is the raw request body), reviews,
// downloads, Rampart-produced records, the comment thread, and the caller's reminders.
import type { Role } from "@rampart/contracts/auth";
import { ErrorBody } from "@rampart/contracts/common";
import {
  CreateCommentBody,
  CreateEvidenceRequestBody,
  EvidenceComment,
  EvidenceReminderList,
  EvidenceRequest,
  EvidenceRequestDetail,
  EvidenceRequestList,
  EvidenceRequestListQuery,
  EvidenceRequestParams,
  EvidenceSubmissionParams,
  ReviewSubmissionBody,
  SubmitEvidenceQuery,
  UpdateEvidenceRequestBody,
} from "@rampart/contracts/evidence-requests";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { Permission, TenantAccessService } from "../tenants/tenant-access.ts";
import type { EvidenceRecords } from "./evidence-records.ts";
import type { EvidenceRequestsService } from "./evidence-requests.service.ts";
import { mediaType, uploadType } from "./upload-types.ts";

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
};
const tags = ["evidence-requests"];
const BASE = "/api/tenants/:tenantId/evidence-requests";

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerEvidenceRequestRoutes(
  app: App,
  deps: {
    evidenceRequests: EvidenceRequestsService;
    records: EvidenceRecords;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
    /** The largest upload, in bytes (EVIDENCE_MAX_MB). */
    maxUploadBytes: number;
  },
) {
  const { evidenceRequests: service } = deps;
  const guarded = { onRequest: deps.authenticate };

  /** The caller, with the role they hold in the tenant, once the permission is granted. */
  async function caller(
    tenantId: string,
    request: Parameters<typeof currentUser>[0],
    permission: Permission,
  ) {
    const user = currentUser(request);
    const access = await deps.access.require(tenantId, user.id, permission);
    return { id: user.id, email: user.email, role: (access.role ?? "member") as Role };
  }

  app.get(
    BASE,
    {
      ...guarded,
      schema: {
        tags,
        params: TenantParams,
        querystring: EvidenceRequestListQuery,
        response: { 200: EvidenceRequestList, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      const actor = await caller(tenantId, request, "evidence");
      const { state, controlCode, mine } = request.query;
      return {
        requests: await service.list(tenantId, {
          state,
          controlCode,
          ...(mine === "true" ? { mineOf: actor.id } : {}),
        }),
      };
    },
  );

  app.post(
    BASE,
    {
      ...guarded,
      schema: {
        tags,
        params: TenantParams,
        body: CreateEvidenceRequestBody,
        response: { 201: EvidenceRequest, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      const actor = await caller(tenantId, request, "audit");
      return reply.status(201).send(await service.create(tenantId, actor, request.body));
    },
  );

  app.get(
    `${BASE}/:requestId`,
    {
      ...guarded,
      schema: { tags, params: EvidenceRequestParams, response: { 200: EvidenceRequestDetail, ...errors } },
    },
    async (request) => {
      const { tenantId, requestId } = request.params;
      const actor = await caller(tenantId, request, "evidence");
      return service.detail(tenantId, requestId, actor.role);
    },
  );

  app.patch(
    `${BASE}/:requestId`,
    {
      ...guarded,
      schema: {
        tags,
        params: EvidenceRequestParams,
        body: UpdateEvidenceRequestBody,
        response: { 200: EvidenceRequest, ...errors },
      },
    },
    async (request) => {
      const { tenantId, requestId } = request.params;
      await caller(tenantId, request, "write");
      return service.update(tenantId, requestId, request.body);
    },
  );

  // The file is the body: this scope takes any content type as raw bytes (up to the limit), and
  // the service checks the declared type against its table and the content.
  app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: deps.maxUploadBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      `${BASE}/:requestId/submissions`,
      {
        ...guarded,
        bodyLimit: deps.maxUploadBytes,
        schema: {
          tags,
          params: EvidenceRequestParams,
          querystring: SubmitEvidenceQuery,
          response: { 201: EvidenceRequestDetail, ...errors },
        },
      },
      async (request, reply) => {
        const { tenantId, requestId } = request.params;
        const actor = await caller(tenantId, request, "write");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const detail = await service.submitFile(tenantId, requestId, actor, {
          body,
          contentType: mediaType(request.headers["content-type"]),
          fileName: request.query.fileName,
          note: request.query.note,
        });
        return reply.status(201).send(detail);
      },
    );
  });

  app.post(
    `${BASE}/:requestId/submissions/:submissionId/review`,
    {
      ...guarded,
      schema: {
        tags,
        params: EvidenceSubmissionParams,
        body: ReviewSubmissionBody,
        response: { 200: EvidenceRequestDetail, ...errors },
      },
    },
    async (request) => {
      const { tenantId, requestId, submissionId } = request.params;
      const actor = await caller(tenantId, request, "admin");
      return service.review(tenantId, requestId, submissionId, actor, request.body);
    },
  );

  app.get(
    `${BASE}/:requestId/submissions/:submissionId/file`,
    // No response schema: the body is the file's bytes.
    { ...guarded, schema: { tags, params: EvidenceSubmissionParams } },
    async (request, reply) => {
      const { tenantId, requestId, submissionId } = request.params;
      const actor = await caller(tenantId, request, "evidence");
      const { submission, bytes } = await service.file(tenantId, requestId, submissionId, actor.role);
      // Only images and PDF keep their type; anything else downloads as bytes a browser will not render.
      const inline = uploadType(submission.contentType)?.inline ?? false;
      return reply
        .header("content-disposition", attachmentHeader(submission.fileName))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .type(inline ? submission.contentType : "application/octet-stream")
        .send(bytes);
    },
  );

  app.post(
    `${BASE}/:requestId/record`,
    {
      ...guarded,
      schema: { tags, params: EvidenceRequestParams, response: { 201: EvidenceRequestDetail, ...errors } },
    },
    async (request, reply) => {
      const { tenantId, requestId } = request.params;
      const actor = await caller(tenantId, request, "write");
      const found = await service.findRequest(tenantId, requestId);
      const record = await deps.records.produce(tenantId, found);
      const detail = await service.submitFile(tenantId, requestId, actor, {
        body: record.body,
        contentType: "application/json",
        fileName: record.fileName,
        note: "Produced by Rampart",
      });
      return reply.status(201).send(detail);
    },
  );

  app.get(
    `${BASE}/:requestId/comments`,
    {
      ...guarded,
      schema: { tags, params: EvidenceRequestParams, response: { 200: z.array(EvidenceComment), ...errors } },
    },
    async (request) => {
      const { tenantId, requestId } = request.params;
      await caller(tenantId, request, "evidence");
      return service.comments(tenantId, requestId);
    },
  );

  app.post(
    `${BASE}/:requestId/comments`,
    {
      ...guarded,
      schema: {
        tags,
        params: EvidenceRequestParams,
        body: CreateCommentBody,
        response: { 201: EvidenceComment, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, requestId } = request.params;
      const actor = await caller(tenantId, request, "discuss");
      return reply.status(201).send(await service.comment(tenantId, requestId, actor, request.body.body));
    },
  );

  app.get(
    "/api/tenants/:tenantId/evidence-reminders",
    {
      ...guarded,
      schema: { tags, params: TenantParams, response: { 200: EvidenceReminderList, ...errors } },
    },
    async (request) => {
      const { tenantId } = request.params;
      const actor = await caller(tenantId, request, "evidence");
      return service.reminders(tenantId, actor);
    },
  );
}
