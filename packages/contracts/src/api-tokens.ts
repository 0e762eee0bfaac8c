// API tokens of a tenant (GET, POST /api/tenants/{tenantId}/api-tokens, DELETE …/{tokenId}): how a
// CI system outside Rampart authenticates, with `Authorization: Bearer rmp_…`. Admins manage them;
// the secret is shown once, when the token is created.
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";
import { TenantParams } from "./tenants.ts";

/** Every token starts with this, so secret scanners (Rampart's own among them) can spot one. */
export const API_TOKEN_PREFIX = "rmp_";
/** After the prefix: 43 base62 characters, about 256 random bits. */
export const API_TOKEN_PATTERN = /^rmp_[0-9A-Za-z]{43}$/;

/** What a token may do, and what the settings drawer says of it. More scopes are more rows. */
export const API_TOKEN_SCOPES = {
  "runs:upload": "Upload scan results from CI (rampart scan --upload)",
} as const;
export const ApiTokenScope = z.enum(Object.keys(API_TOKEN_SCOPES) as [keyof typeof API_TOKEN_SCOPES]);
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;

/** A token lives at most a year: a forgotten one stops working on its own. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 180, 365] as const;
/** Active tokens one organization may hold at once. */
export const API_TOKENS_PER_TENANT = 50;

export const ApiTokenStatus = z.enum(["active", "expired", "revoked"]);
export type ApiTokenStatus = z.infer<typeof ApiTokenStatus>;

export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  scopes: z.array(ApiTokenScope),
  /** The secret's first characters, to tell tokens apart; the secret itself is never listed. */
  hint: z.string(),
  status: ApiTokenStatus,
  createdBy: z.string(),
  expiresAt: Timestamp,
  lastUsedAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type ApiToken = z.infer<typeof ApiToken>;
export const ApiTokenList = z.array(ApiToken);

export const CreateApiTokenBody = z
  .object({
    name: z.string().trim().min(1, { error: "Name is required" }).max(100),
    scopes: z.array(ApiTokenScope).min(1, { error: "Choose at least one scope" }).max(20),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(API_TOKEN_MAX_DAYS, { error: `A token expires within ${API_TOKEN_MAX_DAYS} days` }),
  })
  .strict();
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBody>;

/** The answer to creating a token: the only time its secret is shown. */
export const CreatedApiToken = ApiToken.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const ApiTokenParams = TenantParams.extend({ tokenId: Id });
