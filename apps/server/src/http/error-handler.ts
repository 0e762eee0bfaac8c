// Turns every error into `{ error, code }` with the right status; a 5xx never shows internals.
import { postgresErrorCode } from "@rampart/db/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";

/**
 * PostgreSQL data exceptions that only a value from the request can cause: string too long,
 * number or date out of range, bad date format or zone, characters the encoding refuses.
 */
const INPUT_DATA_EXCEPTIONS = new Set(["22001", "22003", "22007", "22008", "22009", "22021", "22P05"]);

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: withoutSchemaPath(error.message), code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first
        ? validationMessage(error.validationContext, first.instancePath, first.message ?? "is invalid")
        : "Invalid request";
      return reply.status(400).send({ error: message, code: "bad_request" });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ error: "Internal server error", code: "internal" });
    }
    if (INPUT_DATA_EXCEPTIONS.has(postgresErrorCode(error) ?? "")) {
      // The request passed its schema but holds a value the database cannot store (a date past
      // year 9999, a character outside UTF-8): the client's to fix, not a server failure.
      request.log.warn({ err: error }, "request value refused by the database");
      return reply.status(400).send({
        error: "A value in the request is out of range or holds characters that cannot be stored",
        code: "bad_request",
      });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      // Fastify's own sentence does not say what the limit is; the client needs it to fix the request.
      const limit = request.routeOptions.bodyLimit;
      return reply.status(413).send({
        error: `The request body is larger than ${limit === undefined ? "this route accepts" : `${sizeLabel(limit)}, the most this route accepts`}`,
        code: "bad_request",
      });
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

/** `20 MiB`, `512 KiB` or `900 bytes`. */
export function sizeLabel(bytes: number): string {
  if (bytes >= 1_048_576 && bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

const WHOLE = {
  body: "Request body",
  querystring: "Query string",
  params: "Path",
  headers: "Headers",
} as const;

/**
 * A validation failure in words a form can show: the field's own name (`location`, `items.0.name`),
 * not the schema's path (`body.location`); a message that already starts with the field's name
 * ("Password must be at least 8 characters") stands alone.
 */
export function validationMessage(
  context: string | undefined,
  instancePath: string,
  message: string,
): string {
  const field = instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (!field) return `${WHOLE[context as keyof typeof WHOLE] ?? "Request"}: ${message}`;
  const name = field.split(".").at(-1) ?? field;
  return message.toLowerCase().startsWith(name.toLowerCase()) ? message : `${field}: ${message}`;
}

/**
 * Handlers that check a field themselves name it as the schema does (`body.location: …`); users
 * see the field's own name (`location: …`), as from a validation failure.
 */
export function withoutSchemaPath(message: string): string {
  return message.replace(/^(?:body|querystring|params|headers)\.(?=[\w.]+: )/, "");
}
