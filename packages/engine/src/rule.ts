// A rule is data (what it finds, how bad, which controls it evidences, how to fix) plus one pure
// function that looks at a typed model and reports. Rules never read files and never throw:
// the engine catches a throw anyway, but reports it as a partial analyzer run.
import type { ZodType } from "zod";
import type { FindingProperties } from "./finding.ts";
import type { AdvisorySource } from "./sca/advisory-source.ts";
import type { SourceFile, Span } from "./source.ts";

/** Most severe first; the order matters for `--fail-on` and for sorting. */
export const SEVERITIES = ["critical", "high", "med", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CONFIDENCES = ["high", "medium", "low"] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** `preview` rules run but are labelled; `deprecated` rules stay registered so old suppressions still resolve. */
export const LIFECYCLES = ["preview", "stable", "deprecated"] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];

/** 0 for critical … 3 for low. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** True when `severity` is `threshold` or worse. */
export function isAtLeast(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

export function isSeverity(value: unknown): value is Severity {
  return typeof value === "string" && (SEVERITIES as readonly string[]).includes(value);
}

export interface RuleDocs {
  /** One or two sentences: what the rule finds. Used as SARIF fullDescription. */
  summary: string;
  /** The hazard: what an attacker or an accident can do because of it. */
  whyItMatters: string;
  /** What to change, in prose; code belongs in `example`. */
  remediation: string;
  /** A short compliant snippet in the file's own language, shown in the docs. */
  example?: string;
  references?: string[];
}

/** Rule ids read `<analyzer>/<hazard>`, lower-case words joined by hyphens. */
export const RULE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface RuleMeta {
  /** `<analyzer>/<hazard>`, e.g. `terraform/unencrypted-rds-instance`. Also the suppression key and docs anchor. */
  id: string;
  /** Must equal the id's prefix and the analyzer the rule is registered under. */
  analyzer: string;
  title: string;
  severity: Severity;
  confidence: Confidence;
  lifecycle: Lifecycle;
  /** CWE numbers where one fits, e.g. [311]. */
  cwe?: readonly number[];
  /** Rampart control codes this rule evidences (e.g. `IAC-ENC-01`); the policy package owns their meaning. */
  controls: readonly string[];
  docs: RuleDocs;
  /** True when the rule can attach a Fix; shown in docs and `rampart rules`. */
  fixable?: boolean;
  /**
   * True when a report may carry its own severity (`Report.severity`, e.g. a CVSS score), so the
   * rule's `severity` is only its default: a severity filter cannot rule it out in advance.
   */
  severityFromData?: boolean;
}

/** What a rule reports. The engine adds the snippet, the analyzer, severity and the fingerprint. */
export interface Report {
  message: string;
  at: Span;
  related?: { at: Span; message: string; path?: string }[];
  fix?: { description: string; edits: { start: number; end: number; text: string }[] };
  /**
   * A secret's span in this file (usually `at` itself): every snippet quoting it is masked to its
   * first characters and `…`. Analyzers whose every report is a secret set `redactSnippet` instead.
   */
  redact?: Span;
  /** Structured facts about the finding (a secret's SHA-256, a CVE id and versions), kept in every output. */
  properties?: FindingProperties;
  /**
   * This finding's severity when it depends on data rather than on the rule (a vulnerability's
   * CVSS score); default the rule's. Config severity overrides still replace it.
   */
  severity?: Severity;
}

/**
 * A rule that takes options from `.rampart.yaml` (`options: { <rule id>: … }`): the zod schema of
 * its options and the same rule built with them. The registered rule is the one without options.
 * The schema is imported on first use (a module of its own): zod loads only for a config that
 * gives options, not with every analyzer that has a configurable rule.
 */
export interface RuleOptions<Rule> {
  schema(): Promise<ZodType>;
  /** Parses `options` with the schema first, so it rejects options the schema refuses. */
  configure(options: unknown): Promise<Rule>;
}

/** Ties a rule's options schema to its builder, so `build` only ever sees parsed options. */
export function ruleOptions<Options, Rule>(
  schema: () => Promise<ZodType<Options>>,
  build: (options: Options) => Rule,
): RuleOptions<Rule> {
  return { schema, configure: async (options) => build((await schema()).parse(options)) };
}

/** A per-file rule sees one file's model. */
export interface FileRuleContext<Model> {
  readonly model: Model;
  readonly file: SourceFile;
  report(report: Report): void;
}

export interface FileRule<Model> extends RuleMeta {
  /** Pure: reads `ctx.model`, calls `ctx.report`. Method syntax on purpose (lets the registry hold rules of any model). */
  check(ctx: FileRuleContext<Model>): void;
  /** Present when the rule can be configured in `.rampart.yaml`. */
  options?: RuleOptions<FileRule<Model>>;
}

/** One file's contribution to a cross-file phase. */
export interface ProjectFile<Summary> {
  path: string;
  summary: Summary;
}

/** A project rule sees the summaries of every file the analyzer parsed (e.g. all Terraform files). */
export interface ProjectRuleContext<Summary, Facts = unknown> {
  readonly files: readonly ProjectFile<Summary>[];
  /**
   * Vulnerability advisories the scan was given (`ScanOptions.advisories`). Undefined when the
   * caller gave none: rules that need them fall back to the bundled demo set.
   */
  readonly advisories?: AdvisorySource | undefined;
  /**
   * What the analyzer's online phase (`project.lookup`) learnt from a network service, as plain
   * data. Undefined when the scan was given no connection: rules that need it then report nothing.
   */
  readonly online?: Facts | undefined;
  report(report: Report & { path: string }): void;
  /**
   * The rule could not do all of its job (e.g. no advisory data to match against): the analyzer's
   * run becomes `partial` with this reason, so its silence is not read as a pass. Not a throw.
   */
  incomplete(reason: string): void;
}

export interface ProjectRule<Summary, Facts = unknown> extends RuleMeta {
  check(ctx: ProjectRuleContext<Summary, Facts>): void;
  /**
   * The rule reads `ctx.online`: the analyzer's online phase runs only when such a rule is enabled
   * (a project rule that joins summaries alone sends no request).
   */
  readsOnline?: boolean;
  /** Present when the rule can be configured in `.rampart.yaml`. */
  options?: RuleOptions<ProjectRule<Summary, Facts>>;
}

export type AnyRule = FileRule<unknown> | ProjectRule<unknown>;

/** The part of an id after the slash: the rule's file name and fixture folder name. */
export function ruleName(id: string): string {
  const slash = id.indexOf("/");
  return slash === -1 ? id : id.slice(slash + 1);
}

/** Identity helpers: they exist so that a rule file gets its model type checked at the definition. */
export function defineFileRule<Model>(rule: FileRule<Model>): FileRule<Model> {
  return rule;
}

export function defineProjectRule<Summary, Facts = unknown>(
  rule: ProjectRule<Summary, Facts>,
): ProjectRule<Summary, Facts> {
  return rule;
}

/** The metadata of a rule without its function: what outputs and docs need. */
export function ruleMeta(rule: RuleMeta): RuleMeta {
  const { id, analyzer, title, severity, confidence, lifecycle, cwe, controls, docs, fixable } = rule;
  return {
    id,
    analyzer,
    title,
    severity,
    confidence,
    lifecycle,
    controls,
    docs,
    ...(cwe ? { cwe } : {}),
    ...(fixable ? { fixable } : {}),
  };
}
