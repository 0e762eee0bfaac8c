// SARIF 2.1.0 for code-scanning UIs (GitHub, Azure DevOps, IDEs): rule metadata with
// `security-severity` and CWE tags, results with partial fingerprints, fixes, suppressions
// and baseline state, and skipped files as tool notifications.
import { pathToFileURL } from "node:url";
import type * as Sarif from "sarif";
import type { AnalyzerRun } from "../analyzer.ts";
import type { Finding, Location } from "../finding.ts";
import { FINGERPRINT_VERSION } from "../fingerprint.ts";
import type { RuleMeta, Severity } from "../rule.ts";
import type { ScanResult } from "../scan.ts";
import { ruleMarkdown } from "./rule-markdown.ts";

export interface ToolInfo {
  name: string;
  version: string;
  informationUri?: string;
  /** Where rule docs are published; a rule's help URI is `<base>/<analyzer>.md#<rule-name>`. */
  docsBaseUri?: string;
}

/** GitHub's scale: 9.0+ critical, 7.0-8.9 high, 4.0-6.9 medium, below 4.0 low. */
export const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: "9.5",
  high: "8.0",
  med: "5.5",
  low: "3.0",
};

const LEVEL: Record<Severity, Sarif.ReportingConfiguration.level> = {
  critical: "error",
  high: "error",
  med: "warning",
  low: "note",
};

const PRECISION = { high: "high", medium: "medium", low: "low" } as const;

function sarifRule(rule: RuleMeta, tool: ToolInfo): Sarif.ReportingDescriptor {
  const tags = ["security", rule.analyzer, ...(rule.cwe ?? []).map((cwe) => `external/cwe/cwe-${cwe}`)];
  const descriptor: Sarif.ReportingDescriptor = {
    id: rule.id,
    name: rule.title,
    shortDescription: { text: rule.title },
    fullDescription: { text: rule.docs.summary },
    help: { text: `${rule.docs.summary}\n\n${rule.docs.remediation}`, markdown: ruleMarkdown(rule, 2) },
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: {
      tags,
      precision: PRECISION[rule.confidence],
      "security-severity": SECURITY_SEVERITY[rule.severity],
      severity: rule.severity,
      lifecycle: rule.lifecycle,
      controls: [...rule.controls],
    },
  };
  // A repository's own rules (`custom/…`) have no page in Rampart's rule docs.
  if (tool.docsBaseUri && rule.analyzer !== "custom") {
    descriptor.helpUri = `${tool.docsBaseUri.replace(/\/$/, "")}/${rule.analyzer}.md#${rule.id.split("/")[1]}`;
  }
  return descriptor;
}

function physicalLocation(location: Location): Sarif.PhysicalLocation {
  const region: Sarif.Region = { startLine: location.line, startColumn: location.column };
  if (location.endLine !== undefined) region.endLine = location.endLine;
  if (location.endColumn !== undefined) region.endColumn = location.endColumn;
  if (location.snippet !== "") region.snippet = { text: location.snippet };
  return { artifactLocation: { uri: pathUri(location.path), uriBaseId: "SRCROOT" }, region };
}

function sarifResult(finding: Finding, ruleIndex: number): Sarif.Result {
  const result: Sarif.Result = {
    ruleId: finding.ruleId,
    level: LEVEL[finding.severity],
    message: { text: finding.message },
    locations: [{ physicalLocation: physicalLocation(finding.location) }],
    partialFingerprints: { [FINGERPRINT_VERSION]: finding.fingerprint },
    // The finding's own facts first: the engine's keys are the contract and win a clash.
    properties: {
      ...finding.properties,
      severity: finding.severity,
      "security-severity": SECURITY_SEVERITY[finding.severity],
    },
  };
  if (ruleIndex >= 0) result.ruleIndex = ruleIndex;
  if (finding.related.length > 0) {
    result.relatedLocations = finding.related.map((related, index) => ({
      id: index + 1,
      physicalLocation: physicalLocation(related.location),
      message: { text: related.message },
    }));
  }
  if (finding.fix) {
    const fix = finding.fix;
    result.fixes = [
      {
        description: { text: fix.description },
        artifactChanges: [
          {
            artifactLocation: { uri: pathUri(fix.path), uriBaseId: "SRCROOT" },
            replacements: fix.edits.map((edit) => ({
              deletedRegion: { byteOffset: edit.start, byteLength: edit.end - edit.start },
              insertedContent: { text: edit.text },
            })),
          },
        ],
      },
    ];
  }
  if (finding.suppression) {
    result.suppressions = [
      {
        kind: finding.suppression.kind === "inline" ? "inSource" : "external",
        status: "accepted",
        justification: finding.suppression.reason,
        properties: { source: finding.suppression.source },
      },
    ];
  }
  if (finding.baseline) result.baselineState = finding.baseline;
  return result;
}

function notifications(result: ScanResult): Sarif.Notification[] {
  const list: Sarif.Notification[] = result.skipped.map((skipped) => ({
    level: "note",
    message: { text: `skipped: ${skipped.reason}` },
    locations: [
      { physicalLocation: { artifactLocation: { uri: pathUri(skipped.path), uriBaseId: "SRCROOT" } } },
    ],
  }));
  for (const run of result.analyzers) list.push(...analyzerNotifications(run));
  return list;
}

function analyzerNotifications(run: AnalyzerRun): Sarif.Notification[] {
  const list: Sarif.Notification[] = [];
  if (run.error)
    list.push({ level: "error", message: { text: `analyzer ${run.analyzer} failed: ${run.error}` } });
  if (run.status === "not-run")
    list.push({ level: "note", message: { text: `analyzer ${run.analyzer} not run: ${run.reason}` } });
  for (const skipped of run.skipped) {
    list.push({
      level: "warning",
      message: { text: `${run.analyzer}: ${skipped.reason}` },
      locations: [
        { physicalLocation: { artifactLocation: { uri: pathUri(skipped.path), uriBaseId: "SRCROOT" } } },
      ],
    });
  }
  return list;
}

function rootUri(root: string): string {
  const href = pathToFileURL(root).href;
  return href.endsWith("/") ? href : `${href}/`;
}

/** A relative path as a URI reference: each segment percent-encoded, so `#` and `?` stay in the name. */
function pathUri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

export function toSarif(result: ScanResult, catalogue: readonly RuleMeta[], tool: ToolInfo): Sarif.Log {
  const log = sarifLog(result, catalogue, tool);
  log.run.results = [...log.results()];
  return log.log;
}

/**
 * The SARIF log with an empty `results` array (`run.results`, the log's last value), and its
 * results made one at a time: a writer streams them (json-writer.ts) instead of holding them all.
 */
export function sarifLog(
  result: ScanResult,
  catalogue: readonly RuleMeta[],
  tool: ToolInfo,
): { log: Sarif.Log; run: Sarif.Run; results: () => Generator<Sarif.Result> } {
  // Only the rules this run can report, in catalogue order, so that ruleIndex is stable.
  // SARIF requires unique rule descriptors; the first of a duplicated id wins.
  const seen = new Set<string>();
  const rules = catalogue.filter((rule) => !seen.has(rule.id) && seen.add(rule.id));
  const index = new Map(rules.map((rule, position) => [rule.id, position]));
  const run: Sarif.Run = {
    tool: {
      driver: {
        name: tool.name,
        version: tool.version,
        semanticVersion: tool.version,
        ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
        rules: rules.map((rule) => sarifRule(rule, tool)),
      },
    },
    originalUriBaseIds: { SRCROOT: { uri: rootUri(result.root) } },
    columnKind: "utf16CodeUnits",
    invocations: [
      {
        executionSuccessful: result.analyzers.every((run) => run.status !== "failed"),
        startTimeUtc: result.startedAt,
        endTimeUtc: new Date(Date.parse(result.startedAt) + result.durationMs).toISOString(),
        toolExecutionNotifications: notifications(result),
        properties: {
          analyzers: result.analyzers.map(({ analyzer, status, filesGiven, filesAnalyzed, reason }) => ({
            analyzer,
            status,
            filesGiven,
            filesAnalyzed,
            ...(reason !== undefined ? { reason } : {}),
          })),
        },
      },
    ],
    results: [],
  };
  return {
    log: { $schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0", runs: [run] },
    run,
    results: function* () {
      for (const finding of result.findings) yield sarifResult(finding, index.get(finding.ruleId) ?? -1);
    },
  };
}
