// Registration, sign-in and sessions with sliding expiry.

import { createHash } from "node:crypto";
import type { LoginBody, RegisterBody, User } from "@rampart/contracts/auth";
import { plural } from "@rampart/contracts/words";
import { isUniqueViolation } from "@rampart/db/errors";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { AuthRepo, UserRow } from "./auth.repo.ts";
import { hashPassword, timingDummyHash, verifyPassword } from "./password.ts";
import { newSessionToken, sessionIdOf } from "./session-token.ts";

const DAY_MS = 86_400_000;
/** The same words for an unknown e-mail and a wrong password: no account enumeration. */
export const INVALID_CREDENTIALS = "Invalid email or password";
/** Sign-in attempts per e-mail are counted in windows of this length. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const DEFAULT_LOGIN_ATTEMPTS_PER_ACCOUNT = 5;

/** The key attempts are counted under: unknown e-mails count alike, and the table holds no address. */
export const loginAccountKey = (email: string) => createHash("sha256").update(email).digest("hex");

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
}

export function createAuthService(deps: {
  repo: AuthRepo;
  sessionTtlDays: number;
  /** Tells an account's owner that someone tried to register their e-mail again. */
  mailer?: Mailer;
  /** For the sign-in link in that notice. */
  publicUrl?: string | undefined;
  /** Sign-in attempts per e-mail per window; the next ones are refused until the window ends. */
  loginAttemptsPerAccount?: number | undefined;
  now?: () => Date;
}) {
  const { repo } = deps;
  const maxAttempts = deps.loginAttemptsPerAccount ?? DEFAULT_LOGIN_ATTEMPTS_PER_ACCOUNT;
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

    /**
     * Creates the user and its organization. An e-mail that already has an account gets the same
     * answer in about the same time (the same hashing and a transaction that is rolled back), and
     * its owner is told by mail instead, so the form does not reveal who has an account.
     */
    async register(input: RegisterBody): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      try {
        await repo.registerUserWithTenant({ ...input, passwordHash });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Not awaited: an SMTP round trip would make this answer slower than a real sign-up.
        void deps.mailer?.send(existingAccountNotice(input.email, deps.publicUrl));
      }
    },

    /**
     * Checks the password and opens a session; the token goes to the cookie only. The attempt is
     * counted before the password is checked, so that parallel guesses cannot slip past the
     * count, and past the limit even the right password waits for the window to end.
     */
    async login(input: LoginBody): Promise<{ user: User; token: string; expiresAt: Date }> {
      const accountKey = loginAccountKey(input.email);
      const attempt = await repo.countLoginAttempt(accountKey, now(), LOGIN_WINDOW_MS);
      if (attempt.attempts > maxAttempts) {
        const waitMs = attempt.windowStartedAt.getTime() + LOGIN_WINDOW_MS - now().getTime();
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw new AppError(
          "rate_limited",
          `Too many sign-in attempts for this account. Try again in ${plural(minutes, "minute")}.`,
        );
      }
      const row: UserRow | undefined = await repo.findUserByEmail(input.email);
      const valid = await verifyPassword(row?.passwordHash ?? (await timingDummyHash()), input.password);
      if (!row || !valid) throw new AppError("unauthenticated", INVALID_CREDENTIALS);
      await repo.clearLoginAttempts(accountKey);
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

    /** Attempt counts whose window has ended decide nothing any more. */
    purgeOldLoginAttempts: () => repo.deleteLoginAttemptsBefore(new Date(now().getTime() - LOGIN_WINDOW_MS)),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function existingAccountNotice(email: string, publicUrl: string | undefined) {
  const signIn = publicUrl ? `sign in at ${new URL("/login", publicUrl).toString()}` : "sign in instead";
  return {
    to: email,
    subject: "Someone tried to create a Rampart account with your e-mail address",
    text: [
      "Someone, perhaps you, tried to create a Rampart account with this e-mail address, which already has one.",
      "No account was created and nothing was changed.",
      "",
      `If it was you, ${signIn}.`,
      "If it was not you, you can ignore this message.",
    ].join("\n"),
  };
}
