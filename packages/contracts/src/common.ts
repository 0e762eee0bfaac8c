// Shapes shared by every API module: ids, the error body, dates on the wire.
import { z } from "zod";

export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

/** Every non-2xx answer carries this body; `error` is safe to show to a user. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Timestamps travel as ISO 8601 strings. */
export const Timestamp = z.iso.datetime({ offset: true });

export const Severity = z.enum(["critical", "high", "med", "low"]);
export type Severity = z.infer<typeof Severity>;

export const Ok = z.object({ ok: z.literal(true) });
