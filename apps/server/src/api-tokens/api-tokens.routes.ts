// A tenant's API tokens, for its admins: list (never the secrets), create (the secret in the answer,
// once) and revoke.
import {
  ApiToken,
  ApiTokenList,
  ApiTokenParams,
  CreateApiTokenBody,
  CreatedApiToken,
} from "@rampart/contracts/api-tokens";
import { ErrorBody } from "@rampart/contracts/common";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { ApiTokensService } from "./api-tokens.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function registerApiTokenRoutes(
  app: App,
  deps: { apiTokens: ApiTokensService; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  const { apiTokens, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/api-tokens",
    {
      ...guarded,
      schema: { tags: ["api-tokens"], params: TenantParams, response: { 200: ApiTokenList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin", { evenIfClosed: true });
      return apiTokens.list(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/api-tokens",
    {
      ...guarded,
      schema: {
        tags: ["api-tokens"],
        params: TenantParams,
        body: CreateApiTokenBody,
        response: { 201: CreatedApiToken, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await access.require(request.params.tenantId, user.id, "admin");
      const created = await apiTokens.create(request.params.tenantId, user, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/tenants/:tenantId/api-tokens/:tokenId",
    {
      ...guarded,
      schema: { tags: ["api-tokens"], params: ApiTokenParams, response: { 200: ApiToken, ...errors } },
    },
    async (request) => {
      // Revoking takes a power away: allowed on a closed organization too.
      await access.require(request.params.tenantId, currentUser(request).id, "admin", { evenIfClosed: true });
      return apiTokens.revoke(request.params.tenantId, request.params.tokenId);
    },
  );
}
