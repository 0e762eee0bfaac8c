// Runs analyzers on one file (parse once, every enabled rule on the model) and runs project rules
// on the summaries of many files. The same functions run in workers, in-process and in the
// fixture harness, so a fixture test exercises exactly what a scan does.
import type { Analyzer, FileKind } from "./analyzer.ts";
import type { Location, RawFinding, RelatedLocation } from "./finding.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "./parse/nesting.ts";
import { maskSecretTexts, type RedactionSpan, Redactions, secretTexts } from "./redact.ts";
import type { AnyRule, FileRuleContext, Report } from "./rule.ts";
import type { AdvisorySource } from "./sca/advisory-source.ts";
import type { SourceFile, Span } from "./source.ts";

/**
 * Kinds whose analyzers run a recursive parser. A file of these kinds nested deeper than
 * MAX_NESTING_DEPTH is refused before any parser sees it (see parse/nesting.ts for why).
 */
const NESTED_KINDS: readonly FileKind[] = [
  "terraform",
  "terraform-vars",
  "cloudformation",
  "kubernetes",
  "github-workflow",
  "github-action",
  "dependabot-config",
  "yaml",
  "json",
  "manifest",
];

/** Rule ids to run; `undefined` runs all. */
export type RuleFilter = ((ruleId: string) => boolean) | undefined;

export interface FileProblem {
  analyzer: string;
  path: string;
  reason: string;
}

export interface FileAnalysis {
  findings: RawFinding[];
  /** Analyzers that were given the file. */
  given: string[];
  /** Analyzers that parsed the file into a model. */
  analyzed: string[];
  problems: FileProblem[];
  /** Cross-file summaries, by analyzer id; structured-clonable. */
  summaries: { analyzer: string; summary: unknown }[];
  /** Secret spans of the file: any later snippet of it (suppression problems, project rules) is masked with them. */
  redactions: RedactionSpan[];
  /** Milliseconds each analyzer spent on the file: parse, rules, summary. */
  busyMs: Record<string, number>;
}

/** Reads one line of any file of the scan; used for snippets of findings reported outside a file's own pass. */
export type LineReader = (path: string, line: number) => string;

export function analyzersFor(kinds: readonly FileKind[], list: readonly Analyzer[]): Analyzer[] {
  return list.filter((analyzer) => analyzer.accepts.some((kind) => kinds.includes(kind)));
}

/**
 * The context a per-file rule sees. A class rather than an object literal with an arrow: this runs
 * once per rule per file, and tsx's keep-names transform wraps every named closure in a call.
 */
class FileContext implements FileRuleContext<unknown> {
  readonly reports: Report[] = [];
  constructor(
    readonly model: unknown,
    readonly file: SourceFile,
  ) {}
  report(report: Report): void {
    this.reports.push(report);
  }
}

/** Message of anything thrown, on one line. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.slice(0, 300);
}

export function analyzeFile(
  file: SourceFile,
  kinds: readonly FileKind[],
  list: readonly Analyzer[],
  ruleFilter: RuleFilter = undefined,
): FileAnalysis {
  const result: FileAnalysis = {
    findings: [],
    given: [],
    analyzed: [],
    problems: [],
    summaries: [],
    redactions: [],
    busyMs: {},
  };
  // Reports are turned into findings only after every analyzer ran: a secret one analyzer found
  // must be masked in the snippets of every other analyzer's findings on the same line.
  const reported: { rule: AnyRule; report: Report }[] = [];
  const redactions = new Redactions();
  let tooDeep: boolean | undefined;
  for (const analyzer of analyzersFor(kinds, list)) {
    const started = performance.now();
    try {
      result.given.push(analyzer.id);
      // An analyzer that also takes the file as plain text (secrets) does not parse its structure.
      const structured = !analyzer.accepts.some(
        (kind) => kinds.includes(kind) && !NESTED_KINDS.includes(kind),
      );
      if (structured) {
        tooDeep ??= nestingDepth(file.text) > MAX_NESTING_DEPTH;
        if (tooDeep) {
          result.problems.push({
            analyzer: analyzer.id,
            path: file.path,
            reason: `nesting deeper than ${MAX_NESTING_DEPTH} levels`,
          });
          continue;
        }
      }
      let parse: ReturnType<typeof analyzer.parse>;
      try {
        parse = analyzer.parse(file);
      } catch (error) {
        parse = { ok: false, reason: `parser crashed: ${describeError(error)}` };
      }
      if (!parse.ok) {
        result.problems.push({ analyzer: analyzer.id, path: file.path, reason: parse.reason });
        continue;
      }
      result.analyzed.push(analyzer.id);
      const model = parse.model;
      try {
        for (const rule of analyzer.rulesFor?.(model) ?? analyzer.rules) {
          if (ruleFilter && !ruleFilter(rule.id)) continue;
          const context = new FileContext(model, file);
          try {
            rule.check(context);
          } catch (error) {
            result.problems.push({
              analyzer: analyzer.id,
              path: file.path,
              reason: `rule ${rule.id} failed: ${describeError(error)}`,
            });
            continue; // a rule that threw half-way may have reported nonsense; keep none of it
          }
          for (const report of context.reports) {
            reported.push({ rule, report });
            const secret = redactionOf(analyzer, report);
            if (secret) redactions.add(secret);
          }
        }
        if (analyzer.project) {
          try {
            result.summaries.push({
              analyzer: analyzer.id,
              summary: analyzer.project.summarize(model, file),
            });
          } catch (error) {
            result.problems.push({
              analyzer: analyzer.id,
              path: file.path,
              reason: `summary failed: ${describeError(error)}`,
            });
          }
        }
      } finally {
        try {
          analyzer.dispose?.(model);
        } catch {
          // freeing memory cannot change what was found
        }
      }
    } finally {
      result.busyMs[analyzer.id] = performance.now() - started;
    }
  }
  const lineReader = redactingLineReader(file.path, (line) => file.lineText(line), redactions);
  const secrets = redactions.size > 0 ? secretTexts(file, redactions.spans()) : [];
  for (const { rule, report } of reported)
    result.findings.push(toRawFinding(rule, file.path, withoutSecrets(report, secrets), lineReader));
  result.redactions = redactions.spans();
  return result;
}

/** The span a report asks to hide, if any. */
/**
 * A report whose message and related messages quote none of the file's secrets (they are masked
 * as in snippets), and whose fix, if it would write a secret into the report, is left out: a fix
 * cannot be masked without breaking it.
 */
function withoutSecrets(report: Report, secrets: readonly string[]): Report {
  if (secrets.length === 0) return report;
  const leaks = (text: string) => secrets.some((secret) => text.includes(secret));
  const cleaned: Report = { ...report, message: maskSecretTexts(report.message, secrets) };
  if (report.related)
    cleaned.related = report.related.map((item) => ({
      ...item,
      message: maskSecretTexts(item.message, secrets),
    }));
  if (report.fix && (leaks(report.fix.description) || report.fix.edits.some((edit) => leaks(edit.text))))
    delete cleaned.fix;
  return cleaned;
}

function redactionOf(analyzer: Pick<Analyzer, "redactSnippet">, report: Report): RedactionSpan | undefined {
  return report.redact ?? (analyzer.redactSnippet ? report.at : undefined);
}

/** A line reader for one file that masks the given secret spans. */
export function redactingLineReader(
  path: string,
  read: (line: number) => string,
  redactions: Redactions,
): LineReader {
  return (wanted, line) => (wanted === path ? redactions.apply(line, read(line)) : "");
}

export interface ProjectAnalysis {
  findings: RawFinding[];
  problems: FileProblem[];
}

/** Runs an analyzer's project rules over the summaries of all its files (main thread). */
/** What the caller of a scan gives project rules beyond the summaries. */
export interface ProjectInputs {
  advisories?: AdvisorySource | undefined;
  /** The facts of the analyzer's online phase, when it ran. */
  online?: unknown;
}

export function analyzeProject(
  analyzer: Analyzer,
  files: readonly { path: string; summary: unknown }[],
  lineReader: LineReader,
  ruleFilter: RuleFilter = undefined,
  inputs: ProjectInputs = {},
): ProjectAnalysis {
  const result: ProjectAnalysis = { findings: [], problems: [] };
  if (!analyzer.project) return result;
  for (const rule of analyzer.project.rules) {
    if (ruleFilter && !ruleFilter(rule.id)) continue;
    const reports: (Report & { path: string })[] = [];
    const incomplete: string[] = [];
    try {
      rule.check({
        files,
        advisories: inputs.advisories,
        online: inputs.online,
        report: (report) => reports.push(report),
        incomplete: (reason) => incomplete.push(reason),
      });
    } catch (error) {
      result.problems.push({
        analyzer: analyzer.id,
        path: "(project)",
        reason: `rule ${rule.id} failed: ${describeError(error)}`,
      });
      continue;
    }
    for (const reason of incomplete)
      result.problems.push({
        analyzer: analyzer.id,
        path: "(project)",
        reason: `rule ${rule.id}: ${reason}`,
      });
    for (const report of reports) {
      const secret = redactionOf(analyzer, report);
      // A project rule that reports a secret masks its own line; the scan's reader masks the spans
      // that per-file rules found.
      const reader: LineReader = secret
        ? (path, line) => {
            const text = lineReader(path, line);
            return path === report.path ? new Redactions([secret]).apply(line, text) : text;
          }
        : lineReader;
      result.findings.push(toRawFinding(rule, report.path, report, reader));
    }
  }
  return result;
}

/** Snippets are one line; a minified file's single line is cut so reports stay readable. */
export const MAX_SNIPPET_LENGTH = 400;

function toLocation(path: string, at: Span, lineReader: LineReader): Location {
  // Masked by the reader before it is cut, so a cut never splits a masked value.
  const snippet = lineReader(path, at.line).slice(0, MAX_SNIPPET_LENGTH);
  const location: Location = { path, line: at.line, column: at.column, snippet };
  if (at.endLine !== undefined) location.endLine = at.endLine;
  if (at.endColumn !== undefined) location.endColumn = at.endColumn;
  return location;
}

export function toRawFinding(
  rule: AnyRule,
  path: string,
  report: Report,
  lineReader: LineReader,
): RawFinding {
  const related: RelatedLocation[] = (report.related ?? []).map((item) => ({
    location: toLocation(item.path ?? path, item.at, lineReader),
    message: item.message,
  }));
  const finding: RawFinding = {
    ruleId: rule.id,
    analyzer: rule.analyzer,
    severity: report.severity ?? rule.severity,
    confidence: rule.confidence,
    message: report.message,
    location: toLocation(path, report.at, lineReader),
    related,
  };
  if (report.fix) finding.fix = { description: report.fix.description, path, edits: report.fix.edits };
  if (report.properties && Object.keys(report.properties).length > 0)
    finding.properties = { ...report.properties };
  return finding;
}
