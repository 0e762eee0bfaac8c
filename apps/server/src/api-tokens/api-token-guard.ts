// The guard of routes a CI system calls with `Authorization: Bearer rmp_…` instead of a session:
// the token must be valid and hold the route's scope. It runs before the body is read, so nobody
// without a token can make the server parse a large upload. The request then works in the token's
// tenant's database context, and the audit log names the token as who acted.
import type { ApiTokenScope } from "@rampart/contracts/api-tokens";
import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidCaching } from "../auth/authenticate.ts";
import { AppError } from "../errors.ts";
import type { ApiTokensService, TokenCaller } from "./api-tokens.service.ts";
import { bearerTokenOf } from "./token-secret.ts";

declare module "fastify" {
  interface FastifyRequest {
    apiTokenCaller: TokenCaller | null;
  }
}

export const BEARER_REQUIRED = "Send an API token of this organization as Authorization: Bearer rmp_…";

/** How the audit log names a token that acted (in place of a user's e-mail). */
export const tokenActor = (caller: TokenCaller) => `api-token:${caller.name}`;

export function createApiTokenGuard(tokens: Pick<ApiTokensService, "check">, scope: ApiTokenScope) {
  return async function requireApiToken(request: FastifyRequest, reply: FastifyReply) {
    forbidCaching(reply);
    const secret = bearerTokenOf(request.headers.authorization);
    if (!secret) throw new AppError("unauthenticated", BEARER_REQUIRED);
    const checked = await tokens.check(secret, scope);
    if (checked.caller && request.auditContext) {
      request.auditContext.tenantId = checked.caller.tenantId;
      request.auditContext.actor = { id: null, email: tokenActor(checked.caller) };
    }
    if (!checked.ok) throw checked.error;
    request.apiTokenCaller = checked.caller;
    // Row-level security: every query of this request now sees the token's tenant only.
    if (request.databaseScope)
      request.databaseScope.context = { kind: "tenant", tenantId: checked.caller.tenantId };
  };
}

/** The token a guarded route runs for; the guard has already answered 401 otherwise. */
export function currentToken(request: FastifyRequest): TokenCaller {
  if (!request.apiTokenCaller) throw new Error("route is not behind the API token guard");
  return request.apiTokenCaller;
}
