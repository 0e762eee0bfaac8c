// The human-readable report: findings grouped by file, then a summary with what was skipped and
// any analyzer that did not fully run (a partial run is not evidence of a pass).
import type { Finding } from "@rampart/engine/finding";
import { countsAgainstGate } from "@rampart/engine/gate";
import type { ScanResult } from "@rampart/engine/scan";

const COLORS = { critical: "\x1b[1;31m", high: "\x1b[31m", med: "\x1b[33m", low: "\x1b[36m" } as const;
const DIM = "\x1b[2m";
const SEVERITY_ORDER = ["critical", "high", "med", "low"] as const;
const BOLD = "\x1b[1m";
const RESET = "\x1b[0m";

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function text(value: unknown, fallback: string): string {
  return typeof value === "string" && value !== "" ? value : fallback;
}

/**
 * The sca findings again as one table (package, version, vulnerability id, severity, fix, where),
 * most severe first: what someone upgrading dependencies reads, rather than lockfile line numbers.
 */
function vulnerableDependencies(
  shown: readonly Finding[],
  paint: (code: string, text: string) => string,
): string[] {
  const findings = shown
    .filter((finding) => finding.ruleId === "sca/vulnerable-dependency")
    .sort(
      (a, b) =>
        SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
        text(a.properties?.packageName, "").localeCompare(text(b.properties?.packageName, "")) ||
        text(a.properties?.cveId, "").localeCompare(text(b.properties?.cveId, "")),
    );
  if (findings.length === 0) return [];
  const rows = findings.map((finding) => {
    const props = finding.properties ?? {};
    const cvss = typeof props.cvssScore === "number" ? ` ${props.cvssScore.toFixed(1)}` : "";
    return {
      severity: finding.severity,
      cells: [
        text(props.packageName, "?"),
        text(props.packageVersion, "?"),
        text(props.cveId, finding.ruleId),
        `${finding.severity}${cvss}`,
        text(props.fixedVersion, "not listed"),
        `${finding.location.path}:${finding.location.line}`,
      ],
    };
  });
  const header = ["package", "version", "vulnerability", "severity", "fixed in", "declared at"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row.cells[column]!.length)),
  );
  // Padding is computed on the plain text, then the severity cell is coloured.
  const format = (cells: readonly string[], severity?: Finding["severity"]) =>
    `  ${cells
      .map((cell, column) => {
        const padded = column === cells.length - 1 ? cell : pad(cell, widths[column]!);
        return column === 3 && severity ? paint(COLORS[severity], padded) : padded;
      })
      .join("  ")}`;
  const packages = new Set(rows.map((row) => `${row.cells[0]}@${row.cells[1]}`)).size;
  const vulnerabilities = `${rows.length} ${rows.length === 1 ? "vulnerability" : "vulnerabilities"}`;
  const output = [
    paint(BOLD, `Vulnerable dependencies: ${plural(packages, "package")}, ${vulnerabilities}`),
    paint(DIM, format(header)),
  ];
  for (const row of rows) output.push(format(row.cells, row.severity));
  output.push("");
  return output;
}

/** Dependency findings a VEX statement suppressed: the decision is worth reading, unlike a count. */
function vexSuppressed(
  findings: readonly Finding[],
  paint: (code: string, text: string) => string,
): string[] {
  const suppressed = findings.filter((finding) => finding.suppression?.kind === "vex");
  if (suppressed.length === 0) return [];
  const output = [paint(BOLD, `Suppressed by VEX: ${plural(suppressed.length, "finding")}`)];
  for (const finding of suppressed) {
    output.push(`  ${finding.message}`);
    output.push(paint(DIM, `    ${finding.suppression!.reason} (${finding.suppression!.source})`));
  }
  output.push("");
  return output;
}

export function renderTable(result: ScanResult, color: boolean): string {
  const paint = (code: string, text: string) => (color ? `${code}${text}${RESET}` : text);
  const shown = result.findings.filter((finding) => !finding.suppression);
  const lines: string[] = [];

  const byFile = new Map<string, Finding[]>();
  for (const finding of shown) {
    const list = byFile.get(finding.location.path) ?? [];
    list.push(finding);
    byFile.set(finding.location.path, list);
  }
  const positionWidth = Math.max(0, ...shown.map((f) => `${f.location.line}:${f.location.column}`.length));
  const ruleWidth = Math.max(0, ...shown.map((f) => f.ruleId.length));
  for (const [path, findings] of byFile) {
    lines.push(paint(BOLD, path));
    for (const finding of findings) {
      const position = pad(`${finding.location.line}:${finding.location.column}`, positionWidth);
      const severity = paint(COLORS[finding.severity], pad(finding.severity, 8));
      const known = finding.baseline === "unchanged" ? paint(DIM, " (in baseline)") : "";
      lines.push(`  ${position}  ${severity}  ${pad(finding.ruleId, ruleWidth)}  ${finding.message}${known}`);
    }
    lines.push("");
  }

  lines.push(...vulnerableDependencies(shown, paint));
  lines.push(...vexSuppressed(result.findings, paint));

  const counts = { critical: 0, high: 0, med: 0, low: 0 };
  for (const finding of shown) counts[finding.severity]++;
  const parts = (["critical", "high", "med", "low"] as const)
    .filter((severity) => counts[severity] > 0)
    .map((severity) => `${counts[severity]} ${severity}`);
  const suppressed = result.findings.length - shown.length;
  const fresh = shown.filter(countsAgainstGate).length;
  let summary =
    shown.length === 0 ? "No findings" : `${plural(shown.length, "finding")} (${parts.join(", ")})`;
  if (result.findings.some((finding) => finding.baseline !== undefined))
    summary += `, ${fresh} new since the baseline`;
  if (suppressed > 0) summary += `, ${suppressed} suppressed`;
  lines.push(summary);
  lines.push(
    `Scanned ${plural(result.filesScanned, "file")} (${(result.bytesScanned / 1024 / 1024).toFixed(1)} MB) in ${(result.durationMs / 1000).toFixed(1)} s` +
      (result.skipped.length > 0 ? `; ${plural(result.skipped.length, "file")} skipped` : ""),
  );
  if (result.history)
    lines.push(
      `Scanned git history: ${plural(result.history.commits, "commit")}, ${plural(result.history.blobsScanned, "blob")}` +
        (result.history.blobsSkipped > 0
          ? ` (${result.history.blobsSkipped} skipped: binary, large or excluded)`
          : ""),
    );
  for (const skipped of result.skipped.slice(0, 20))
    lines.push(paint(DIM, `  skipped ${skipped.path}: ${skipped.reason}`));
  if (result.skipped.length > 20)
    lines.push(paint(DIM, `  … and ${result.skipped.length - 20} more (see --format json)`));
  for (const run of result.analyzers) {
    if (run.status === "succeeded") continue;
    if (run.status === "not-run") {
      lines.push(paint(DIM, `Analyzer ${run.analyzer}: not run (${run.reason})`));
      continue;
    }
    const label = run.status === "failed" ? paint(COLORS.critical, "failed") : paint(COLORS.med, "partial");
    lines.push(
      `Analyzer ${run.analyzer}: ${label}, ${run.filesAnalyzed} of ${plural(run.filesGiven, "file")} analyzed` +
        (run.error ? ` (${run.error})` : ""),
    );
    for (const skipped of run.skipped.slice(0, 10))
      lines.push(paint(DIM, `  ${skipped.path}: ${skipped.reason}`));
    if (run.skipped.length > 10) lines.push(paint(DIM, `  … and ${run.skipped.length - 10} more`));
  }
  return `${lines.join("\n")}\n`;
}
