// A whole scan: walk, fan the per-file work out (workers or in-process), run the cross-file
// phase, then turn raw findings into findings (fingerprints, severity overrides, suppressions,
// baseline) and every analyzer's run status.
import { readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { analyzeProject, describeError, type FileProblem } from "./analyze.ts";
import {
  type Analyzer,
  type AnalyzerRun,
  analyzerStatus,
  type OnlineConnections,
  type SkippedFile,
} from "./analyzer.ts";
import { analyzersTaking, outlineOf } from "./analyzer-outline.ts";
import { type NotRunAnalyzer, planAnalyzers, selectsAnything } from "./analyzer-selection.ts";
import { languageOf } from "./analyzers/sast/language-of.ts";
import { append } from "./append.ts";
import { workerScript } from "./bundle.ts";
import { possibleKinds } from "./classify.ts";
import type { LoadedConfig } from "./config.ts";
import type { LoadedCustomRules } from "./custom-rules/load.ts";
import { CUSTOM_ANALYZER_ID, customRuleMeta, hasCustomRuleSources } from "./custom-rules/meta.ts";
import type { Finding, RawFinding } from "./finding.ts";
import { assignFingerprints } from "./fingerprint.ts";
import { planForMemory } from "./memory-budget.ts";
import { runPool } from "./pool.ts";
import {
  type BatchResult,
  createProcessor,
  DEFAULT_REGISTRY_URL,
  emptyBatchResult,
  type FileTask,
  loadAnalyzers,
  loadRegistryEntries,
  mergeBatchResult,
  type ProcessorInit,
  withCustomRules,
} from "./process-files.ts";
import { Redactions } from "./redact.ts";
import { isAtLeast, type RuleMeta, type Severity } from "./rule.ts";
import { configureAnalyzers } from "./rule-options.ts";
import type { AdvisorySource } from "./sca/advisory-source.ts";
import { SharedStrings } from "./shared-strings.ts";
import { SourceFile } from "./source.ts";
import {
  applyConfigSuppressions,
  applyInlineSuppressions,
  type ConfigSuppression,
  type InlineSuppression,
} from "./suppress.ts";
import { DEFAULT_MAX_FILE_BYTES, type WalkResult, walk } from "./walk.ts";

export { DEFAULT_REGISTRY_URL } from "./process-files.ts";

/**
 * Below this many files, or this many bytes, starting workers costs more than it saves. Each worker
 * loads every analyzer again (about 0.5 s of CPU, 50-100 MB), and in-process analysis runs at about
 * 0.4 s per MB (bench/cli-startup.ts): 918 small Dockerfiles (80 kB) took 0.9 s in-process and
 * 1.8-2.4 s with workers, 3,000 JavaScript files (5.3 MB) 2.5 s in-process and 3.4 s with workers
 * on two busy cores. Workers pay once the work is several times their start.
 */
const IN_PROCESS_BELOW_FILES = 200;
const IN_PROCESS_BELOW_BYTES = 8 * 1024 * 1024;
const BATCH_MAX_FILES = 64;
const BATCH_MIN_FILES = 4;
const BATCH_MAX_BYTES = 1024 * 1024;

export interface ScanProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
}

export interface ScanOptions {
  /** Default 2 MB. */
  maxFileBytes?: number;
  /** gitignore-style patterns, relative to the root. */
  exclude?: readonly string[];
  gitignore?: boolean;
  /** Rule ids not to run. */
  disabledRules?: readonly string[];
  /** Severity per rule id, replacing the rule's own. */
  severityOverrides?: Readonly<Record<string, Severity>>;
  /**
   * Only rules that can report at this severity or worse run, and only such findings are kept; an
   * analyzer left with no rule is not run (`not-run`).
   */
  minSeverity?: Severity;
  /** Only these analyzers run (ids; `custom` for the custom rules); the others are `not-run`. */
  analyzers?: readonly string[];
  /** Path-scoped suppressions with reasons (from `.rampart.yaml`). */
  suppressions?: readonly ConfigSuppression[];
  /** Fingerprints already known; findings with one of these are marked `unchanged`, others `new`. */
  baseline?: ReadonlySet<string>;
  /** Worker threads; 0 runs in-process. Default: one per core, in-process for small scans. */
  workers?: number;
  /**
   * Peak memory to stay under, in MB (`rampart scan --max-memory`): the scan lowers its
   * parallelism to fit (memory-budget.ts), and still reads every file.
   */
  maxMemoryMb?: number;
  /** Module exporting `analyzers`; default the engine's registry. Tests point it at their own. */
  registryUrl?: string;
  /** Per batch; a batch over it is retried file by file and a file over it is skipped. Default 60 s. */
  batchTimeoutMs?: number;
  onProgress?: (progress: ScanProgress) => void;
  /**
   * Vulnerability advisories for the sca analyzer (`advisorySourceFromRecords`). Default: the
   * bundled demo set. A source with no records makes the sca run `partial` ("no advisory data").
   */
  advisories?: AdvisorySource;
  /**
   * Files to read as a given manifest format whatever their name (`rampart scan --lockfile`):
   * path relative to the root (forward slashes) and a format id of `sca/parsers`. Read even when
   * the walk's excludes or .gitignore would leave them out.
   */
  lockfiles?: readonly { path: string; format: string }[];
  /** More folders of custom rule files (`rampart scan --rules DIR`), besides the root's `.rampart/rules/`. */
  ruleDirectories?: readonly string[];
  /**
   * Custom rules the caller already loaded and validated (the CLI does, to refuse bad ones); when
   * absent the scan loads `.rampart/rules/` of the root and `ruleDirectories` itself, and a rule
   * file with problems makes the `custom` analyzer's run partial with one reason per problem.
   */
  customRules?: LoadedCustomRules;
  /**
   * Network services for the analyzers' online phases (e.g. GitHub, to tell whether a pinned
   * action commit belongs to its repository). Absent: the scan stays offline and those checks do
   * not run. A network problem never fails the scan; it makes the analyzer's run `partial`.
   */
  online?: OnlineConnections;
  /**
   * Rule id → options (`.rampart.yaml` `options:`), each checked against the schema its rule
   * declares: the scan rejects with a `RuleOptionsError` naming the rule before reading any file.
   */
  ruleOptions?: Readonly<Record<string, unknown>>;
}

export interface ScanResult {
  root: string;
  startedAt: string;
  durationMs: number;
  filesScanned: number;
  bytesScanned: number;
  /** Files given to no analyzer, with the reason (ignored files are not listed: ignoring is not skipping). */
  skipped: SkippedFile[];
  /** Count of files per kind, as classified. */
  kinds: Record<string, number>;
  analyzers: AnalyzerRun[];
  findings: Finding[];
  /** Set when git history was scanned too (`scan --history`): what was read. */
  history?: { commits: number; blobsScanned: number; blobsSkipped: number };
  /** Metadata of the custom rules the scan ran (`custom/<id>`): outputs list them with the built-in rules. */
  customRules?: RuleMeta[];
  /** Wall time per phase, for benchmarks and slow-scan reports. */
  phases: { walkMs: number; analyzeMs: number; projectMs: number; finalizeMs: number };
}

/** Worker threads for a scan of these files: as asked, else one per core, none for small scans. */
function workerCount(options: ScanOptions, files: number, bytes: number): number {
  if (options.workers !== undefined) return options.workers;
  return files < IN_PROCESS_BELOW_FILES || bytes < IN_PROCESS_BELOW_BYTES ? 0 : availableParallelism();
}

/**
 * Batches shrink towards the end of the scan (guided self-scheduling: a quarter of each worker's
 * share of the files left, between BATCH_MIN_FILES and BATCH_MAX_FILES), so the workers finish
 * together instead of one waiting on the other's last large batch.
 */
function makeBatches(
  files: readonly { path: string; absolutePath: string; size: number }[],
  workers: number,
  declaredFormats: ReadonlyMap<string, string>,
): FileTask[][] {
  const batches: FileTask[][] = [];
  let current: FileTask[] = [];
  let limit = BATCH_MAX_FILES;
  let bytes = 0;
  files.forEach((file, index) => {
    if (current.length >= limit || (current.length > 0 && bytes + file.size > BATCH_MAX_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    if (current.length === 0 && workers > 0) {
      const share = Math.ceil((files.length - index) / (4 * workers));
      limit = Math.max(BATCH_MIN_FILES, Math.min(BATCH_MAX_FILES, share));
    }
    const declaredFormat = declaredFormats.get(file.path);
    current.push(
      declaredFormat === undefined
        ? { path: file.path, absolutePath: file.absolutePath }
        : { path: file.path, absolutePath: file.absolutePath, declaredFormat },
    );
    bytes += file.size;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}

function compareFindings(a: RawFinding, b: RawFinding): number {
  if (a.location.path !== b.location.path) return a.location.path < b.location.path ? -1 : 1;
  return (
    a.location.line - b.location.line ||
    a.location.column - b.location.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}

/**
 * Raw findings to findings: deterministic order, fingerprints, severity overrides, inline
 * suppressions, baseline state. Pure; exported for tests and for callers with their own file source.
 */
export function finalizeFindings(
  raw: readonly RawFinding[],
  suppressions: ReadonlyMap<string, readonly InlineSuppression[]>,
  options: Pick<ScanOptions, "severityOverrides" | "baseline" | "suppressions" | "minSeverity">,
): Finding[] {
  // Per-file findings arrive fingerprinted from the workers; project findings (whose rule ids
  // never collide with per-file ones, so occurrence counting is independent) are done here.
  const findings: Finding[] = [];
  const missing: RawFinding[] = [];
  for (const finding of raw) {
    if (finding.fingerprint === undefined) missing.push(finding);
    else findings.push(finding as Finding);
  }
  for (const finding of assignFingerprints(missing)) findings.push(finding);
  findings.sort(compareFindings);
  for (const finding of findings) {
    const override = options.severityOverrides?.[finding.ruleId];
    if (override) finding.severity = override;
  }
  const { minSeverity } = options;
  if (minSeverity !== undefined) {
    // A rule whose severity comes from its data ran; its reports below the filter are dropped.
    const kept = findings.filter((finding) => isAtLeast(finding.severity, minSeverity));
    findings.length = 0;
    for (const finding of kept) findings.push(finding);
  }
  applyInlineSuppressions(findings, suppressions);
  applyConfigSuppressions(findings, options.suppressions ?? []);
  if (options.baseline) {
    for (const finding of findings)
      finding.baseline = options.baseline.has(finding.fingerprint) ? "unchanged" : "new";
  }
  return findings;
}

function analyzerRuns(
  analyzers: readonly { id: string }[],
  merged: BatchResult,
  prepareErrors: readonly { analyzer: string; error: string }[],
  notRun: readonly NotRunAnalyzer[],
): AnalyzerRun[] {
  return analyzers.map((analyzer) => {
    const reason = notRun.find((item) => item.analyzer === analyzer.id)?.reason;
    if (reason !== undefined)
      return {
        analyzer: analyzer.id,
        status: "not-run",
        filesGiven: 0,
        filesAnalyzed: 0,
        busyMs: 0,
        skipped: [],
        reason,
      };
    const counts = merged.counts[analyzer.id] ?? { given: 0, analyzed: 0, busyMs: 0 };
    const skipped = merged.problems
      .filter((problem) => problem.analyzer === analyzer.id)
      .map((problem) => ({ path: problem.path, reason: problem.reason }));
    const error = prepareErrors.find((item) => item.analyzer === analyzer.id)?.error;
    const run: AnalyzerRun = {
      analyzer: analyzer.id,
      status: analyzerStatus({
        filesGiven: counts.given,
        filesAnalyzed: counts.analyzed,
        problems: skipped.length,
        ...(error !== undefined ? { error } : {}),
      }),
      filesGiven: counts.given,
      filesAnalyzed: counts.analyzed,
      busyMs: Math.round(counts.busyMs),
      skipped,
    };
    if (error !== undefined) run.error = `prepare failed: ${error}`;
    return run;
  });
}

/** Reads lines of scanned files for findings reported by the cross-file phase, secrets masked. */
function diskLineReader(
  root: string,
  isFile: boolean,
  redactions: BatchResult["redactions"],
): (path: string, line: number) => string {
  const cache = new Map<string, SourceFile>();
  const secrets = new Map(redactions.map((item) => [item.path, new Redactions(item.spans)]));
  return (path, line) => {
    let source = cache.get(path);
    if (!source) {
      let text = "";
      try {
        text = readFileSync(isFile ? root : join(root, path), "utf8");
      } catch {
        // the file vanished since it was scanned; the finding keeps an empty snippet
      }
      source = new SourceFile(path, text);
      cache.set(path, source);
    }
    const text = source.lineText(line);
    return secrets.get(path)?.apply(line, text) ?? text;
  };
}

/**
 * Declared lockfiles the walk left out (excluded, ignored, in a folder it skips) join the scan:
 * the user named them. One the walk skipped for a reason (too large) stays skipped, and a path
 * that is not a regular file is left for the caller to have reported.
 */
function addDeclaredFiles(root: string, walked: WalkResult, declared: ReadonlyMap<string, string>): void {
  const listed = new Set([...walked.files, ...walked.skipped].map((file) => file.path));
  for (const path of declared.keys()) {
    if (listed.has(path)) continue;
    const absolutePath = join(root, path);
    try {
      const stat = statSync(absolutePath);
      if (stat.isFile()) walked.files.push({ path, absolutePath, size: stat.size });
    } catch {
      walked.skipped.push({ path, reason: "declared lockfile not found" });
    }
  }
}

/** The root's `.rampart/rules/` (a folder scan only) and the option's folders, validated. */
async function scanCustomRules(
  root: string,
  options: ScanOptions,
  registryUrl: string,
): Promise<LoadedCustomRules> {
  let isFolder = false;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    // the walk already reported an unreadable root
  }
  const directories = options.ruleDirectories ?? [];
  if (!hasCustomRuleSources(isFolder ? root : undefined, directories)) return { rules: [], problems: [] };
  const { loadCustomRules } = await import("./custom-rules/load.ts");
  return loadCustomRules({
    ...(isFolder ? { root } : {}),
    directories,
    // Loaded only when a rule names a control: most scans have no custom rules at all.
    knownControls: async () =>
      new Set(
        (await loadRegistryEntries(registryUrl)).flatMap((entry) =>
          entry.rules.flatMap((rule) => rule.controls),
        ),
      ),
  });
}

/**
 * Problems of the custom rule files as reasons of the `custom` analyzer's run, which is then
 * partial (a run exists for them even when no rule was valid): a scan with a broken rule did not
 * check everything the repository asked for.
 */
function withRuleProblems(runs: AnalyzerRun[], custom: LoadedCustomRules): AnalyzerRun[] {
  if (custom.problems.length === 0) return runs;
  const problems = custom.problems.map((problem) => ({
    path: problem.file,
    reason: `custom rule: ${problem.line > 0 ? `line ${problem.line}: ` : ""}${problem.message}`,
  }));
  const existing = runs.find((run) => run.analyzer === CUSTOM_ANALYZER_ID);
  if (existing?.status === "not-run") return runs; // the scan was told not to run them
  const run: AnalyzerRun = existing ?? {
    analyzer: CUSTOM_ANALYZER_ID,
    status: "succeeded",
    filesGiven: 0,
    filesAnalyzed: 0,
    busyMs: 0,
    skipped: [],
  };
  run.skipped = [...problems, ...run.skipped];
  run.status = analyzerStatus({
    filesGiven: run.filesGiven,
    filesAnalyzed: run.filesAnalyzed,
    problems: run.skipped.length,
    ...(run.error !== undefined ? { error: run.error } : {}),
  });
  return existing ? runs : [...runs, run];
}

/** Scans a folder (or one file). Rejects only on errors that stop the whole scan (root unreadable, registry broken). */
/**
 * An analyzer's online phase, when it has one and the scan was given connections: its facts, and
 * each unanswered question as a problem of the run (so the run reads `partial`, not a pass).
 */
async function onlinePhase(
  analyzer: Analyzer,
  files: readonly { path: string; summary: unknown }[],
  connections: OnlineConnections | undefined,
  ruleFilter: ((id: string) => boolean) | undefined,
): Promise<{ facts: unknown; problems: FileProblem[] }> {
  const lookup = analyzer.project?.lookup;
  if (!lookup || !connections) return { facts: undefined, problems: [] };
  // No request is worth sending when every rule that would read the answers is disabled.
  const readers = analyzer.project?.rules.filter((rule) => rule.readsOnline) ?? [];
  if (!readers.some((rule) => !ruleFilter || ruleFilter(rule.id))) return { facts: undefined, problems: [] };
  const problem = (reason: string): FileProblem => ({ analyzer: analyzer.id, path: "(online)", reason });
  try {
    const result = await lookup(files, connections);
    return { facts: result.facts, problems: result.incomplete.map(problem) };
  } catch {
    // A lookup answers network trouble itself; a throw here is a bug, and its text may be a
    // library's (a URL, a token in a header dump): the run says less.
    return { facts: undefined, problems: [problem("online phase failed unexpectedly")] };
  }
}

/**
 * Scans a folder (or one file). Rejects only on errors that stop the whole scan (root unreadable,
 * registry broken, rule options a rule refuses).
 */
export async function scan(rootPath: string, options: ScanOptions = {}): Promise<ScanResult> {
  const started = Date.now();
  const root = resolve(rootPath);
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const init: ProcessorInit = {
    registryUrl: options.registryUrl ?? DEFAULT_REGISTRY_URL,
    disabledRules: options.disabledRules ?? [],
    maxFileBytes,
    ...(options.ruleOptions ? { ruleOptions: options.ruleOptions } : {}),
  };
  // Bad rule options stop the scan here, with the rule named, rather than in every worker; the
  // configured analyzers then serve the cross-file phase below.
  const configured =
    options.ruleOptions && Object.keys(options.ruleOptions).length > 0
      ? await configureAnalyzers(await loadAnalyzers(init.registryUrl), options.ruleOptions)
      : undefined;
  // The worker script is built while the walk goes on, once the walk has found enough files to
  // need workers (and never for a scan told to run in-process).
  let script: Promise<URL> | undefined;
  const walked = await walk(root, {
    maxFileBytes,
    ...(options.exclude ? { exclude: options.exclude } : {}),
    ...(options.gitignore !== undefined ? { gitignore: options.gitignore } : {}),
    onFolder: (filesFound, bytesFound) => {
      if (workerCount(options, filesFound, bytesFound) > 0) script ??= workerScript(init.registryUrl);
    },
  });
  const declaredFormats = new Map((options.lockfiles ?? []).map((item) => [item.path, item.format]));
  addDeclaredFiles(root, walked, declaredFormats);
  const custom = options.customRules ?? (await scanCustomRules(root, options, init.registryUrl));
  if (custom.rules.length > 0) init.customRules = custom.rules;
  // The registry's outlines: enough to plan the scan; an analyzer is loaded only when some file's
  // name says it may take it (possibleKinds), so an empty scan loads none. Options for a rule load
  // every analyzer above, to check them.
  const entries = await loadRegistryEntries(init.registryUrl);
  if (!configured) {
    const kinds = new Set(
      walked.files.flatMap((file) => possibleKinds(file.path, declaredFormats.get(file.path))),
    );
    init.needed = [...analyzersTaking(entries, kinds)];
  }
  const outlines = [
    ...entries,
    ...(await withCustomRules([], init.customRules)).map((analyzer) => outlineOf(analyzer)),
  ];
  // Settled before any file is processed, so that an analyzer left out is never prepared or given one.
  let notRun: NotRunAnalyzer[] = [];
  if (selectsAnything(options)) {
    const plan = planAnalyzers(outlines, options);
    notRun = plan.notRun;
    init.disabledRules = plan.inactiveRules;
    init.notRun = notRun.map((item) => item.analyzer);
    // An analyzer not run is not loaded either (`--analyzers secrets` loads the secrets analyzer only).
    init.needed = init.needed?.filter((id) => !init.notRun?.includes(id));
  }
  const walkMs = Date.now() - started;
  const merged = emptyBatchResult();
  const filesTotal = walked.files.length;
  let filesDone = 0;
  const strings = new SharedStrings();
  const onBatch = (result: BatchResult, tasks: readonly FileTask[]) => {
    strings.shareFindings(result.findings);
    mergeBatchResult(merged, result);
    filesDone += tasks.length;
    options.onProgress?.({ filesDone, filesTotal, bytesDone: merged.bytesRead });
  };

  // Under a memory limit the scan runs fewer workers (or none) rather than fewer files.
  const memory = planForMemory(
    options.maxMemoryMb,
    workerCount(
      options,
      filesTotal,
      walked.files.reduce((bytes, file) => bytes + file.size, 0),
    ),
  );
  const workers = memory.workers;
  init.parsedBytesPerCollection = memory.parsedBytesPerCollection;
  const batches = makeBatches(walked.files, workers, declaredFormats);
  // The main thread needs the analyzers only for the cross-file phase. In-process they are loaded
  // anyway; with workers, they are loaded once the workers are gone, so that a third copy of them
  // does not sit beside the workers' trees at the scan's peak. A broken registry still fails the
  // scan, when they are awaited below. An analyzer given no file is left out: its project rules
  // report nothing over no files (a registry test holds every one to that).
  const loadProjectAnalyzers = () =>
    configured
      ? Promise.resolve(configured)
      : loadAnalyzers(init.registryUrl, undefined, init.needed ? new Set(init.needed) : undefined);
  const analyzersLoading = workers > 0 && batches.length > 0 ? undefined : loadProjectAnalyzers();
  analyzersLoading?.catch(() => undefined);
  let prepareErrors: { analyzer: string; error: string }[];
  const abandoned: SkippedFile[] = [];
  if (batches.length === 0) {
    // Nothing to analyze: no analyzer is prepared (the SAST grammars alone are a tenth of a
    // second), which is most of an empty pre-commit run.
    prepareErrors = [];
  } else if (workers <= 0) {
    const processor = await createProcessor(init);
    prepareErrors = processor.prepareErrors;
    for (const tasks of batches) {
      onBatch(await processor.process(tasks), tasks);
      // Let the event loop breathe so progress output and signals are handled on long scans.
      await new Promise((resolveTick) => setImmediate(resolveTick));
    }
  } else {
    const run = await runPool(
      batches,
      {
        size: workers,
        script: await (script ?? workerScript(init.registryUrl)),
        init,
        batchTimeoutMs: options.batchTimeoutMs ?? 60_000,
        // A lockfile or a bundle is read as text: only files with a grammar make syntax trees.
        largestTreeFile: walked.files.reduce(
          (largest, file) => (languageOf(file.path, undefined) ? Math.max(largest, file.size) : largest),
          0,
        ),
        ...(memory.youngGenerationMb ? { youngGenerationMb: memory.youngGenerationMb } : {}),
      },
      onBatch,
    );
    prepareErrors = run.prepareErrors;
    append(abandoned, run.skipped);
  }

  const analyzers = await (analyzersLoading ?? loadProjectAnalyzers());
  const analyzeMs = Date.now() - started - walkMs;
  // Cross-file phase, on the main thread, over the summaries the workers sent back.
  const isFile = walked.files.length === 1 && walked.files[0]!.absolutePath === root;
  const lineReader = diskLineReader(root, isFile, merged.redactions);
  const disabled = new Set(init.disabledRules);
  const ruleFilter = disabled.size > 0 ? (id: string) => !disabled.has(id) : undefined;
  const projectFindings: RawFinding[] = [];
  const projectProblems: FileProblem[] = [];
  for (const analyzer of analyzers) {
    if (!analyzer.project || prepareErrors.some((item) => item.analyzer === analyzer.id)) continue;
    if (notRun.some((item) => item.analyzer === analyzer.id)) continue;
    const files = merged.summaries
      .filter((item) => item.analyzer === analyzer.id)
      .map((item) => ({ path: item.path, summary: item.summary }));
    const online = await onlinePhase(analyzer, files, options.online, ruleFilter);
    append(projectProblems, online.problems);
    try {
      const result = analyzeProject(analyzer, files, lineReader, ruleFilter, {
        advisories: options.advisories,
        online: online.facts,
      });
      append(projectFindings, result.findings);
      append(projectProblems, result.problems);
    } catch (error) {
      projectProblems.push({ analyzer: analyzer.id, path: "(project)", reason: describeError(error) });
    }
  }
  append(merged.findings, projectFindings);
  append(merged.problems, projectProblems);

  const projectMs = Date.now() - started - walkMs - analyzeMs;
  const suppressionsByPath = new Map(merged.suppressions.map((item) => [item.path, item.suppressions]));
  const findings = finalizeFindings(merged.findings, suppressionsByPath, options);
  const finalizeMs = Date.now() - started - walkMs - analyzeMs - projectMs;
  return {
    root,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    filesScanned: merged.filesRead,
    bytesScanned: merged.bytesRead,
    skipped: [...walked.skipped, ...merged.skipped, ...abandoned].sort((a, b) => (a.path < b.path ? -1 : 1)),
    kinds: merged.kinds,
    analyzers: withRuleProblems(analyzerRuns(outlines, merged, prepareErrors, notRun), custom),
    findings,
    ...(custom.rules.length > 0 ? { customRules: custom.rules.map(customRuleMeta) } : {}),
    phases: { walkMs, analyzeMs, projectMs, finalizeMs },
  };
}

/** Scan options from a loaded `.rampart.yaml`; the caller adds the baseline it read. */
export function optionsFromConfig(loaded: LoadedConfig): ScanOptions {
  const { config } = loaded;
  return {
    exclude: config.exclude,
    disabledRules: config.disable,
    severityOverrides: config.severity,
    suppressions: config.ignore.map((item) => ({ ...item, source: loaded.path ?? ".rampart.yaml" })),
    ...(Object.keys(config.options).length > 0 ? { ruleOptions: config.options } : {}),
    ...(config.maxFileBytes !== undefined ? { maxFileBytes: config.maxFileBytes } : {}),
  };
}
