// What a pull-request scan says on the pull request, from the head commit's findings and the
// compared (base) commit's: a finding is new when its fingerprint is not on the base. Pure: the
// check run's conclusion by the tenant's gate (waived and suppressed findings never count), its
// annotations on the lines the pull request changes, the one summary comment, and the suggested
// changes where a finding has a mechanical fix on a changed line.
import type {
  ChangedFile,
  CheckAnnotation,
  CheckConclusion,
  SuggestedChange,
} from "../code-host/remote-code-host.ts";
import { asLineReplacement } from "../code-host/unified-diff.ts";

export const SEVERITY_ORDER = ["critical", "high", "med", "low"] as const;
export type Severity = (typeof SEVERITY_ORDER)[number];
export type GateSeverity = Severity | "none";

/** The hidden marker of the pull request's one summary comment. */
export const COMMENT_MARKER = "<!-- rampart:pull-request-summary -->";
export const CHECK_NAME = "Rampart";
/** Suggestions posted per push at most: a review drowned in them helps no one. */
export const MAX_SUGGESTIONS = 20;
const LISTED_IN_COMMENT = 15;

export interface ReportFinding {
  fingerprint: string;
  ruleId: string;
  severity: Severity;
  status: "pass" | "fail" | "skip";
  waiverId: string | null;
  controlCode: string;
  message: string;
  filePath: string | null;
  line: number | null;
  metadata: {
    patch?: string;
    ruleTitle?: string;
    fixDescription?: string;
    control?: { code: string; title: string };
  };
}

export interface PullRequestReportInput {
  headSha: string;
  compareSha: string | null;
  head: readonly ReportFinding[];
  /** The compared commit's findings; null when it could not be scanned (every finding is new then). */
  base: readonly ReportFinding[] | null;
  changedFiles: readonly ChangedFile[];
  gate: GateSeverity;
  /** Where the head run is shown in Rampart. */
  runUrl?: string;
}

export interface PullRequestReport {
  conclusion: CheckConclusion;
  title: string;
  /** Markdown for the check run. */
  summary: string;
  annotations: CheckAnnotation[];
  /** Markdown for the summary comment (the marker is added by the host). */
  comment: string;
  suggestions: SuggestedChange[];
  newFindings: ReportFinding[];
  fixedFindings: ReportFinding[];
}

const isOpen = (finding: ReportFinding) => finding.status === "fail" && finding.waiverId === null;
const rank = (severity: Severity) => SEVERITY_ORDER.indexOf(severity);
export const isAtLeast = (severity: Severity, gate: GateSeverity) =>
  gate !== "none" && rank(severity) <= rank(gate);

const ANNOTATION_LEVEL: Record<Severity, CheckAnnotation["level"]> = {
  critical: "failure",
  high: "failure",
  med: "warning",
  low: "notice",
};

const bySeverityThenPlace = (a: ReportFinding, b: ReportFinding) =>
  rank(a.severity) - rank(b.severity) ||
  (a.filePath ?? "").localeCompare(b.filePath ?? "") ||
  (a.line ?? 0) - (b.line ?? 0);

const place = (finding: ReportFinding) =>
  finding.filePath ? `\`${finding.filePath}${finding.line ? `:${finding.line}` : ""}\`` : "the repository";

/** Markdown-safe single line: a finding's message may hold anything the scanned code did. */
const inline = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/([<>[\]|`*_])/g, "\\$1")
    .slice(0, 300);

export function buildPullRequestReport(input: PullRequestReportInput): PullRequestReport {
  const baseFingerprints = new Set((input.base ?? []).map((finding) => finding.fingerprint));
  const headFingerprints = new Set(input.head.map((finding) => finding.fingerprint));
  const newFindings = input.head
    .filter((finding) => isOpen(finding) && !baseFingerprints.has(finding.fingerprint))
    .sort(bySeverityThenPlace);
  const fixedFindings = (input.base ?? [])
    .filter((finding) => isOpen(finding) && !headFingerprints.has(finding.fingerprint))
    .sort(bySeverityThenPlace);
  const files = new Map(input.changedFiles.map((file) => [file.path, file]));
  const onChangedLine = (finding: ReportFinding) =>
    finding.filePath !== null &&
    finding.line !== null &&
    (files.get(finding.filePath)?.addedLines.has(finding.line) ?? false);

  const blocking = newFindings.filter((finding) => isAtLeast(finding.severity, input.gate));
  const conclusion: CheckConclusion = blocking.length > 0 ? "failure" : "success";
  const counts = Object.fromEntries(
    SEVERITY_ORDER.map((severity) => [severity, newFindings.filter((f) => f.severity === severity).length]),
  ) as Record<Severity, number>;

  const title =
    newFindings.length === 0
      ? "No new findings"
      : `${newFindings.length} new finding${newFindings.length === 1 ? "" : "s"}: ${SEVERITY_ORDER.filter(
          (severity) => counts[severity] > 0,
        )
          .map((severity) => `${counts[severity]} ${severity}`)
          .join(", ")}`;

  const annotations = newFindings.filter(onChangedLine).map(
    (finding): CheckAnnotation => ({
      path: finding.filePath!,
      startLine: finding.line!,
      endLine: finding.line!,
      level: ANNOTATION_LEVEL[finding.severity],
      title: `${finding.severity}: ${finding.metadata.ruleTitle ?? finding.ruleId}`,
      message: `${finding.message}\n\nRule ${finding.ruleId}, control ${finding.controlCode}.`,
    }),
  );

  const suggestions: SuggestedChange[] = [];
  for (const finding of newFindings) {
    if (suggestions.length >= MAX_SUGGESTIONS) break;
    const suggestion = suggestionFor(finding, files);
    if (suggestion) suggestions.push(suggestion);
  }

  const gateText =
    input.gate === "none"
      ? "The gate is off for this organization: findings are reported, never blocking."
      : `New findings of severity ${input.gate} or above fail this check; waived and suppressed findings never do.`;
  const comparedWith = input.compareSha
    ? `compared with \`${input.compareSha.slice(0, 7)}\`${input.base === null ? ", which could not be scanned: every finding counts as new" : ""}`
    : "with nothing to compare against: every finding counts as new";
  const summary = [
    `${conclusion === "failure" ? `${blocking.length} new finding${blocking.length === 1 ? "" : "s"} at or above the gate.` : "Nothing new at or above the gate."} ${gateText}`,
    "",
    `Commit \`${input.headSha.slice(0, 7)}\` ${comparedWith}. ${annotations.length} of the new findings are on lines this pull request changes.`,
    ...(input.runUrl ? ["", `[The run in Rampart](${input.runUrl})`] : []),
  ].join("\n");

  return {
    conclusion,
    title,
    summary,
    annotations,
    comment: commentBody({ ...input, conclusion, title, newFindings, fixedFindings, counts, comparedWith }),
    suggestions,
    newFindings,
    fixedFindings,
  };
}

function suggestionFor(
  finding: ReportFinding,
  files: ReadonlyMap<string, ChangedFile>,
): SuggestedChange | undefined {
  if (!finding.metadata.patch || finding.filePath === null || finding.line === null) return undefined;
  const file = files.get(finding.filePath);
  if (!file?.addedLines.has(finding.line)) return undefined;
  const replacement = asLineReplacement(finding.metadata.patch);
  if (!replacement) return undefined;
  // A review comment must sit on lines the diff shows.
  for (let line = replacement.startLine; line <= replacement.endLine; line++)
    if (!file.diffLines.has(line)) return undefined;
  return {
    path: finding.filePath,
    startLine: replacement.startLine,
    endLine: replacement.endLine,
    replacement: replacement.replacement,
    explanation: `**${finding.severity}**: ${inline(finding.message)}\n\n${inline(
      finding.metadata.fixDescription ?? "Rampart's mechanical fix",
    )} (rule \`${finding.ruleId}\`, control ${finding.controlCode}).`,
    key: finding.fingerprint,
  };
}

function commentBody(input: {
  headSha: string;
  conclusion: CheckConclusion;
  title: string;
  newFindings: readonly ReportFinding[];
  fixedFindings: readonly ReportFinding[];
  counts: Record<Severity, number>;
  comparedWith: string;
  gate: GateSeverity;
  runUrl?: string;
}): string {
  const icon = input.conclusion === "failure" ? "❌" : "✅";
  const lines = [
    `### ${icon} Rampart: ${input.title}`,
    "",
    `Commit \`${input.headSha.slice(0, 7)}\`, ${input.comparedWith}. Gate: ${
      input.gate === "none" ? "off" : `${input.gate} or above`
    }.`,
    "",
    "| Severity | New |",
    "| --- | --- |",
    ...SEVERITY_ORDER.map((severity) => `| ${severity} | ${input.counts[severity]} |`),
  ];
  if (input.newFindings.length > 0) {
    lines.push("", "**New findings**", "");
    for (const finding of input.newFindings.slice(0, LISTED_IN_COMMENT))
      lines.push(
        `- **${finding.severity}** ${place(finding)}: ${inline(finding.message)} (\`${finding.ruleId}\`)`,
      );
    if (input.newFindings.length > LISTED_IN_COMMENT)
      lines.push(`- … and ${input.newFindings.length - LISTED_IN_COMMENT} more in the check run`);
    const controls = new Map<string, string>();
    for (const finding of input.newFindings)
      controls.set(finding.controlCode, finding.metadata.control?.title ?? finding.controlCode);
    lines.push(
      "",
      `**Controls affected**: ${[...controls.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, title]) => (title === code ? code : `${code} (${inline(title)})`))
        .join(", ")}`,
    );
  }
  lines.push("", `**Fixed by this pull request**: ${input.fixedFindings.length}`);
  for (const finding of input.fixedFindings.slice(0, LISTED_IN_COMMENT))
    lines.push(`- ~~**${finding.severity}** ${place(finding)}: ${inline(finding.message)}~~`);
  if (input.runUrl) lines.push("", `[Details in Rampart](${input.runUrl})`);
  return lines.join("\n");
}
