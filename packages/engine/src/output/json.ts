// The JSON report: the scan result as data for other programs (the server, CI scripts). Its shape
// is versioned; `ScanReportSchema` (json-schema.ts) is the contract and a test holds the output to it.
import type { RuleMeta } from "../rule.ts";
import type { ScanResult } from "../scan.ts";
import type { ScanReport } from "./json-schema.ts";
import type { ToolInfo } from "./sarif.ts";

export type { ScanReport };

export const JSON_REPORT_VERSION = 1;

export function toJsonReport(result: ScanResult, catalogue: readonly RuleMeta[], tool: ToolInfo): ScanReport {
  const bySeverity = { critical: 0, high: 0, med: 0, low: 0 };
  let suppressed = 0;
  let fresh = 0;
  let compared = false;
  for (const finding of result.findings) {
    if (finding.suppression) {
      suppressed++;
      continue;
    }
    bySeverity[finding.severity]++;
    if (finding.baseline !== undefined) compared = true;
    if (finding.baseline === "new") fresh++;
  }
  const used = new Set(result.findings.map((finding) => finding.ruleId));
  return {
    version: JSON_REPORT_VERSION,
    tool: { name: tool.name, version: tool.version },
    scan: {
      root: result.root,
      startedAt: result.startedAt,
      durationMs: result.durationMs,
      filesScanned: result.filesScanned,
      bytesScanned: result.bytesScanned,
      kinds: result.kinds,
      ...(result.history ? { history: result.history } : {}),
    },
    summary: {
      findings: result.findings.length - suppressed,
      bySeverity,
      suppressed,
      ...(compared ? { new: fresh } : {}),
    },
    analyzers: result.analyzers,
    skipped: result.skipped,
    rules: catalogue
      .filter((rule) => used.has(rule.id))
      .map(({ cwe, controls, ...rule }) => ({
        ...rule,
        controls: [...controls],
        ...(cwe ? { cwe: [...cwe] } : {}),
      })),
    findings: result.findings,
  };
}
