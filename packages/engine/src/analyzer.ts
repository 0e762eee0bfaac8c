// The analyzer contract: which classified files an analyzer takes, how it turns one into a typed
// model (or says why it cannot), the rules it runs on that model, and the status of its run.
import type { FileRule, ProjectFile, ProjectRule } from "./rule.ts";
import type { SourceFile } from "./source.ts";

/**
 * What the classifier says a file is. A file can have several kinds: every text file is also
 * `text` (the secrets analyzer reads everything), and a Kubernetes manifest is also `yaml`.
 */
export const FILE_KINDS = [
  "terraform",
  "terraform-vars",
  "cloudformation",
  "kubernetes",
  "github-workflow",
  "github-action",
  /** `.github/dependabot.yml`: Dependabot's update configuration (read by the ci analyzer). */
  "dependabot-config",
  "dockerfile",
  "yaml",
  "json",
  "javascript",
  "typescript",
  "python",
  "go",
  "java",
  /** A server-side HTML template (Jinja2, Django, Nunjucks, EJS, Handlebars, Mustache; plain HTML too). */
  "html-template",
  /** A dependency manifest or lockfile the SCA parsers read (`sca/parsers/index.ts` format table). */
  "manifest",
  "text",
  /**
   * A repository's settings as a code host's API reported them (`analyzers/repository/`). Never
   * assigned by the classifier: a file in a checkout must not be able to stand in for the host.
   */
  "repository-settings",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Kinds whose input the caller builds from a code host's API; no checked-out file is one of them. */
export const HOST_KINDS: readonly FileKind[] = ["repository-settings"];

/** A parse either yields the model or a one-line reason the file was skipped. Never a throw. */
export type ParseResult<Model> = { ok: true; model: Model } | { ok: false; reason: string };

export function parsed<Model>(model: Model): ParseResult<Model> {
  return { ok: true, model };
}

export function skipped(reason: string): ParseResult<never> {
  return { ok: false, reason };
}

/**
 * Network services a scan may be given (`ScanOptions.online`). The engine is offline by default;
 * an analyzer's online phase runs only for the services it is given.
 */
export interface OnlineConnections {
  /** GitHub's REST API: a token and the API base URL (`https://api.github.com` or a GHES `/api/v3`). */
  github?: { token: string; apiUrl: string };
}

/** What an online phase returns: plain facts for the project rules, and what it could not find out. */
export interface OnlineLookup<Facts> {
  facts: Facts;
  /** One line per question left unanswered (network error, request budget spent); makes the run partial. */
  incomplete: string[];
}

export interface Analyzer<Model = unknown, Summary = unknown, Facts = unknown> {
  /** Lower-case, hyphenated; the prefix of every rule id of this analyzer and its folder name. */
  id: string;
  title: string;
  /** What it parses and covers, one paragraph; used in the generated docs. */
  description: string;
  /**
   * Every report of this analyzer is a secret at its `at` span: snippets quoting it are masked
   * (see redact.ts). Rules of other analyzers mark single reports with `Report.redact`.
   */
  redactSnippet?: boolean;
  /** Files of any of these kinds are given to `parse`. */
  accepts: readonly FileKind[];
  /** Runs once per worker before the first parse (e.g. to load a WASM grammar). A throw fails the run. */
  prepare?(): Promise<void>;
  /** File text to typed model, with positions. Must not throw; the engine still guards it. */
  parse(file: SourceFile): ParseResult<Model>;
  /** Frees what the model holds outside the JS heap (tree-sitter trees). */
  dispose?(model: Model): void;
  rules: readonly FileRule<Model>[];
  /**
   * The rules that can report anything on this model, when the model tells (the secrets analyzer
   * knows which rules have candidates); every rule when absent. Saves calling hundreds of rules
   * that would return at once.
   */
  rulesFor?(model: Model): readonly FileRule<Model>[];
  /**
   * A cross-file phase: each parsed file is reduced to a plain, structured-clonable summary in the
   * worker, and the project rules see every summary at once on the main thread.
   */
  project?: {
    summarize(model: Model, file: SourceFile): Summary;
    rules: readonly ProjectRule<Summary, Facts>[];
    /**
     * An optional online phase, run on the main thread before the project rules when the scan was
     * given a connection this analyzer uses. Bounded (requests, time) and never rejects for a
     * network problem: it answers what it could and lists the rest in `incomplete`.
     */
    lookup?(
      files: readonly ProjectFile<Summary>[],
      connections: OnlineConnections,
    ): Promise<OnlineLookup<Facts>>;
  };
}

/** Identity helper that checks the analyzer's rules against its model type. */
export function defineAnalyzer<Model, Summary = never, Facts = unknown>(
  analyzer: Analyzer<Model, Summary, Facts>,
): Analyzer<Model, Summary, Facts> {
  return analyzer;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

/**
 * - succeeded: every file given to the analyzer was parsed and every rule ran on it.
 * - partial: some files were skipped or some rules failed on some files; `skipped` says which and why.
 * - failed: the analyzer produced no evidence at all (prepare failed, or every file it was given failed).
 * - not-run: the scan was told not to run it (every rule disabled, none at the severity asked for, or
 *   not among the analyzers asked for); `reason` says which. It parsed nothing and proves nothing.
 * An analyzer that was given no files succeeded with `filesAnalyzed: 0`; policy decides what that proves.
 */
export type AnalyzerStatus = "succeeded" | "partial" | "failed" | "not-run";

export interface AnalyzerRun {
  analyzer: string;
  status: AnalyzerStatus;
  /** Files given to the analyzer. */
  filesGiven: number;
  /** Files parsed into a model (rules may still have failed on some; see `skipped`). */
  filesAnalyzed: number;
  /**
   * Milliseconds spent parsing its files and running its rules, summed over the worker threads
   * (so it can exceed the scan's wall time); the cross-file phase is not included.
   */
  busyMs: number;
  /** One entry per file that was not parsed, or per rule that failed on a file. */
  skipped: SkippedFile[];
  /** Set when the whole analyzer failed. */
  error?: string;
  /** Set when the analyzer was not run (`not-run`): why, in a few words. */
  reason?: string;
}

/** Derives a run's status from its counts; one function so every caller agrees. */
export function analyzerStatus(run: {
  filesGiven: number;
  filesAnalyzed: number;
  problems: number;
  error?: string;
}): Exclude<AnalyzerStatus, "not-run"> {
  if (run.error !== undefined) return "failed";
  if (run.filesGiven > 0 && run.filesAnalyzed === 0) return "failed";
  return run.problems === 0 ? "succeeded" : "partial";
}
