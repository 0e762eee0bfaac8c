// The Content-Security-Policy of every response. `upgrade-insecure-requests` is sent only when the
// request came over HTTPS: over plain HTTP (e.g. `HOST=0.0.0.0` on a LAN) it made browsers fetch
// every script and stylesheet over HTTPS, which nothing answers, and the page stayed blank.
import type { FastifyInstance } from "fastify";

const DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

export function contentSecurityPolicy(overHttps: boolean): string {
  return (overHttps ? [...DIRECTIVES, "upgrade-insecure-requests"] : DIRECTIVES).join(";");
}

export function registerContentSecurityPolicy(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("content-security-policy", contentSecurityPolicy(request.protocol === "https"));
  });
}
