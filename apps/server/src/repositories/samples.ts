// The bundled sample repositories (samples/<slug>/) turned into real git repositories: one commit
// per snapshot folder, dated as its manifest says, so that scans of them have a history.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gitEnvironment } from "@rampart/checkout";
import { z } from "zod";

const SampleManifest = z.object({
  name: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  description: z.string(),
  commits: z
    .array(z.object({ dir: z.string().regex(/^[\w.-]+$/), message: z.string(), daysAgo: z.number().min(0) }))
    .min(1),
});
export type SampleManifest = z.infer<typeof SampleManifest>;

export interface SampleCommit {
  sha: string;
  committedAt: Date;
  message: string;
}

export interface MaterializedSample {
  slug: string;
  name: string;
  description: string;
  /** A local git repository holding the sample's commits, oldest first. */
  path: string;
  commits: SampleCommit[];
}

export function listSamples(samplesDir: string): { slug: string; manifest: SampleManifest }[] {
  if (!existsSync(samplesDir)) return [];
  return readdirSync(samplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(samplesDir, entry.name, "sample.json")))
    .map((entry) => ({
      slug: entry.name,
      manifest: SampleManifest.parse(
        JSON.parse(readFileSync(path.join(samplesDir, entry.name, "sample.json"), "utf8")),
      ),
    }))
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

function gitIn(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(
    "git",
    ["-c", "user.name=Rampart Samples", "-c", "user.email=samples@rampart.invalid", ...args],
    {
      cwd,
      // Local commands only: no protocol at all.
      env: { ...gitEnvironment([]), ...env },
    },
  )
    .toString()
    .trim();
}

/**
 * Builds (or reuses) the git repository of one sample under `cacheDir`. Commit dates count back
 * from `now`, so a fresh install's demo history ends today.
 */
export function materializeSample(
  samplesDir: string,
  slug: string,
  cacheDir: string,
  now = new Date(),
): MaterializedSample {
  const sample = listSamples(samplesDir).find((item) => item.slug === slug);
  if (!sample) throw new Error(`no sample named ${slug} in ${samplesDir}`);
  const { manifest } = sample;
  const repoPath = path.join(cacheDir, `${slug}.git-work`);

  if (existsSync(path.join(repoPath, ".git"))) {
    const commits = readCommits(repoPath);
    if (commits.length === manifest.commits.length) {
      return { slug, name: manifest.name, description: manifest.description, path: repoPath, commits };
    }
    rmSync(repoPath, { recursive: true, force: true });
  }

  mkdirSync(repoPath, { recursive: true });
  gitIn(repoPath, ["init", "--quiet", "--initial-branch", "main"]);
  for (const commit of manifest.commits) {
    for (const entry of readdirSync(repoPath)) {
      if (entry !== ".git") rmSync(path.join(repoPath, entry), { recursive: true, force: true });
    }
    cpSync(path.join(samplesDir, slug, commit.dir), repoPath, { recursive: true });
    const date = new Date(now.getTime() - commit.daysAgo * 86_400_000).toISOString();
    gitIn(repoPath, ["add", "--all"]);
    gitIn(repoPath, ["commit", "--quiet", "--allow-empty", "-m", commit.message], {
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    });
  }
  return {
    slug,
    name: manifest.name,
    description: manifest.description,
    path: repoPath,
    commits: readCommits(repoPath),
  };
}

function readCommits(repoPath: string): SampleCommit[] {
  const log = gitIn(repoPath, ["log", "--reverse", "--format=%H%x09%cI%x09%s"]);
  return log
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [sha, date, message] = line.split("\t");
      return { sha: sha!, committedAt: new Date(date!), message: message ?? "" };
    });
}
