// The signed-in guard for API routes: resolves the session cookie to a user or answers 401.
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import type { AuthService, SessionUser } from "./auth.service.ts";
import { SESSION_COOKIE } from "./session-token.ts";

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/",
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/",
  });
}

export function createAuthenticateHook(auth: AuthService) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await auth.authenticate(token) : undefined;
    if (!token || !found) throw new AppError("unauthenticated", "Sign in to continue");
    if (found.renewedUntil) setSessionCookie(request, reply, token, found.renewedUntil);
    request.sessionUser = found.user;
    // Row-level security: every query of this request now sees this user's tenants only.
    if (request.databaseScope) request.databaseScope.context = { kind: "user", userId: found.user.id };
  };
}

/** The user a guarded route runs for; the guard has already answered 401 otherwise. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new Error("route is not behind the authenticate hook");
  return request.sessionUser;
}
