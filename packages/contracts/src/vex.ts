// VEX: triage decisions on dependency findings, exported as OpenVEX or CycloneDX VEX; imported
// documents add statements. A not_affected or fixed statement suppresses matching findings.
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const VexStatus = z.enum(["not_affected", "affected", "fixed", "under_investigation"]);
export type VexStatus = z.infer<typeof VexStatus>;

/** OpenVEX's justifications for not_affected. */
export const VexJustification = z.enum([
  "component_not_present",
  "vulnerable_code_not_present",
  "vulnerable_code_not_in_execute_path",
  "vulnerable_code_cannot_be_controlled_by_adversary",
  "inline_mitigations_already_exist",
]);
export type VexJustification = z.infer<typeof VexJustification>;

const Text = z.string().trim().min(1).max(2000);

export const VexTriageBody = z.object({
  findingId: Id,
  status: VexStatus,
  justification: VexJustification.optional(),
  /** Why the package is not affected (free text). */
  impactStatement: Text.optional(),
  /** What will be done about an affected package. */
  actionStatement: Text.optional(),
});
export type VexTriageBody = z.infer<typeof VexTriageBody>;

/** The decision that applies to a finding. */
export const VexOutcome = z.object({
  status: VexStatus,
  justification: VexJustification.optional(),
  impactStatement: z.string().optional(),
  actionStatement: z.string().optional(),
  author: z.string(),
  timestamp: Timestamp,
});
export type VexOutcome = z.infer<typeof VexOutcome>;

export const VexStatementResponse = z.object({
  id: Id,
  vulnerabilityId: z.string(),
  aliases: z.array(z.string()),
  purl: z.string(),
  status: VexStatus,
  justification: VexJustification.nullable(),
  impactStatement: z.string().nullable(),
  actionStatement: z.string().nullable(),
  author: z.string(),
  timestamp: Timestamp,
  source: z.enum(["triage", "import"]),
  createdAt: Timestamp,
});
export type VexStatementResponse = z.infer<typeof VexStatementResponse>;

export const VexImportResponse = z.object({ imported: z.number().int() });
export type VexImportResponse = z.infer<typeof VexImportResponse>;

export const VexExportFormat = z.enum(["openvex", "cyclonedx"]);
export const VexExportQuery = z.object({ format: VexExportFormat.default("openvex") });
