// The bundled sample repositories (samples/<slug>/) turned into real git repositories: one commit
// per snapshot folder, dated as its manifest says, so that scans of them have a history.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** A digest of every file of the sample's folder: a cached repository is reused only while it matches. */
function contentDigest(folder: string): string {
  const hash = createHash("sha256");
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(folder, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
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
  // Kept inside .git, so that it is neither committed nor scanned.
  const digestFile = path.join(repoPath, ".git", "rampart-sample-digest");
  const digest = contentDigest(path.join(samplesDir, slug));

  if (existsSync(path.join(repoPath, ".git"))) {
    const commits = readCommits(repoPath);
    const cached = existsSync(digestFile) ? readFileSync(digestFile, "utf8") : "";
    // A sample changed by an upgrade (a file added to a step) is built again.
    if (commits.length === manifest.commits.length && cached === digest) {
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
  writeFileSync(digestFile, digest);
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
