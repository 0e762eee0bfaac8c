// Registration, sign-in and sessions with sliding expiry.
import type { LoginBody, RegisterBody, User } from "@rampart/contracts/auth";
import { isUniqueViolation } from "@rampart/db/errors";
import { AppError } from "../errors.ts";
import type { AuthRepo, UserRow } from "./auth.repo.ts";
import { hashPassword, timingDummyHash, verifyPassword } from "./password.ts";
import { newSessionToken, sessionIdOf } from "./session-token.ts";

const DAY_MS = 86_400_000;
/** The same words for an unknown e-mail and a wrong password: no account enumeration. */
export const INVALID_CREDENTIALS = "Invalid email or password";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
}

export function createAuthService(deps: { repo: AuthRepo; sessionTtlDays: number; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const ttlMs = deps.sessionTtlDays * DAY_MS;

  async function toUser(row: SessionUser): Promise<User> {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      memberships: await repo.membershipsOf(row.id),
    };
  }

  return {
    toUser,

    async register(input: RegisterBody): Promise<User> {
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await repo.registerUserWithTenant({ ...input, passwordHash });
        return toUser(user);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError("conflict", "An account with this e-mail already exists");
        throw error;
      }
    },

    /** Checks the password and opens a session; the token goes to the cookie only. */
    async login(input: LoginBody): Promise<{ user: User; token: string; expiresAt: Date }> {
      const row: UserRow | undefined = await repo.findUserByEmail(input.email);
      const valid = await verifyPassword(row?.passwordHash ?? (await timingDummyHash()), input.password);
      if (!row || !valid) throw new AppError("unauthenticated", INVALID_CREDENTIALS);
      const token = newSessionToken();
      const expiresAt = new Date(now().getTime() + ttlMs);
      await repo.createSession(sessionIdOf(token), row.id, expiresAt);
      return { user: await toUser(row), token, expiresAt };
    },

    /**
     * Resolves a cookie token to its user. The session slides: once less than half its lifetime
     * remains, it is extended, and `renewedUntil` tells the caller to refresh the cookie.
     */
    async authenticate(token: string): Promise<{ user: SessionUser; renewedUntil?: Date } | undefined> {
      const id = sessionIdOf(token);
      const current = now();
      const found = await repo.findLiveSession(id, current);
      if (!found) return undefined;
      const user = {
        id: found.user.id,
        email: found.user.email,
        name: found.user.name,
        createdAt: found.user.createdAt,
      };
      if (found.session.expiresAt.getTime() - current.getTime() < ttlMs / 2) {
        const renewedUntil = new Date(current.getTime() + ttlMs);
        await repo.extendSession(id, renewedUntil);
        return { user, renewedUntil };
      }
      return { user };
    },

    logout: (token: string) => repo.deleteSession(sessionIdOf(token)),

    purgeExpiredSessions: () => repo.deleteExpiredSessions(now()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
