// Git repositories for tests: git with a fixed identity, and a bundled sample snapshot committed
// in a fresh temporary folder that a test context may scan.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SAMPLES_DIR } from "./harness.ts";

/** Runs git in `cwd` as a fixed test identity; returns its trimmed output. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.email=t@example.test", "-c", "user.name=T", ...args], { cwd })
    .toString()
    .trim();
}

export interface SampleRepository {
  /** The temporary folder holding the repository: what `localRepositoryRoots` must allow. */
  root: string;
  /** The repository itself, `<root>/<sample>`, on branch main with one commit. */
  path: string;
}

/** `samples/<sample>/<snapshot>` as a git repository with that snapshot as its one commit. */
export function sampleRepository(sample: string, snapshot: string, message = "initial"): SampleRepository {
  const root = mkdtempSync(path.join(tmpdir(), `rampart-${sample}-`));
  const repo = path.join(root, sample);
  cpSync(path.join(SAMPLES_DIR, sample, snapshot), repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch", "main");
  git(repo, "add", "--all");
  git(repo, "commit", "--quiet", "-m", message);
  return { root, path: repo };
}
