// Gives every request a database scope (packages/db/src/context.ts) that the authenticate hook
// fills with the signed-in user, so row-level security applies the user's tenants to each query.
// Body parsing runs in the socket's async context, not the request's, so the scope is entered again
// after it (the approach of @fastify/request-context).
import { type DatabaseScope, withDatabaseScope } from "@rampart/db/context";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    databaseScope: DatabaseScope | null;
  }
}

export function registerDatabaseScope(app: FastifyInstance) {
  app.decorateRequest("databaseScope", null);
  app.addHook("onRequest", (request, _reply, done) => {
    const scope: DatabaseScope = { context: undefined };
    request.databaseScope = scope;
    withDatabaseScope(scope, done);
  });
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.databaseScope) withDatabaseScope(request.databaseScope, done);
    else done();
  });
}
