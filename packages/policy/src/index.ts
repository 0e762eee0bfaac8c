// @rampart/policy: Rampart's controls, the frameworks they evidence, and the compliance evaluator.
// The data lives in ../data (YAML and JSON); it is read once, validated and frozen.
export {
  assertRulesReferenceKnownControls,
  CONTROL_TAGS,
  type Control,
  type ControlTag,
  getControl,
  isKnownControl,
  listControls,
  SEVERITIES,
  type Severity,
} from "./controls.ts";
export {
  ANALYZER_EVIDENCE,
  type AnalyzerEvidence,
  type ComplianceResponse,
  type ComplianceRow,
  type ComplianceStatus,
  type ComplianceSummary,
  type ControlResult,
  ControlResultSchema,
  compliancePercentage,
  controlStatus,
  type EvaluateOptions,
  evaluateFramework,
  evaluateRequirements,
  type MappedControlStatus,
  mergeControlResults,
  requirementStatus,
} from "./evaluate.ts";
export {
  FRAMEWORK_IDS,
  type Framework,
  type FrameworkId,
  type FrameworkRequirement,
  frameworkRequirements,
  getFramework,
  isFrameworkId,
  listFrameworks,
  type RequirementReference,
  requirementsForControl,
} from "./frameworks.ts";
