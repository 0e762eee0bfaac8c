// Code (SAST) findings (spec part 2, Code Security Findings, and §3 "SAST finding").
import { z } from "zod";
import { Id, Severity } from "./common.ts";
import { SeverityStats } from "./sca.ts";

export const SastCategory = z.enum(["security", "best-practice", "correctness"]);
export type SastCategory = z.infer<typeof SastCategory>;

export const SastFinding = z.object({
  id: Id,
  runId: Id,
  repo: z.string(),
  /** The rule id, e.g. `sast/sql-injection`. */
  ruleId: z.string(),
  ruleTitle: z.string().nullable(),
  severity: Severity,
  category: SastCategory,
  message: z.string(),
  filePath: z.string(),
  line: z.number().int().nullable(),
  /** The flagged line's text as scanned. */
  snippet: z.string().nullable(),
  /** CWE ids such as `CWE-89`. */
  cwe: z.array(z.string()),
  /** For a data flow: where the untrusted value enters (source) and where it is used (sink). */
  sourceLine: z.number().int().nullable(),
  sinkLine: z.number().int().nullable(),
  /**
   * What to change, in words: the description of the mechanical fix when the rule produced one
   * (then `patch` holds it), else the rule's advice for this sink, else null. The spec shows the
   * fix button only when this is set.
   */
  fixSuggestion: z.string().nullable(),
  /** The mechanical fix as a unified diff, when the rule could rewrite the code itself. */
  patch: z.string().nullable(),
});
export type SastFinding = z.infer<typeof SastFinding>;

export const SastStats = SeverityStats.extend({
  categories: z.object({
    security: z.number().int(),
    "best-practice": z.number().int(),
    correctness: z.number().int(),
  }),
});
export type SastStats = z.infer<typeof SastStats>;

export const SastResponse = z.object({ findings: z.array(SastFinding), stats: SastStats });
export type SastResponse = z.infer<typeof SastResponse>;
