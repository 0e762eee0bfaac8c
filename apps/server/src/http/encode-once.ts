// A large answer served from a cache is the same object on every hit. Fastify's serializer would
// check and encode it through the response schema on every request (for a control's findings,
// 200 kB of JSON each time); encoding it once per object and sending the text skips that work on
// the hits. Fastify sends a string whose content type is JSON as it is.

import type { FastifyReply } from "fastify";
import { z } from "zod";

const encoded = new WeakMap<object, string>();

/** `value` encoded through `schema` as JSON, computed once per object. */
export function encodeOnce<Schema extends z.ZodType<object>>(
  schema: Schema,
  value: z.output<Schema>,
): string {
  let text = encoded.get(value);
  if (text === undefined) {
    text = JSON.stringify(z.encode(schema, value));
    encoded.set(value, text);
  }
  return text;
}

/** Sends `value` as JSON encoded once per object (see above). */
export function sendEncodedOnce<Schema extends z.ZodType<object>>(
  reply: FastifyReply,
  schema: Schema,
  value: z.output<Schema>,
): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(encodeOnce(schema, value));
}
