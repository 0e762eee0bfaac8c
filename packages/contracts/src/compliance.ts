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

export const ComplianceRow = z.object({
  frameworkControlCode: z.string(),
  isMapped: z.boolean(),
  controlTitle: z.string(),
  controlCode: z.string().nullable(),
  status: ComplianceStatus,
  hasFinding: z.boolean(),
  controls: z.array(
    z.object({ code: z.string(), title: z.string(), status: ComplianceStatus, hasFinding: z.boolean() }),
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
export const ComplianceQuery = z.object({ tenantId: z.uuid() });
