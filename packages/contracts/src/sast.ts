// Code (SAST) findings (spec part 2, Code Security Findings, and §3 "SAST finding").
import { z } from "zod";
import { Id, Severity, SeverityStats } from "./common.ts";
import { FixPullRequestStatus } from "./fixes.ts";

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
   * The mechanical fix as a unified diff, exactly what POST /api/fixes/sast commits on its fix
   * branch; null when the rule could not rewrite the code. The spec shows the fix button only when
   * this is set, so the button appears exactly when a fix pull request can be opened.
   */
  fixSuggestion: z.string().nullable(),
  /** What `fixSuggestion` changes, in words ("verify certificates (verify=True)"). */
  fixDescription: z.string().nullable(),
  /** How to fix it by hand: the rule's advice for this sink, else its general remediation. */
  remediation: z.string().nullable(),
  /** The open (or merged) fix pull request opened for it, if any. */
  fixPullRequest: FixPullRequestStatus.nullable(),
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
