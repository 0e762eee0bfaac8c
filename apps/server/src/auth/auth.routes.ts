// POST /api/auth/register, login, logout and GET /api/auth/me (spec part 1, §7).

import { LoginBody, RegisterBody, RegisterResponse, UserResponse } from "@rampart/contracts/auth";
import { ErrorBody, Ok } from "@rampart/contracts/common";
import type { onRequestAsyncHookHandler } from "fastify";
import type { App } from "../http/types.ts";
import type { AuthService } from "./auth.service.ts";
import {
  clearSessionCookie,
  currentUser,
  forbidCaching,
  sessionTokenOf,
  setSessionCookie,
} from "./authenticate.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };

export function registerAuthRoutes(
  app: App,
  deps: { auth: AuthService; authenticate: onRequestAsyncHookHandler; rateLimitPerMinute: number },
) {
  const { auth } = deps;
  const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: "1 minute" };

  app.post(
    "/api/auth/register",
    {
      config: { rateLimit },
      schema: { tags: ["auth"], body: RegisterBody, response: { 201: RegisterResponse, ...errors } },
    },
    async (request, reply) => {
      await auth.register(request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    "/api/auth/login",
    {
      config: { rateLimit },
      schema: { tags: ["auth"], body: LoginBody, response: { 200: UserResponse, ...errors } },
    },
    async (request, reply) => {
      forbidCaching(reply);
      const { user, token, expiresAt } = await auth.login(request.body);
      setSessionCookie(request, reply, token, expiresAt);
      return { user };
    },
  );

  app.post(
    "/api/auth/logout",
    { schema: { tags: ["auth"], response: { 200: Ok, 403: ErrorBody } } },
    async (request, reply) => {
      forbidCaching(reply);
      const token = sessionTokenOf(request);
      if (token) await auth.logout(token);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/auth/me",
    {
      onRequest: deps.authenticate,
      schema: { tags: ["auth"], response: { 200: UserResponse, 401: ErrorBody } },
    },
    async (request) => ({ user: await auth.toUser(currentUser(request)) }),
  );
}
