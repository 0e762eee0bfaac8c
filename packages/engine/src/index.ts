// The engine's public surface for other packages; deep imports (`@rampart/engine/<module>`) work too.

export { allRules, analyzers, ruleById, ruleCatalogue } from "./all-analyzers.ts";
export type {
  Analyzer,
  AnalyzerRun,
  AnalyzerStatus,
  FileKind,
  ParseResult,
  SkippedFile,
} from "./analyzer.ts";
export { readBaseline, writeBaseline } from "./baseline.ts";
export { type Config, loadConfig } from "./config.ts";
export type { Finding, Fix, Location, RelatedLocation, Suppression, TextEdit } from "./finding.ts";
export { planFixes, unifiedDiff } from "./fix.ts";
export { failingFindings } from "./gate.ts";
export { toJsonReport } from "./output/json.ts";
export { type ScanReport, ScanReportSchema } from "./output/json-schema.ts";
export { toSarif } from "./output/sarif.ts";
export type { AnyRule, Confidence, Lifecycle, RuleDocs, RuleMeta, Severity } from "./rule.ts";
export { isAtLeast, SEVERITIES, severityRank } from "./rule.ts";
export { optionsFromConfig, type ScanOptions, type ScanResult, scan } from "./scan.ts";
