// Frameworks and compliance per framework (spec part 2, Compliance Overview).
import { z } from "zod";

export const Framework = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string(),
});
export const FrameworkList = z.array(Framework);

export const ComplianceStatus = z.enum(["pass", "fail", "unknown"]);

/** What keeps a requirement from passing on the evidence side, and who owns it. */
export const MissingEvidence = z.object({
  controlCode: z.string(),
  evidenceKey: z.string(),
  title: z.string(),
  state: z.enum(["missing", "submitted", "accepted", "rejected", "expired"]),
  owner: z.string().nullable(),
});

export const ComplianceRow = z.object({
  frameworkControlCode: z.string(),
  isMapped: z.boolean(),
  controlTitle: z.string(),
  controlCode: z.string().nullable(),
  status: ComplianceStatus,
  hasFinding: z.boolean(),
  /** Some mapped control's accepted evidence expires within its cadence's warning window. */
  atRisk: z.boolean(),
  missing: z.array(MissingEvidence),
  controls: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      status: ComplianceStatus,
      hasFinding: z.boolean(),
      atRisk: z.boolean(),
    }),
  ),
});

export const ComplianceResponse = z.object({
  framework: Framework,
  compliance: z.object({
    compliancePercentage: z.number(),
    totalControls: z.number().int(),
    testedControls: z.number().int(),
    passedControls: z.number().int(),
    failedControls: z.number().int(),
    unknownControls: z.number().int(),
  }),
  controls: z.array(ComplianceRow),
});
export type ComplianceResponse = z.infer<typeof ComplianceResponse>;

export const ComplianceParams = z.object({ frameworkId: z.string().min(1).max(50) });
/**
 * `view` type1 (default): the state at `at` (default now). type2: operation over `from`–`to`, each
 * cadence period of the window needing its own accepted evidence.
 */
export const ComplianceQuery = z.object({
  tenantId: z.uuid(),
  view: z.enum(["type1", "type2"]).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
