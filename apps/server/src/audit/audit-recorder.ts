// The hooks that feed the audit log from every request, so that no route has to record itself:
// after the response, each audited request (see audit-actions.ts) becomes an entry with its actor,
// tenant, action, target, time, client address and result. Bodies are never stored.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { App } from "../http/types.ts";
import {
  type AuditRouteConfig,
  attemptedEmail,
  auditAction,
  auditTarget,
  isUuid,
  namedTenantId,
} from "./audit-actions.ts";
import { type AuditContext, auditContextStorage } from "./audit-context.ts";
import type { AuditLogService } from "./audit-log.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    auditContext: AuditContext | null;
  }
}

const SIGN_OUT = "/api/auth/logout";
const ACCOUNT_ROUTES = new Set(["/api/auth/login", "/api/auth/register"]);
/** Larger answers are not read for the id they created (lists, exports). */
const CREATED_ID_PAYLOAD_MAX = 65_536;

function createdIds(payload: unknown): { id?: string; userId?: string } {
  if (typeof payload !== "string" || payload.length > CREATED_ID_PAYLOAD_MAX) return {};
  try {
    const body = JSON.parse(payload) as { id?: unknown; user?: { id?: unknown } } | null;
    return {
      ...(isUuid(body?.id) ? { id: body.id } : {}),
      ...(isUuid(body?.user?.id) ? { userId: body.user.id } : {}),
    };
  } catch {
    return {};
  }
}

export function registerAuditRecorder(
  app: App,
  deps: { auditLog: AuditLogService; authenticate: onRequestAsyncHookHandler },
) {
  app.decorateRequest("auditContext", null);

  app.addHook("onRequest", (request, _reply, done) => {
    request.auditContext = {};
    done();
  });

  // Signing out ends the session before the response: learn whose it was first.
  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST" || request.routeOptions.url !== SIGN_OUT || request.sessionUser) return;
    try {
      await deps.authenticate.call(app, request, reply);
    } catch {
      // No live session: nobody signs out, and the request is not recorded.
    }
  });

  // The handler runs inside the request's context, where tenant access notes what it resolved.
  app.addHook("preHandler", (request, _reply, done) => {
    auditContextStorage.run(request.auditContext ?? {}, done);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const context = request.auditContext;
    const route = request.routeOptions.url;
    if (!context || !route || reply.statusCode >= 300) return payload;
    if (reply.statusCode === 201 || ACCOUNT_ROUTES.has(route)) {
      const ids = createdIds(payload);
      if (ids.id) context.createdId = ids.id;
      if (ids.userId) context.signedInUserId = ids.userId;
    }
    return payload;
  });

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) return; // no such route: nothing was acted on
    const action = auditAction(request.method, route, request.routeOptions.config as AuditRouteConfig);
    if (!action) return;
    const context = request.auditContext ?? {};
    const session = request.sessionUser;
    // A sign-in or registration is about the account it names, whoever's session sent it.
    const isAccountRoute = ACCOUNT_ROUTES.has(route);
    const email = isAccountRoute ? attemptedEmail(request.body) : null;
    const user = isAccountRoute
      ? context.signedInUserId && email
        ? { id: context.signedInUserId, email }
        : undefined
      : session
        ? { id: session.id, email: session.email }
        : context.actor;
    // Without a session or a sign-in attempt there is no one to name and nothing was done: not
    // recording it keeps anonymous noise from growing the log.
    if (!user && !email) return;
    const named = namedTenantId(request.params, request.query, request.body);
    deps.auditLog.record(
      {
        action,
        method: request.method,
        route,
        statusCode: reply.statusCode,
        clientAddress: request.ip,
        at: new Date(),
        target: isAccountRoute
          ? null
          : auditTarget(request.params as Record<string, unknown>, context.createdId),
        ...(user ? { user } : { attemptedEmail: email }),
        ...(context.tenantId ? { resolvedTenantId: context.tenantId } : {}),
        ...(named ? { namedTenantId: named } : {}),
        ...(context.createdId ? { createdId: context.createdId } : {}),
      },
      request.log,
    );
  });

  app.addHook("onClose", async () => {
    await deps.auditLog.settled();
  });
}
