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

/** How many of a group (a risk's findings, say) there are of each severity. */
export const SeverityCounts = z.object({
  critical: z.number().int(),
  high: z.number().int(),
  med: z.number().int(),
  low: z.number().int(),
});
export type SeverityCounts = z.infer<typeof SeverityCounts>;

/** Counts of every severity and their total: what a list holds in all, however much of it is sent. */
export const SeverityStats = z.object({
  total: z.number().int(),
  critical: z.number().int(),
  high: z.number().int(),
  med: z.number().int(),
  low: z.number().int(),
});
export type SeverityStats = z.infer<typeof SeverityStats>;

export const Ok = z.object({ ok: z.literal(true) });
