// The per-file work of a scan, for a batch of files: read, sniff, classify, parse, run rules,
// collect suppressions and cross-file summaries. Runs inside a worker thread or in-process; the
// result is plain data so it crosses the thread boundary as is.
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { analyzeFile, describeError, type FileProblem, type RuleFilter } from "./analyze.ts";
import type { Analyzer, FileKind, SkippedFile } from "./analyzer.ts";
import { type AnalyzerEntry, loadedEntry } from "./analyzer-outline.ts";
import { append } from "./append.ts";
import { classify, decodeText } from "./classify.ts";
import type { CustomRuleDefinition } from "./custom-rules/schema.ts";
import type { RawFinding } from "./finding.ts";
import { assignFingerprints } from "./fingerprint.ts";
import { DEFAULT_PARSED_BYTES_PER_COLLECTION, releaseSyntaxTrees } from "./native-memory.ts";
import { type RedactionSpan, Redactions } from "./redact.ts";
import { configureAnalyzers } from "./rule-options.ts";
import { bunLockbReason } from "./sca/parsers/formats.ts";
import { type FolderLister, type SiblingReader, SourceFile, toPosixPath } from "./source.ts";
import { extractSuppressions, type InlineSuppression, suppressionProblems } from "./suppress.ts";

export interface FileTask {
  path: string;
  absolutePath: string;
  /** A manifest format declared for this file (`ScanOptions.lockfiles`). */
  declaredFormat?: string;
}

/** What a worker needs to set itself up; plain data. */
export interface ProcessorInit {
  /** URL of a module exporting `analyzers: readonly Analyzer[]` (the registry, or a test registry). */
  registryUrl: string;
  disabledRules: readonly string[];
  maxFileBytes: number;
  /** Validated custom rules (custom-rules/load.ts); they run as one more analyzer, `custom`. */
  customRules?: readonly CustomRuleDefinition[];
  /** Rule id → options (`.rampart.yaml` `options:`), already checked by the scan. */
  ruleOptions?: Readonly<Record<string, unknown>>;
  /** Analyzer ids the scan does not run (analyzer-selection.ts): never prepared, given no file. */
  notRun?: readonly string[];
  /** Characters parsed into syntax trees between two releases of dead trees (native-memory.ts). */
  parsedBytesPerCollection?: number;
  /**
   * Analyzer ids that the scan's files may need, by their names (`possibleKinds`); the others are
   * not even loaded. Absent: every analyzer.
   */
  needed?: readonly string[];
}

export interface BatchResult {
  filesRead: number;
  bytesRead: number;
  /** Files that were never given to an analyzer (binary, unreadable, grew past the limit). */
  skipped: SkippedFile[];
  findings: RawFinding[];
  /** Per analyzer: how many files it was given and how many it parsed. */
  /** Per analyzer: files given, files parsed, milliseconds spent on them. */
  counts: Record<string, { given: number; analyzed: number; busyMs: number }>;
  problems: FileProblem[];
  summaries: { analyzer: string; path: string; summary: unknown }[];
  suppressions: { path: string; suppressions: InlineSuppression[] }[];
  /** Secret spans per file, so snippets the main thread reads later (project rules) are masked too. */
  redactions: { path: string; spans: RedactionSpan[] }[];
  kinds: Record<string, number>;
}

export function emptyBatchResult(): BatchResult {
  return {
    filesRead: 0,
    bytesRead: 0,
    skipped: [],
    findings: [],
    counts: {},
    problems: [],
    summaries: [],
    suppressions: [],
    redactions: [],
    kinds: {},
  };
}

export interface Processor {
  /** Analyzers whose `prepare` threw, with the message; they are not run. */
  prepareErrors: { analyzer: string; error: string }[];
  process(tasks: readonly FileTask[]): Promise<BatchResult>;
}

/**
 * A registry module: the engine's `registry.ts` (outlines with loaders, `analyzerEntries`) or a
 * test's (`analyzers`, already loaded).
 */
export interface RegistryModule {
  analyzerEntries?: readonly AnalyzerEntry[];
  analyzers?: readonly Analyzer[];
}

/** The engine's own registry. */
export const DEFAULT_REGISTRY_URL = new URL("./registry.ts", import.meta.url).href;

/** The registry's entries; loading one imports its analyzer, parsers and rules. */
export async function loadRegistryEntries(
  registryUrl: string,
  loaded?: RegistryModule,
): Promise<readonly AnalyzerEntry[]> {
  // The engine's registry is imported by name, not by URL, so that a bundle (bundle.ts) holds it.
  const module =
    loaded ??
    ((registryUrl === DEFAULT_REGISTRY_URL
      ? await import("./registry.ts")
      : await import(registryUrl)) as RegistryModule);
  if (Array.isArray(module.analyzerEntries)) return module.analyzerEntries;
  if (!Array.isArray(module.analyzers))
    throw new Error(`${registryUrl} exports no "analyzerEntries" or "analyzers" array`);
  return module.analyzers.map(loadedEntry);
}

/** The registry's analyzers, loaded; only those named in `only` when given. */
export async function loadAnalyzers(
  registryUrl: string,
  loaded?: RegistryModule,
  only?: ReadonlySet<string>,
): Promise<readonly Analyzer[]> {
  const entries = await loadRegistryEntries(registryUrl, loaded);
  return Promise.all(entries.filter((entry) => !only || only.has(entry.id)).map((entry) => entry.load()));
}

/** The registry's analyzers, plus the `custom` analyzer when the scan has custom rules. */
export async function withCustomRules(
  analyzers: readonly Analyzer[],
  customRules: readonly CustomRuleDefinition[] | undefined,
): Promise<readonly Analyzer[]> {
  if (!customRules || customRules.length === 0) return analyzers;
  // Loaded only for a scan with custom rules (a bundled worker holds it inline).
  const { customAnalyzer } = await import("./custom-rules/analyzer.ts");
  return [...analyzers, customAnalyzer(customRules) as Analyzer];
}

/** `registry`: the registry module when it is already loaded (bundled into a worker's script). */
export async function createProcessor(init: ProcessorInit, registry?: RegistryModule): Promise<Processor> {
  const notRun = new Set(init.notRun ?? []);
  const needed = init.needed ? new Set(init.needed) : undefined;
  const all = (
    await withCustomRules(
      await configureAnalyzers(await loadAnalyzers(init.registryUrl, registry, needed), init.ruleOptions),
      init.customRules,
    )
  ).filter((analyzer) => !notRun.has(analyzer.id));
  const prepareErrors: Processor["prepareErrors"] = [];
  const ready: Analyzer[] = [];
  for (const analyzer of all) {
    try {
      await analyzer.prepare?.();
      ready.push(analyzer);
    } catch (error) {
      prepareErrors.push({ analyzer: analyzer.id, error: describeError(error) });
    }
  }
  const disabled = new Set(init.disabledRules);
  const ruleFilter: RuleFilter = disabled.size > 0 ? (id) => !disabled.has(id) : undefined;
  return {
    prepareErrors,
    process: async (tasks) => {
      const budget = init.parsedBytesPerCollection ?? DEFAULT_PARSED_BYTES_PER_COLLECTION;
      const result = await processFilesReleasingTrees(tasks, ready, ruleFilter, init.maxFileBytes, budget);
      // Every per-file finding of a file is in this batch, so occurrence indexes are complete here
      // and the hashing runs in parallel instead of on the main thread at the end.
      result.findings = assignFingerprints(result.findings);
      return result;
    },
  };
}

export function processFiles(
  tasks: readonly FileTask[],
  analyzers: readonly Analyzer[],
  ruleFilter: RuleFilter,
  maxFileBytes: number,
): BatchResult {
  const result = emptyBatchResult();
  lastListing = undefined; // a listing is reused within a batch, never across scans
  for (const task of tasks) processTask(task, analyzers, ruleFilter, maxFileBytes, result);
  return result;
}

/**
 * `processFiles` for a scan: the syntax trees of analyzed files are freed whenever `budget`
 * characters were parsed (native-memory.ts), between files, so a batch of large files does not
 * hold every tree it made until the batch ends.
 */
async function processFilesReleasingTrees(
  tasks: readonly FileTask[],
  analyzers: readonly Analyzer[],
  ruleFilter: RuleFilter,
  maxFileBytes: number,
  budget: number,
): Promise<BatchResult> {
  const result = emptyBatchResult();
  lastListing = undefined;
  for (const task of tasks) {
    processTask(task, analyzers, ruleFilter, maxFileBytes, result);
    await releaseSyntaxTrees(budget);
  }
  return result;
}

/** Reads one file and adds its outcome (or the reason it was skipped) to `result`. */
function processTask(
  task: FileTask,
  analyzers: readonly Analyzer[],
  ruleFilter: RuleFilter,
  maxFileBytes: number,
  result: BatchResult,
): void {
  let bytes: Uint8Array | undefined;
  try {
    bytes = readUpTo(task.absolutePath, maxFileBytes);
  } catch (error) {
    result.skipped.push({ path: task.path, reason: `unreadable: ${describeError(error)}` });
    return;
  }
  if (!bytes) {
    result.skipped.push({ path: task.path, reason: "larger than the size limit" });
    return;
  }
  const decoded = decodeText(bytes);
  if (!decoded.ok) {
    const reason = /(?:^|\/)bun\.lockb$/.test(task.path)
      ? bunLockbReason(task.path, siblingReader(task, maxFileBytes))
      : decoded.reason;
    result.skipped.push({ path: task.path, reason });
    return;
  }
  result.filesRead++;
  result.bytesRead += bytes.length;
  processText(
    new SourceFile(task.path, decoded.text, {
      readSibling: siblingReader(task, maxFileBytes),
      listFolder: folderLister(task),
      declaredFormat: task.declaredFormat,
    }),
    classify(task.path, decoded.text, task.declaredFormat),
    analyzers,
    ruleFilter,
    result,
  );
}

/** Reused by every read of this thread: a fresh buffer per file made the allocator and GC busy. */
let readBuffer = Buffer.allocUnsafe(1 << 16);

/**
 * A file's bytes, or undefined when it is larger than `maxBytes` (then it is not read at all). The
 * bytes are a view of a shared buffer, valid until the next call: decode them at once.
 */
function readUpTo(path: string, maxBytes: number): Uint8Array | undefined {
  // The walk never follows a symbolic link; a file it listed that has since become one is not
  // followed either (ELOOP), so nothing outside the scan root is read.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) return undefined;
    if (size > readBuffer.length) readBuffer = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const count = readSync(fd, readBuffer, read, size - read, read);
      if (count === 0) break; // the file shrank since fstat: take what is there
      read += count;
    }
    return readBuffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads files of the scan for `SourceFile.readSibling`: the root is the task's absolute path minus
 * its relative path (a one-file scan's root is that file's folder). A path that leaves the root,
 * directly or through a symbolic link, a file over the size limit and a binary file read as
 * undefined.
 */
export function siblingReader(task: FileTask, maxFileBytes: number): SiblingReader {
  const absolute = toPosixPath(task.absolutePath);
  if (!absolute.endsWith(`/${task.path}`)) return () => undefined;
  const root = task.absolutePath.slice(0, task.absolutePath.length - task.path.length - 1) || sep;
  let realRoot: string | undefined;
  const inside = (base: string, target: string) => {
    const rel = relative(base, target);
    return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  };
  return (path) => {
    try {
      const target = resolve(root, path);
      if (!inside(root, target)) return undefined;
      realRoot ??= realpathSync(root);
      const realTarget = realpathSync(target);
      if (!inside(realRoot, realTarget)) return undefined;
      const bytes = readUpTo(realTarget, maxFileBytes); // a folder throws EISDIR
      const decoded = bytes ? decodeText(bytes) : undefined;
      return decoded?.ok ? decoded.text : undefined;
    } catch {
      return undefined; // absent or unreadable: the parser treats it as missing
    }
  };
}

/** The last folder listed by this thread: a package's files ask for the same folder in turn. */
let lastListing: { folder: string; names: readonly string[] | undefined } | undefined;

/**
 * Lists folders of the scan for `SourceFile.listFolder`, with the same root as `siblingReader`:
 * plain files only (no folders, no symbolic links), at most 500 names; a folder that leaves the
 * root, directly or through a symbolic link, lists nothing.
 */
export function folderLister(task: FileTask): FolderLister {
  const absolute = toPosixPath(task.absolutePath);
  if (!absolute.endsWith(`/${task.path}`)) return () => undefined;
  const root = task.absolutePath.slice(0, task.absolutePath.length - task.path.length - 1) || sep;
  return (folder) => {
    const target = resolve(root, folder);
    const rel = relative(root, target);
    if (rel.startsWith("..") || isAbsolute(rel)) return undefined;
    if (lastListing?.folder === target) return lastListing.names;
    let names: readonly string[] | undefined;
    try {
      // a folder that is a symbolic link out of the root lists nothing
      const real = relative(realpathSync(root), realpathSync(target));
      if (real.startsWith("..") || isAbsolute(real)) throw new Error("outside the scan root");
      names = readdirSync(target, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .slice(0, 500)
        .map((entry) => entry.name);
    } catch {
      names = undefined;
    }
    lastListing = { folder: target, names };
    return names;
  };
}

/** Adds one decoded file's outcome to `result`. */
export function processText(
  file: SourceFile,
  kinds: readonly FileKind[],
  analyzers: readonly Analyzer[],
  ruleFilter: RuleFilter,
  result: BatchResult,
): void {
  for (const kind of kinds) result.kinds[kind] = (result.kinds[kind] ?? 0) + 1;
  const analysis = analyzeFile(file, kinds, analyzers, ruleFilter);
  for (const id of analysis.given) {
    const count = result.counts[id] ?? { given: 0, analyzed: 0, busyMs: 0 };
    count.given++;
    if (analysis.analyzed.includes(id)) count.analyzed++;
    count.busyMs += analysis.busyMs[id] ?? 0;
    result.counts[id] = count;
  }
  append(result.findings, analysis.findings);
  append(result.problems, analysis.problems);
  for (const item of analysis.summaries) {
    result.summaries.push({ analyzer: item.analyzer, path: file.path, summary: item.summary });
  }
  if (analysis.redactions.length > 0) result.redactions.push({ path: file.path, spans: analysis.redactions });
  const suppressions = extractSuppressions(file.text, file.path);
  if (suppressions.length > 0) {
    result.suppressions.push({ path: file.path, suppressions });
    const redactions = new Redactions(analysis.redactions);
    const problems = suppressionProblems(file.path, suppressions, (line) =>
      redactions.apply(line, file.lineText(line)),
    );
    result.findings.push(...problems.filter((problem) => !ruleFilter || ruleFilter(problem.ruleId)));
  }
}

/** Folds one batch result into another (main thread). */
export function mergeBatchResult(into: BatchResult, from: BatchResult): void {
  into.filesRead += from.filesRead;
  into.bytesRead += from.bytesRead;
  append(into.skipped, from.skipped);
  append(into.findings, from.findings);
  for (const [id, count] of Object.entries(from.counts)) {
    const target = into.counts[id] ?? { given: 0, analyzed: 0, busyMs: 0 };
    target.given += count.given;
    target.analyzed += count.analyzed;
    target.busyMs += count.busyMs;
    into.counts[id] = target;
  }
  append(into.problems, from.problems);
  append(into.summaries, from.summaries);
  append(into.suppressions, from.suppressions);
  append(into.redactions, from.redactions);
  for (const [kind, count] of Object.entries(from.kinds)) into.kinds[kind] = (into.kinds[kind] ?? 0) + count;
}
