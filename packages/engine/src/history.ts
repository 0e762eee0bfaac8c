// Secrets in git history: every blob reachable from any ref, scanned once (by blob id) with the
// secrets analyzer's pure `scanText`, each finding attributed to the commit that introduced the
// blob. A deleted line is still in every clone, so a token removed last year is still leaked.
// Runs `git` as a child process; positions and snippets are masked like a working-tree scan's.
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { basename, dirname } from "node:path";
import ignore from "ignore";
import { secretsRules } from "./analyzers/secrets/rules/index.ts";
import { scanText } from "./analyzers/secrets/scan-text.ts";
import { decodeText, hasBinaryExtension } from "./classify.ts";
import type { Finding } from "./finding.ts";
import { fingerprintOf } from "./fingerprint.ts";
import { Redactions } from "./redact.ts";
import { isSeverity } from "./rule.ts";
import { finalizeFindings, type ScanOptions } from "./scan.ts";
import { SourceFile } from "./source.ts";
import { applyInlineSuppressions, extractSuppressions } from "./suppress.ts";
import { DEFAULT_MAX_FILE_BYTES, SKIPPED_DIRECTORIES } from "./walk.ts";

/** A history scan that cannot run (not a git repository, git missing); one line, for the CLI. */
export class HistoryError extends Error {}

export interface HistoryOptions
  extends Pick<
    ScanOptions,
    "maxFileBytes" | "exclude" | "disabledRules" | "severityOverrides" | "suppressions" | "baseline"
  > {
  /** SHA-256s of secrets the working-tree scan already reported: not reported again from history. */
  knownSecrets?: ReadonlySet<string>;
}

export interface HistoryResult {
  /** Commits listed by `git log --all`. */
  commits: number;
  /** Unique blobs read and scanned. */
  blobsScanned: number;
  /** Unique blobs not scanned: binary, over the size limit, excluded, vendored. */
  blobsSkipped: number;
  findings: Finding[];
}

/** Runs git and returns stdout; a non-zero exit becomes a HistoryError with git's first stderr line. */
function git(cwd: string, args: readonly string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-c", "core.quotepath=off", ...args], {
      cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("error", (error) => reject(new HistoryError(`cannot run git: ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new HistoryError(err.trim().split("\n")[0] || `git ${args[0]} exited with ${code}`));
    });
    child.stdin.on("error", () => {}); // git may exit before reading everything; close reports it
    child.stdin.end(input ?? "");
  });
}

export interface IntroducedBlob {
  blob: string;
  /** Path relative to the repository's top level. */
  path: string;
  /** The first commit (oldest first, over all refs) whose diff added this blob. */
  commit: string;
}

/**
 * Parses `git log --all --reverse --no-abbrev --raw --no-renames -m -z --format=%H`: for each blob
 * id, the path and commit of its first appearance. Only regular files (mode 100644/100755).
 */
export function parseRawLog(output: string): IntroducedBlob[] {
  const seen = new Map<string, IntroducedBlob>();
  const tokens = output.split("\0");
  let commit = "";
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!.replace(/^\n+/, "");
    if (token.startsWith(":")) {
      // :<src mode> <dst mode> <src id> <dst id> <status>, then the path
      const path = tokens[++index] ?? "";
      const [, dstMode, , dstId] = token.slice(1).split(" ");
      if (!dstId || /^0+$/.test(dstId) || (dstMode !== "100644" && dstMode !== "100755")) continue;
      if (!seen.has(dstId)) seen.set(dstId, { blob: dstId, path, commit });
    } else if (/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(token)) {
      commit = token;
    }
  }
  return [...seen.values()];
}

/** Reads many blobs through one `git cat-file --batch`: id → contents (missing ids are absent). */
async function readBlobs(cwd: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  if (ids.length === 0) return blobs;
  const out = await git(cwd, ["cat-file", "--batch"], `${ids.join("\n")}\n`);
  let offset = 0;
  while (offset < out.length) {
    const newline = out.indexOf(10, offset);
    if (newline === -1) break;
    const header = out.subarray(offset, newline).toString();
    offset = newline + 1;
    const [id, type, sizeText] = header.split(" ");
    if (type === "missing" || sizeText === undefined) continue;
    const size = Number(sizeText);
    if (type === "blob") blobs.set(id!, out.subarray(offset, offset + size));
    offset += size + 1; // contents, then a newline
  }
  return blobs;
}

/** Blob sizes through `git cat-file --batch-check`, so big blobs are never read. */
async function blobSizes(cwd: string, ids: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (ids.length === 0) return sizes;
  const out = (await git(cwd, ["cat-file", "--batch-check"], `${ids.join("\n")}\n`)).toString();
  for (const line of out.split("\n")) {
    const [id, type, size] = line.split(" ");
    if (id && type === "blob" && size !== undefined) sizes.set(id, Number(size));
  }
  return sizes;
}

const CONFIDENCE = new Map(secretsRules.map((rule) => [rule.id, rule.confidence]));

/** Groups of blobs per `cat-file --batch` call: bounds memory on big histories. */
const READ_BATCH_BYTES = 32 * 1024 * 1024;

/**
 * Scans the history of the git repository that contains `root`. Paths are relative to `root`
 * (blobs outside it are not scanned), as in a working-tree scan of `root`.
 */
export async function scanHistory(root: string, options: HistoryOptions = {}): Promise<HistoryResult> {
  // Scanning one file: its history, under its own name (as a scan of one file names it).
  const oneFile = statSync(root, { throwIfNoEntry: false })?.isFile() ? basename(root) : undefined;
  const cwd = oneFile ? dirname(root) : root;
  const topLevel = (
    await git(cwd, ["rev-parse", "--show-toplevel"]).catch(() => {
      throw new HistoryError(`--history: not a git repository: ${root}`);
    })
  )
    .toString()
    .trim();
  const prefix = (await git(cwd, ["rev-parse", "--show-prefix"])).toString().trim();
  const log = (
    await git(topLevel, [
      "log",
      "--all",
      "--reverse",
      "--no-abbrev",
      "--raw",
      "--no-renames",
      "-m",
      "-z",
      "--format=%H",
    ]).catch((error: unknown) => {
      // An empty repository has no refs to walk: no history, not an error.
      if (error instanceof HistoryError && /does not have any commits/.test(error.message))
        return Buffer.alloc(0);
      throw error;
    })
  ).toString();
  const commits = new Set<string>();
  for (const token of log.split("\0")) {
    const commit = token.replace(/^\n+/, "");
    if (/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(commit)) commits.add(commit);
  }

  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const excludes = options.exclude?.length ? ignore().add([...options.exclude]) : undefined;
  const disabled = new Set(options.disabledRules ?? []);
  let blobsSkipped = 0;
  const wanted: (IntroducedBlob & { relative: string })[] = [];
  for (const blob of parseRawLog(log)) {
    if (!blob.path.startsWith(prefix)) continue;
    const relative = blob.path.slice(prefix.length);
    if (oneFile !== undefined && relative !== oneFile) continue;
    const vendored = relative
      .split("/")
      .slice(0, -1)
      .some((part) => SKIPPED_DIRECTORIES.has(part));
    if (vendored || hasBinaryExtension(relative) || excludes?.ignores(relative)) {
      blobsSkipped++;
      continue;
    }
    wanted.push({ ...blob, relative });
  }

  const sizes = await blobSizes(
    topLevel,
    wanted.map((blob) => blob.blob),
  );
  const raw: Finding[] = [];
  const reported = new Set<string>(); // rule id + secret hash: one finding per secret, at its first commit
  let blobsScanned = 0;
  for (let start = 0; start < wanted.length; ) {
    const group: typeof wanted = [];
    let bytes = 0;
    for (; start < wanted.length && (group.length === 0 || bytes < READ_BATCH_BYTES); start++) {
      const blob = wanted[start]!;
      const size = sizes.get(blob.blob);
      if (size === undefined || size > maxFileBytes) {
        blobsSkipped++;
        continue;
      }
      group.push(blob);
      bytes += size;
    }
    const contents = await readBlobs(
      topLevel,
      group.map((blob) => blob.blob),
    );
    for (const blob of group) {
      const bytesOfBlob = contents.get(blob.blob);
      const decoded = bytesOfBlob ? decodeText(bytesOfBlob) : undefined;
      if (!decoded?.ok) {
        blobsSkipped++;
        continue;
      }
      blobsScanned++;
      const matches = scanText(blob.relative, decoded.text).filter(
        (match) =>
          !disabled.has(match.ruleId) &&
          match.sha256 !== "" &&
          !options.knownSecrets?.has(match.sha256) &&
          !reported.has(`${match.ruleId}\0${match.sha256}`),
      );
      if (matches.length === 0) continue;
      const file = new SourceFile(blob.relative, decoded.text);
      const redactions = new Redactions(matches);
      const suppressions = extractSuppressions(decoded.text);
      const short = blob.commit.slice(0, 7);
      for (const match of matches) {
        reported.add(`${match.ruleId}\0${match.sha256}`);
        const snippet = redactions.apply(match.line, file.lineText(match.line)).slice(0, 400);
        const finding: Finding = {
          ruleId: match.ruleId,
          analyzer: "secrets",
          severity: isSeverity(match.severity) ? match.severity : "high",
          confidence: CONFIDENCE.get(match.ruleId) ?? "medium",
          message: `${match.message} (in history, commit ${short})`,
          location: {
            path: blob.relative,
            line: match.line,
            column: match.column,
            endLine: match.endLine,
            endColumn: match.endColumn,
            snippet,
          },
          related: [],
          // Stable across runs and distinct from working-tree findings on the same line.
          fingerprint: fingerprintOf(match.ruleId, blob.relative, `history ${match.sha256}`, 0),
          properties: {
            secretSha256: match.sha256,
            maskedSecret: match.maskedSecret,
            commit: blob.commit,
            blob: blob.blob,
            history: true,
          },
        };
        // Inline suppressions are read from the blob the finding came from, not from today's file.
        if (suppressions.length > 0)
          applyInlineSuppressions([finding], new Map([[blob.relative, suppressions]]));
        raw.push(finding);
      }
    }
  }

  // Severity overrides, config suppressions and the baseline, as for working-tree findings.
  const findings = finalizeFindings(raw, new Map(), options);
  return { commits: commits.size, blobsScanned, blobsSkipped, findings };
}
