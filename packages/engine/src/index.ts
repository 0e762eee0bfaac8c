// The engine's public surface for other packages; deep imports (`@rampart/engine/<module>`) work too.
export type {
  Analyzer,
  AnalyzerRun,
  AnalyzerStatus,
  FileKind,
  ParseResult,
  SkippedFile,
} from "./analyzer.ts";
export type { Finding, Fix, Location, RelatedLocation, Suppression, TextEdit } from "./finding.ts";
export { allRules, analyzers, ruleById } from "./registry.ts";
export type { AnyRule, Confidence, Lifecycle, RuleDocs, RuleMeta, Severity } from "./rule.ts";
export { isAtLeast, SEVERITIES, severityRank } from "./rule.ts";
