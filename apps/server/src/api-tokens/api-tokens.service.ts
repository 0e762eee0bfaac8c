// A tenant's API tokens: created by an admin (the secret shown once), listed without their
// secrets, revoked; and a presented secret checked into the token it is, for one scope.
import {
  API_TOKEN_SCOPES,
  API_TOKENS_PER_TENANT,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from "@rampart/contracts/api-tokens";
import { AppError, forbidden, notFound } from "../errors.ts";
import { TENANT_CLOSED } from "../tenants/tenant-access.ts";
import type { ApiTokenRow, ApiTokensRepo } from "./api-tokens.repo.ts";
import { hintOf, isTokenSecret, newTokenSecret, tokenHashOf } from "./token-secret.ts";

const DAY_MS = 86_400_000;

export const TOKEN_NOT_VALID = "This API token is not valid: check RAMPART_TOKEN";
export const TOKEN_REVOKED = "This API token was revoked: ask an admin for a new one";
export const tokenExpired = (at: Date) =>
  `This API token expired on ${at.toISOString().slice(0, 10)}: ask an admin for a new one`;

/** The token a request presented. */
export interface TokenCaller {
  id: string;
  tenantId: string;
  name: string;
}

export type TokenCheck =
  | { ok: true; caller: TokenCaller }
  | { ok: false; error: AppError; caller?: TokenCaller };

function statusOf(row: ApiTokenRow, now: Date): ApiToken["status"] {
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "active";
}

const isKnownScope = (scope: string): scope is ApiTokenScope => Object.hasOwn(API_TOKEN_SCOPES, scope);

export function toApiToken(row: ApiTokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    // A scope this version no longer knows grants nothing and is not shown.
    scopes: row.scopes.filter(isKnownScope),
    hint: row.hint,
    status: statusOf(row, now),
    createdBy: row.createdByEmail,
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createApiTokensService(deps: { repo: ApiTokensRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    list: async (tenantId: string) => (await repo.list(tenantId)).map((row) => toApiToken(row, now())),

    async create(
      tenantId: string,
      by: { id: string; email: string },
      body: CreateApiTokenBody,
    ): Promise<CreatedApiToken> {
      const secret = newTokenSecret();
      const at = now();
      const created = await repo.createWithinLimit(
        {
          tenantId,
          name: body.name,
          scopes: [...new Set(body.scopes)],
          tokenHash: tokenHashOf(secret),
          hint: hintOf(secret),
          createdById: by.id,
          createdByEmail: by.email,
          expiresAt: new Date(at.getTime() + body.expiresInDays * DAY_MS),
          createdAt: at,
        },
        API_TOKENS_PER_TENANT,
        at,
      );
      if (!created.ok)
        throw new AppError(
          "conflict",
          `This organization already has ${created.count} active API tokens, the most allowed: revoke one first`,
        );
      return { ...toApiToken(created.row, at), secret };
    },

    async revoke(tenantId: string, tokenId: string): Promise<ApiToken> {
      const row = await repo.revoke(tenantId, tokenId, now());
      if (!row) throw notFound("API token not found or already revoked");
      return toApiToken(row, now());
    },

    /**
     * Whether `secret` is a token that may act for `scope` now: a refusal is 401 for an unknown,
     * revoked or expired token and 403 for a closed tenant or a missing scope, and names the token
     * when there is one (the audit log records who was refused). A valid token's last use is now.
     */
    async check(secret: string, scope: ApiTokenScope): Promise<TokenCheck> {
      // A malformed secret costs no query.
      const found = isTokenSecret(secret) ? await repo.findByHash(tokenHashOf(secret)) : undefined;
      if (!found) return { ok: false, error: new AppError("unauthenticated", TOKEN_NOT_VALID) };
      const { token } = found;
      const caller = { id: token.id, tenantId: token.tenantId, name: token.name };
      const at = now();
      const refuse = (error: AppError): TokenCheck => ({ ok: false, error, caller });
      if (token.revokedAt) return refuse(new AppError("unauthenticated", TOKEN_REVOKED));
      if (token.expiresAt <= at)
        return refuse(new AppError("unauthenticated", tokenExpired(token.expiresAt)));
      if (found.tenantClosedAt) return refuse(forbidden(TENANT_CLOSED));
      if (!token.scopes.includes(scope))
        return refuse(forbidden(`This API token does not have the ${scope} scope: create one that does`));
      await repo.touch(token.tenantId, token.id, at);
      return { ok: true, caller };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
