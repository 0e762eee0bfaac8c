// What an organizational control asks for as evidence: the spec of each item (kind, cadence, the
// Rampart record that can stand for it) and the closed list of records Rampart can produce
// (data/evidence-records.yaml). The evaluator reads the cadence to tell when evidence is at risk.
import { z } from "zod";
import { deepFreeze, loadDataFile, once } from "./data.ts";

/** What the evidence is: a file someone writes, a capture of a screen, a tool's export, or a record. */
export const EVIDENCE_KINDS = ["document", "screenshot", "export", "record"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_CADENCES = ["once", "monthly", "quarterly", "yearly"] as const;
export type EvidenceCadence = (typeof EVIDENCE_CADENCES)[number];

/**
 * How long before accepted evidence expires it is shown as at risk, by cadence: long enough to
 * collect the next one. Evidence collected once never expires on a schedule.
 */
export const AT_RISK_WINDOW_DAYS: Readonly<Record<EvidenceCadence, number | null>> = {
  once: null,
  monthly: 7,
  quarterly: 14,
  yearly: 30,
};

/** Lower-case words joined by single hyphens: `access-review`. */
export const KEBAB_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const kebabKey = z.string().max(64).regex(KEBAB_KEY, "must be lower-case words joined by hyphens");

const oneLine = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((text) => !text.includes("\n"), "must be one line");

export const EvidenceSpecSchema = z
  .strictObject({
    key: kebabKey,
    title: oneLine,
    description: z.string().trim().min(1).max(1000),
    kind: z.enum(EVIDENCE_KINDS),
    cadence: z.enum(EVIDENCE_CADENCES),
    /** Kind `record` only: the Rampart record that stands for this evidence. */
    record: kebabKey.optional(),
    /** Record `policy-acknowledgements` only: the policy template whose acknowledgements count. */
    policy: kebabKey.optional(),
  })
  .superRefine((spec, context) => {
    if ((spec.kind === "record") !== (spec.record !== undefined)) {
      context.addIssue({
        code: "custom",
        path: ["record"],
        message: "`record` is required for kind record and allowed only there",
      });
    }
    if ((spec.record === "policy-acknowledgements") !== (spec.policy !== undefined)) {
      context.addIssue({
        code: "custom",
        path: ["policy"],
        message: "`policy` is required for record policy-acknowledgements and allowed only there",
      });
    }
  });
export type EvidenceSpec = z.infer<typeof EvidenceSpecSchema>;

export const EvidenceRecordSchema = z.strictObject({
  key: kebabKey,
  title: oneLine,
  description: z.string().trim().min(1),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

const EvidenceRecordsFileSchema = z.strictObject({
  schemaVersion: z.literal(1),
  records: z
    .array(EvidenceRecordSchema)
    .min(1)
    .refine((records) => new Set(records.map((r) => r.key)).size === records.length, {
      message: "record keys must not repeat",
    }),
});

const records = once(() =>
  deepFreeze(loadDataFile(EvidenceRecordsFileSchema, "evidence-records.yaml").records),
);

/** The records Rampart can produce as evidence, in file order. */
export function listEvidenceRecords(): readonly EvidenceRecord[] {
  return records();
}

export function isEvidenceRecord(key: string): boolean {
  return records().some((record) => record.key === key);
}
