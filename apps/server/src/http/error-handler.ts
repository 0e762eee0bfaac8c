// Turns every error into `{ error, code }` with the right status; a 5xx never shows internals.
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".");
      const where = error.validationContext ?? "request";
      const message = first ? `${where}${field ? `.${field}` : ""}: ${first.message}` : "Invalid request";
      return reply.status(400).send({ error: message, code: "bad_request" });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ error: "Internal server error", code: "internal" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send({ error: "Internal server error", code: "internal" });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit).
    const code = status === 429 ? "rate_limited" : status === 404 ? "not_found" : "bad_request";
    return reply.status(status).send({ error: error.message, code });
  });
}
