// `rampart scan <path>`: scan, report in the chosen format, upload to a Rampart server with
// --upload, gate on --fail-on.
import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { CUSTOM_ANALYZER_ID } from "@rampart/engine/custom-rules/meta";
import { failingFindings } from "@rampart/engine/gate";
import { writeJsonDocument } from "@rampart/engine/output/json-writer";
import type { RuleMeta } from "@rampart/engine/rule";
import { ruleCatalogue } from "@rampart/engine/rule-catalogue";
import { type ScanOptions, type ScanResult, scan } from "@rampart/engine/scan";
import { DEFAULT_MAX_FILE_BYTES } from "@rampart/engine/walk";
import { CACHE_FILE, defaultCacheDir } from "../advisory-cache-dir.ts";
import { integerOption, oneOf, parse, severityOption } from "../args.ts";
import { onlineConnections, refuseGitHubTokenArgument } from "../github-option.ts";
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, EXIT_UPLOAD, type Io, UsageError, useColor } from "../io.ts";
import { scanMemoryLimit } from "../memory-limit.ts";
import { prepareScan } from "../prepare-scan.ts";
import { progressReporter } from "../progress.ts";
import { loadRegistry, type RegistrySource } from "../registry-source.ts";
import { renderTable } from "../table.ts";
import { toolInfo } from "../version.ts";

const FORMATS = ["table", "json", "sarif"] as const;

/** Adds the secrets found in git history that the working tree does not still hold. */
async function withHistory(root: string, options: ScanOptions, result: ScanResult): Promise<ScanResult> {
  const { scanHistory, HistoryError } = await import("@rampart/engine/history");
  const knownSecrets = new Set(
    result.findings
      .map((finding) => finding.properties?.secretSha256)
      .filter((sha): sha is string => typeof sha === "string"),
  );
  try {
    const history = await scanHistory(root, { ...options, knownSecrets });
    return {
      ...result,
      findings: [...result.findings, ...history.findings],
      history: {
        commits: history.commits,
        blobsScanned: history.blobsScanned,
        blobsSkipped: history.blobsSkipped,
      },
    };
  } catch (error) {
    if (error instanceof HistoryError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Hands `produce` a writer to the report's destination, a file or the command's stdout. Reports
 * are written in pieces as they are made (a large scan's JSON is hundreds of MB): a file through
 * its descriptor, stdout by its own writes (synchronous for files and pipes on POSIX).
 */
async function writeReport(
  destination: string | Io["stdout"],
  produce: (write: (text: string) => void) => Promise<void>,
): Promise<void> {
  if (typeof destination !== "string") return produce((text) => destination.write(text));
  const descriptor = openSync(destination, "w");
  try {
    await produce((text) => {
      const bytes = Buffer.from(text);
      for (let written = 0; written < bytes.length; )
        written += writeSync(descriptor, bytes, written, bytes.length - written);
    });
  } finally {
    closeSync(descriptor);
  }
}

/**
 * `--analyzers a,b`: the analyzer ids to run, each one the registry knows. An unknown name is a
 * usage error naming the known ones, so that a typo does not silently scan with nothing.
 */
export function analyzerSelection(value: string, known: readonly string[]): string[] {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const unknown = names.filter((name) => !known.includes(name));
  if (names.length === 0 || unknown.length > 0)
    throw new UsageError(
      `--analyzers: ${names.length === 0 ? "no analyzer named" : `unknown analyzer "${unknown[0]}"`}; known: ${known.join(", ")}`,
    );
  return [...new Set(names)];
}

/** Scans the files staged in git under `root` (see staged.ts); the report names the repository. */
async function scanStaged(root: string, options: ScanOptions): Promise<ScanResult> {
  const { stageTree } = await import("../staged.ts");
  const tree = await stageTree(root, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
  try {
    // Staged files are tracked: a .gitignore pattern that matches one does not take it out.
    const result = await scan(tree.folder, { ...options, gitignore: false });
    return {
      ...result,
      root: tree.repositoryRoot,
      skipped: [...tree.skipped, ...result.skipped].sort((a, b) => (a.path < b.path ? -1 : 1)),
    };
  } finally {
    tree.remove();
  }
}

/**
 * The rules a report describes: for SARIF every rule (its rule list), for JSON those with findings.
 * The docs are in the analyzers' code, so only the analyzers needed are loaded (a scan has loaded
 * those with findings already).
 */
async function reportCatalogue(
  registry: RegistrySource,
  result: ScanResult,
  everyRule: boolean,
): Promise<RuleMeta[]> {
  const reported = new Set(result.findings.map((finding) => finding.ruleId.split("/")[0]));
  const entries = registry.entries.filter((entry) => everyRule || reported.has(entry.id));
  const analyzers = await Promise.all(entries.map((entry) => entry.load()));
  // Custom rules are described like built-in ones, after them.
  return [...ruleCatalogue(analyzers), ...(result.customRules ?? [])];
}

export async function scanCommand(args: readonly string[], io: Io): Promise<number> {
  // Loaded only for an upload (or a token passed by mistake): a plain scan does not pay for it.
  const uploading = args.some((arg) => /^--(?:upload|token)(?:=|$)/.test(arg));
  const uploads = uploading ? await import("../upload.ts") : undefined;
  uploads?.refuseTokenArgument(args);
  refuseGitHubTokenArgument(args);
  const { values, positionals } = parse(args, {
    format: { type: "string" },
    output: { type: "string", short: "o" },
    "fail-on": { type: "string" },
    config: { type: "string" },
    baseline: { type: "string" },
    "write-baseline": { type: "string" },
    workers: { type: "string" },
    "max-memory": { type: "string" },
    history: { type: "boolean" },
    advisories: { type: "string" },
    vex: { type: "string", multiple: true },
    lockfile: { type: "string", multiple: true },
    rules: { type: "string", multiple: true },
    upload: { type: "string" },
    repository: { type: "string" },
    commit: { type: "string" },
    branch: { type: "string" },
    "github-api-url": { type: "string" },
    offline: { type: "boolean" },
    analyzers: { type: "string" },
    "min-severity": { type: "string" },
    staged: { type: "boolean" },
  });
  if (positionals.length > 1) throw new UsageError("scan takes one path");
  const format = oneOf("format", values.format, FORMATS, "table");
  const failOn = severityOption("fail-on", values["fail-on"]);
  const minSeverity = severityOption("min-severity", values["min-severity"]);
  if (values.staged)
    for (const flag of ["history", "lockfile", "upload"] as const)
      if (values[flag] !== undefined) throw new UsageError(`--staged cannot be combined with --${flag}`);
  const workers = integerOption("workers", values.workers);
  // The analyzers are CPU-bound: threads beyond a few per core only add memory (each holds its own
  // analyzers and trees), and a typo like `--workers 200` would take gigabytes.
  const maxWorkers = 4 * availableParallelism();
  if (workers !== undefined && workers > maxWorkers)
    throw new UsageError(`--workers must be at most ${maxWorkers} (4 per core); got ${workers}`);
  const maxMemoryMb = scanMemoryLimit(values["max-memory"]);
  const online = onlineConnections(io, values);
  // What only some scans use is loaded only by them (the VEX and OSV readers, the JSON report's
  // schema, the baseline writer bring zod along): a plain pre-commit scan starts without them.
  const vex = values.vex?.length ? await import("../vex-files.ts") : undefined;
  const vexFiles = vex?.readVexFiles(io, values.vex ?? []) ?? [];
  // Loaded only when used: it pulls in every lockfile parser, which a plain scan's main thread skips.
  const lockfileOption = values.lockfile ? await import("../lockfile-option.ts") : undefined;
  const lockfiles = lockfileOption?.parseLockfileOptions(io, values.lockfile ?? []) ?? [];
  for (const flag of ["repository", "commit", "branch"] as const)
    if (values[flag] !== undefined && values.upload === undefined)
      throw new UsageError(`--${flag} is for --upload; add --upload <url>`);

  const registry = await loadRegistry(io);
  const { root, options } = await prepareScan(io, registry, positionals[0], values);
  if (workers !== undefined) options.workers = workers;
  options.maxMemoryMb = maxMemoryMb;
  if (minSeverity !== undefined) options.minSeverity = minSeverity;
  if (values.analyzers !== undefined)
    options.analyzers = analyzerSelection(values.analyzers, [
      ...registry.entries.map((entry) => entry.id),
      ...((options.customRules?.rules.length ?? 0) > 0 ? [CUSTOM_ANALYZER_ID] : []),
    ]);
  if (online) options.online = online;
  if (lockfileOption) options.lockfiles = lockfileOption.scanLockfiles(root, lockfiles);
  const upload =
    values.upload === undefined || !uploads
      ? undefined
      : uploads.resolveUploadTarget(io, root, {
          upload: values.upload,
          repository: values.repository,
          commit: values.commit,
          branch: values.branch,
        });
  // Only when something will match: the example registry of the tests has no sca analyzer.
  const advisoryStore =
    values.advisories !== undefined || existsSync(join(defaultCacheDir(io.env), CACHE_FILE));
  if (advisoryStore && registry.entries.some((entry) => entry.id === "sca")) {
    const { scanAdvisories } = await import("../advisory-cache.ts");
    const advisories = scanAdvisories(io, values.advisories);
    if (advisories) options.advisories = advisories;
  }
  const progress = progressReporter(io.stderr);
  if (progress) options.onProgress = (update) => progress.update(update);
  let result: ScanResult;
  try {
    result = values.staged ? await scanStaged(root, options) : await scan(root, options);
  } finally {
    progress?.done();
  }
  // History is read for secrets only: a scan told not to run that analyzer reads none.
  const secretsLeftOut = result.analyzers.some(
    (run) => run.analyzer === "secrets" && run.status === "not-run",
  );
  if (values.history && !secretsLeftOut) result = await withHistory(root, options, result);
  if (vex && vexFiles.length > 0)
    result = { ...result, findings: vex.applyVexFiles(result.findings, vexFiles) };

  if (values["write-baseline"]) {
    const { writeBaseline } = await import("@rampart/engine/baseline");
    writeBaseline(resolve(io.cwd, values["write-baseline"]), result.findings);
  }

  const tool = toolInfo(io.env);
  const jsonReport = async () => {
    const { toJsonReport } = await import("@rampart/engine/output/json");
    return toJsonReport(result, await reportCatalogue(registry, result, false), tool);
  };
  await writeReport(
    values.output === undefined ? io.stdout : resolve(io.cwd, values.output),
    async (write) => {
      if (format === "json") {
        const report = await jsonReport();
        writeJsonDocument(report, report.findings, report.findings, write);
      } else if (format === "sarif") {
        const { sarifLog } = await import("@rampart/engine/output/sarif");
        const sarif = sarifLog(result, await reportCatalogue(registry, result, true), tool);
        writeJsonDocument(sarif.log, sarif.run.results ?? [], sarif.results(), write);
      } else write(renderTable(result, !values.output && useColor(io.stdout, io.env)));
    },
  );

  if (upload && uploads) {
    // The run's link goes where it does not spoil a machine-readable report on stdout.
    const notes = format !== "table" && !values.output ? io.stderr : io.stdout;
    try {
      const run = await uploads.uploadRun(upload, await jsonReport());
      notes.write(
        `Uploaded run ${run.id.slice(0, 8)} of ${run.repo} (${run.status}, ${run.failedCount} failed): ${run.url}\n`,
      );
    } catch (error) {
      if (!(error instanceof uploads.UploadError)) throw error;
      io.stderr.write(`rampart: upload failed: ${error.message}\n`);
      return EXIT_UPLOAD;
    }
  }

  // An analyzer that could not start means the scan did not really run: that is an error, not a pass.
  const broken = result.analyzers.filter((run) => run.error !== undefined);
  if (broken.length > 0) {
    io.stderr.write(
      `rampart: analyzer ${broken.map((run) => run.analyzer).join(", ")} could not run: ${broken[0]!.error}\n`,
    );
    return EXIT_ERROR;
  }
  if (failOn && failingFindings(result.findings, failOn).length > 0) return EXIT_FINDINGS;
  return EXIT_OK;
}
