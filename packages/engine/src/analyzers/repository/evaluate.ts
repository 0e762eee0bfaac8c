// Runs the `repository` analyzer on settings a code host reported, as a scan runs it on files:
// the settings become their document, the document is parsed, the rules run, and the findings
// are fingerprinted. The caller (the server's scan) adds the run and findings to the scan's.
import { analyzeFile, analyzeProject } from "../../analyze.ts";
import { type AnalyzerRun, analyzerStatus } from "../../analyzer.ts";
import type { Finding } from "../../finding.ts";
import { finalizeFindings } from "../../scan.ts";
import { SourceFile } from "../../source.ts";
import { repositoryAnalyzer } from "./analyzer.ts";
import { type RepositorySettings, settingsDocument } from "./settings.ts";

/** Where the findings say they are: not a file of the repository, but its settings. */
export const SETTINGS_PATH = "(repository settings)";

export interface RepositoryEvaluation {
  run: AnalyzerRun;
  findings: Finding[];
  /** The document the rules read: what the host said, kept as evidence. */
  document: string;
}

export function evaluateRepositorySettings(settings: RepositorySettings): RepositoryEvaluation {
  const started = performance.now();
  const document = settingsDocument(settings);
  const file = new SourceFile(SETTINGS_PATH, document);
  const analysis = analyzeFile(file, ["repository-settings"], [repositoryAnalyzer]);
  const project = analyzeProject(
    repositoryAnalyzer,
    analysis.summaries.map((item) => ({ path: file.path, summary: item.summary })),
    (path, line) => (path === file.path ? file.lineText(line) : ""),
  );
  const problems = [...analysis.problems, ...project.problems];
  const filesAnalyzed = analysis.analyzed.length;
  const run: AnalyzerRun = {
    analyzer: repositoryAnalyzer.id,
    status: analyzerStatus({ filesGiven: 1, filesAnalyzed, problems: problems.length }),
    filesGiven: 1,
    filesAnalyzed,
    busyMs: Math.round(performance.now() - started),
    skipped: problems.map((problem) => ({ path: problem.path, reason: problem.reason })),
  };
  const findings = finalizeFindings([...analysis.findings, ...project.findings], new Map(), {});
  return { run, findings, document };
}

/** The run of a repository whose settings could not be read at all: failed, with the reason. */
export function unreadRepositorySettings(reason: string): AnalyzerRun {
  return {
    analyzer: repositoryAnalyzer.id,
    status: "failed",
    filesGiven: 1,
    filesAnalyzed: 0,
    busyMs: 0,
    // Also as a skipped input: where runs keep only what was skipped, the reason stays with them.
    skipped: [{ path: SETTINGS_PATH, reason }],
    error: reason,
  };
}
