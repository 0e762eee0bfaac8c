// The signed-in guard for API routes: resolves the session cookie to a user or answers 401.
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import type { AuthService, SessionUser } from "./auth.service.ts";
import { sessionCookieName } from "./session-token.ts";

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

const overHttps = (request: FastifyRequest) => request.protocol === "https";

/** The session token the request carries under the cookie name that applies to its protocol. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(overHttps(request))];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  const secure = overHttps(request);
  reply.setCookie(sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const secure = overHttps(request);
  reply.clearCookie(sessionCookieName(secure), { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

/**
 * What a signed-in user sees must stay out of browser and proxy caches (a shared computer's back
 * button, a corporate proxy): every answer of an authenticated route, downloads included.
 */
export function forbidCaching(reply: FastifyReply) {
  reply.header("cache-control", "no-store");
}

export function createAuthenticateHook(auth: AuthService) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    forbidCaching(reply);
    const token = sessionTokenOf(request);
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
