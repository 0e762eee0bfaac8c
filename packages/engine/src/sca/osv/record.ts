// The OSV record (https://ossf.github.io/osv-schema/) as far as matching and reporting use it.
// Parsing is tolerant: unknown fields pass through, and malformed optional parts (a bad
// reference, an odd severity entry) are dropped rather than failing the whole record, because
// real exports contain such records (see osv-sample/README.md, "Known schema deviations").
import { z } from "zod";

const eventSchema = z.union([
  z.object({ introduced: z.string() }),
  z.object({ fixed: z.string() }),
  z.object({ last_affected: z.string() }),
  z.object({ limit: z.string() }),
]);

const rangeSchema = z.looseObject({
  type: z.string(),
  repo: z.string().optional(),
  events: z.array(eventSchema),
});

const severitySchema = z.looseObject({ type: z.string(), score: z.string() });

const affectedSchema = z.looseObject({
  package: z
    .looseObject({
      ecosystem: z.string(),
      name: z.string(),
      purl: z.string().optional(),
    })
    .optional(),
  ranges: z.array(rangeSchema).optional(),
  versions: z.array(z.string()).optional(),
  severity: z.array(severitySchema).optional().catch(undefined),
  database_specific: z.record(z.string(), z.unknown()).optional().catch(undefined),
  ecosystem_specific: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

const referenceSchema = z.looseObject({ type: z.string(), url: z.string() });

export const osvRecordSchema = z.looseObject({
  schema_version: z.string().optional(),
  id: z.string().min(1),
  modified: z.string().optional(),
  published: z.string().optional(),
  withdrawn: z.string().optional(),
  aliases: z.array(z.string()).optional().catch(undefined),
  related: z.array(z.string()).optional().catch(undefined),
  upstream: z.array(z.string()).optional().catch(undefined),
  summary: z.string().optional(),
  details: z.string().optional(),
  severity: z.array(severitySchema).optional().catch(undefined),
  affected: z.array(affectedSchema).optional(),
  references: z
    .array(z.unknown())
    .optional()
    .transform((references) =>
      (references ?? []).flatMap((reference) => {
        const parsed = referenceSchema.safeParse(reference);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  database_specific: z
    .looseObject({ severity: z.string().nullable().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

export type OsvRecord = z.infer<typeof osvRecordSchema>;
export type OsvAffected = NonNullable<OsvRecord["affected"]>[number];
export type OsvRange = NonNullable<OsvAffected["ranges"]>[number];
export type OsvEvent = OsvRange["events"][number];
export type OsvSeverity = NonNullable<OsvRecord["severity"]>[number];

export type ParseResult = { ok: true; record: OsvRecord } | { ok: false; error: string };

/** Validates one parsed JSON value as an OSV record. Never throws. */
export function parseOsvRecord(json: unknown): ParseResult {
  try {
    const parsed = osvRecordSchema.safeParse(json);
    if (parsed.success) return { ok: true, record: parsed.data };
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    const id = typeof json === "object" && json !== null && "id" in json ? ` ${String(json.id)}` : "";
    return { ok: false, error: `OSV record${id}: ${issue?.message ?? "invalid"}${where}` };
  } catch (error) {
    return { ok: false, error: `OSV record: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Parses OSV JSON text. Never throws. */
export function parseOsvJson(text: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: `OSV record: invalid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  return parseOsvRecord(json);
}
