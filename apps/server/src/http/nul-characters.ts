// PostgreSQL cannot store U+0000 in text or jsonb: a request whose body, query or path holds one
// is refused here with the field's name, before any handler writes half of it.
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";

/** The path of the first string or key holding U+0000, or undefined. */
export function nulCharacterAt(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterAt(item, `${path}.${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes("\u0000") ? `${path}.${key}` : nulCharacterAt(item, `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function registerNulCharacterCheck(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const [where, value] of [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const) {
      const at = nulCharacterAt(value);
      if (at !== undefined)
        throw new AppError("bad_request", `${where}${at}: text must not contain NUL (U+0000) characters`);
    }
  });
}
