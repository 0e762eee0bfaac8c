// POST /api/runs/upload: a scan CI ran (`rampart scan --upload`), sent with an API token of scope
// `runs:upload` instead of a session. The body is capped (UPLOAD_MAX_MB) and each token has its
// own rate limit.
import { ErrorBody } from "@rampart/contracts/common";
import { UploadRunFields, UploadRunResponse } from "@rampart/contracts/runs";
import { ScanReportSchema } from "@rampart/engine/output/json-schema";
import type { FastifyRequest } from "fastify";
import { createApiTokenGuard, currentToken } from "../api-tokens/api-token-guard.ts";
import type { ApiTokensService } from "../api-tokens/api-tokens.service.ts";
import type { App } from "../http/types.ts";
import type { RunsRepo } from "./runs.repo.ts";
import type { UploadService } from "./upload.service.ts";

export const DEFAULT_UPLOAD_MAX_MB = 20;
export const DEFAULT_UPLOADS_PER_MINUTE = 30;

/** The report is the engine's own JSON report (`rampart scan --format json`), checked in full. */
const UploadRunBody = UploadRunFields.extend({ report: ScanReportSchema });

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  429: ErrorBody,
};

/** Where the browser or CI reached us, for the run's link when PUBLIC_URL is not configured. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function registerUploadRoute(
  app: App,
  deps: {
    uploads: UploadService;
    apiTokens: Pick<ApiTokensService, "check">;
    runs: Pick<RunsRepo, "find">;
    publicUrl?: string | undefined;
    maxMegabytes?: number | undefined;
    perMinute?: number | undefined;
  },
) {
  app.post(
    "/api/runs/upload",
    {
      onRequest: createApiTokenGuard(deps.apiTokens, "runs:upload"),
      bodyLimit: (deps.maxMegabytes ?? DEFAULT_UPLOAD_MAX_MB) * 1024 * 1024,
      config: {
        // After the guard: per token, so one busy pipeline does not hold back another.
        rateLimit: {
          max: deps.perMinute ?? DEFAULT_UPLOADS_PER_MINUTE,
          timeWindow: "1 minute",
          keyGenerator: (request: FastifyRequest) => `api-token:${request.apiTokenCaller?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ["runs"],
        summary: "Upload a scan run from CI",
        description:
          "Authenticated with `Authorization: Bearer rmp_…` (an API token with the `runs:upload` scope), not a session. The run is stored, evaluated and entered in the ledger like the server's own scans.",
        security: [{ apiToken: [] }],
        body: UploadRunBody,
        response: { 201: UploadRunResponse, ...errors },
      },
    },
    async (request, reply) => {
      const caller = currentToken(request);
      const uploaded = await deps.uploads.upload(caller, request.body);
      const run = await deps.runs.find(caller.tenantId, uploaded.runId);
      if (!run) throw new Error("the uploaded run is missing");
      const base = (deps.publicUrl ?? originOf(request)).replace(/\/+$/, "");
      return reply.status(201).send({
        id: run.id,
        repositoryId: uploaded.repository.id,
        repo: uploaded.repository.name,
        repositoryCreated: uploaded.repositoryCreated,
        status: run.status,
        failedCount: run.failedCount,
        selfHash: run.selfHash,
        url: `${base}/runs?run=${run.id}`,
      });
    },
  );
}
