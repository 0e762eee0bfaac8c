// `rampart scan --upload <url>`: sends the scan's JSON report to a Rampart server as a run of one
// commit, so a CI system Rampart cannot reach (GitLab CI, Jenkins, any other) still feeds it.
// The token comes from RAMPART_TOKEN only: a command line shows in process lists and CI logs.
// What to upload is settled before the scan, so a missing token or commit fails in a second.
import { execFileSync } from "node:child_process";
import { basename } from "node:path";
import { repositoryNameOf } from "@rampart/checkout";
import type { ScanReport } from "@rampart/engine/output/json";
import { type Io, UsageError } from "./io.ts";

export const TOKEN_VARIABLE = "RAMPART_TOKEN";
const UPLOAD_PATH = "/api/runs/upload";
const UPLOAD_TIMEOUT_MS = 120_000;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Where CI systems say which commit they build, in the order they are asked. */
const COMMIT_VARIABLES = [
  "GITHUB_SHA", // GitHub Actions
  "CI_COMMIT_SHA", // GitLab CI
  "GIT_COMMIT", // Jenkins (git plugin)
  "BITBUCKET_COMMIT",
  "CIRCLE_SHA1",
  "BUILD_SOURCEVERSION", // Azure Pipelines
];

/** Where they say which branch; a pull request's own branch comes first. */
const BRANCH_VARIABLES = [
  "GITHUB_HEAD_REF", // set for pull requests only
  "GITHUB_REF_NAME",
  "CI_COMMIT_BRANCH", // GitLab, branch pipelines
  "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", // GitLab, merge request pipelines
  "BRANCH_NAME", // Jenkins multibranch
  "GIT_BRANCH", // Jenkins (git plugin), e.g. origin/main
  "BITBUCKET_BRANCH",
  "CIRCLE_BRANCH",
  "BUILD_SOURCEBRANCHNAME",
];

/** Where they say which repository, when the checkout has no remote to tell. */
const REPOSITORY_VARIABLES = ["GITHUB_REPOSITORY", "CI_PROJECT_PATH", "BITBUCKET_REPO_FULL_NAME"];

/** Every variable the upload reads from a CI system. */
export const CI_VARIABLES = [...COMMIT_VARIABLES, ...BRANCH_VARIABLES, ...REPOSITORY_VARIABLES];

export interface UploadTarget {
  endpoint: string;
  token: string;
  repository: string;
  commit: string;
  branch: string | null;
}

export interface UploadFlags {
  upload: string;
  repository?: string | undefined;
  commit?: string | undefined;
  branch?: string | undefined;
}

/** Refuses a token on the command line, however it is spelled, before anything else runs. */
export function refuseTokenArgument(args: readonly string[]) {
  if (args.some((arg) => arg === "--token" || arg.startsWith("--token=")))
    throw new UsageError(
      `the token is read from ${TOKEN_VARIABLE} only, never from the command line (process lists and CI logs show it)`,
    );
}

function git(root: string, ...args: string[]): string | undefined {
  try {
    const out = execFileSync("git", ["-C", root, ...args], { stdio: ["ignore", "pipe", "ignore"] });
    return out.toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

const firstSet = (env: Io["env"], names: readonly string[]) =>
  names.map((name) => env[name]?.trim()).find((value): value is string => Boolean(value));

/** `https://rampart.example.com` or the route's own URL, as the endpoint; https unless on this machine. */
export function uploadEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(
      `--upload must be the Rampart server's URL, such as https://rampart.example.com; got "${url}"`,
    );
  }
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && LOOPBACK.has(parsed.hostname)))
    throw new UsageError(
      `--upload must be an https:// URL (http:// only for localhost): the token would cross the network in clear text`,
    );
  if (parsed.username || parsed.password)
    throw new UsageError("--upload must not hold credentials: set RAMPART_TOKEN");
  const base = parsed.pathname.replace(/\/+$/, "");
  parsed.pathname = base.endsWith(UPLOAD_PATH) ? base : `${base}${UPLOAD_PATH}`;
  parsed.search = "";
  parsed.hash = "";
  return parsed.toString();
}

/** What the upload will say, from the flags, then the CI's variables, then git in `root`. */
export function resolveUploadTarget(io: Io, root: string, flags: UploadFlags): UploadTarget {
  const endpoint = uploadEndpoint(flags.upload);
  const token = io.env[TOKEN_VARIABLE]?.trim();
  if (!token)
    throw new UsageError(`--upload needs an API token in ${TOKEN_VARIABLE} (System Settings → API Tokens)`);
  const commit = (
    flags.commit ??
    firstSet(io.env, COMMIT_VARIABLES) ??
    git(root, "rev-parse", "HEAD")
  )?.toLowerCase();
  if (!commit)
    throw new UsageError(
      "--upload could not tell the commit: run it in a git checkout or pass --commit <sha>",
    );
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(commit))
    throw new UsageError(`--commit must be a full commit SHA (40 or 64 hex digits); got "${commit}"`);
  const branch =
    flags.branch ??
    firstSet(io.env, BRANCH_VARIABLES)?.replace(/^(?:refs\/heads\/|origin\/)/, "") ??
    git(root, "symbolic-ref", "--quiet", "--short", "HEAD") ??
    null;
  const remote = git(root, "remote", "get-url", "origin");
  const fromCi = firstSet(io.env, REPOSITORY_VARIABLES);
  const topLevel = git(root, "rev-parse", "--show-toplevel");
  const repository =
    flags.repository ??
    (remote ? repositoryNameOf(remote) : undefined) ??
    (fromCi ? repositoryNameOf(fromCi) : undefined) ??
    basename(topLevel ?? root);
  return { endpoint, token, repository, commit, branch };
}

/** Why an upload failed, as the one line the CLI prints. */
export class UploadError extends Error {}

export interface UploadedRun {
  id: string;
  url: string;
  status: string;
  failedCount: number;
  repo: string;
  repositoryCreated: boolean;
}

export async function uploadRun(target: UploadTarget, report: ScanReport): Promise<UploadedRun> {
  let response: Response;
  try {
    response = await fetch(target.endpoint, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        repository: target.repository,
        commit: target.commit,
        branch: target.branch,
        report,
      }),
      // A redirect could carry the token somewhere else: the configured address must be the server's.
      redirect: "error",
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new UploadError(`could not reach ${new URL(target.endpoint).origin}: ${reason}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status !== 201) {
    const error = (body as { error?: unknown } | undefined)?.error;
    const reason = typeof error === "string" ? error : response.statusText || "no reason given";
    throw new UploadError(`${response.status} ${reason}`);
  }
  const run = body as Partial<UploadedRun> | undefined;
  if (typeof run?.id !== "string" || typeof run.url !== "string")
    throw new UploadError(`the server's answer is not a run: is ${target.endpoint} a Rampart server?`);
  return run as UploadedRun;
}
