// Controls and their pass/fail counts (spec part 1 Control Status; part 2 Security Controls).
import { z } from "zod";
import { Severity } from "./common.ts";
import { ContainerFinding, ContainerImage } from "./containers.ts";
import { Finding } from "./runs.ts";

export const ControlTag = z.enum(["iac", "pipeline", "env", "secrets", "sca", "sast", "container"]);

export const Control = z.object({
  /** The control code doubles as its id in paths (`/api/controls/IAC-ENC-01/findings`). */
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  severity: Severity,
  tags: z.array(ControlTag),
  version: z.number().int(),
});
export type Control = z.infer<typeof Control>;

export const ControlStatusRow = z.object({
  control: Control,
  passes: z.number().int(),
  failures: z.number().int(),
  /** passes / (passes + failures) × 100, rounded; 0 when never evaluated (see docs/formulas.md). */
  compliance: z.number(),
  evaluated: z.boolean(),
  /** Up to 3 evidence hashes of the latest runs that evaluated it. */
  evidenceHashes: z.array(z.string()),
});
export type ControlStatusRow = z.infer<typeof ControlStatusRow>;

export const ControlsQuery = z.object({ type: z.union([z.literal("all"), ControlTag]).default("all") });

export const ControlParams = z.object({
  controlId: z.string().regex(/^[A-Z0-9-]{3,30}$/, { error: "Unknown control id" }),
});
export const ControlFindingsQuery = z.object({ tenantId: z.uuid() });

/**
 * A control's checks in the latest run of each repository. The counts are its Control Status row's,
 * computed by the same server function; `findings` lists its open failures (most severe first, up
 * to a limit) and then some of its passed checks, so the lists may be shorter than the counts.
 */
export const ControlFindings = z.object({
  control: Control,
  passes: z.number().int(),
  failures: z.number().int(),
  evaluated: z.boolean(),
  findings: z.array(Finding),
  /**
   * For a control the container image scan evidences (CTR-VUL-01): the vulnerabilities of the
   * current images (its failed checks) and the current images without any (its passed checks).
   */
  images: z.object({ vulnerabilities: z.array(ContainerFinding), clean: z.array(ContainerImage) }),
});
export type ControlFindings = z.infer<typeof ControlFindings>;
