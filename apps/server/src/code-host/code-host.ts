// The boundary between Rampart and wherever code lives. Scans ask a CodeHost for a workspace at a
// commit; fix pull requests (a later issue) will ask it to open a branch and a pull request. The
// local implementation serves git URLs, local paths and the bundled samples; a GitHub App
// implementation will serve installation repositories through the same interface.
import { type CheckoutResult, checkout } from "@rampart/checkout";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { materializeSample } from "../repositories/samples.ts";

export interface CodeHost {
  /** A read-only workspace of the repository at `ref` (a commit, branch or tag; default branch when absent). */
  workspace(repository: RepositoryRow, ref?: string): Promise<CheckoutResult>;
  /** A link to the commit on the host's website, when it has one. */
  commitUrl(repository: RepositoryRow, commitSha: string): string | null;
}

// owner/name, or GitLab's group/subgroup/name
const WEB_HOSTS =
  /^(?:https:\/\/|ssh:\/\/git@|git@)(github\.com|gitlab\.com|bitbucket\.org)[/:]([\w.-]+(?:\/[\w.-]+)+)\/?$/;

export function createLocalCodeHost(options: { samplesDir: string; sampleCacheDir: string }): CodeHost {
  return {
    async workspace(repository, ref) {
      const refOption = ref ? { ref } : {};
      switch (repository.source) {
        case "git":
          return checkout({ kind: "git", url: repository.location }, refOption);
        case "local":
          return checkout({ kind: "local", path: repository.location }, refOption);
        case "sample": {
          const sample = materializeSample(options.samplesDir, repository.location, options.sampleCacheDir);
          return checkout({ kind: "local", path: sample.path }, refOption);
        }
      }
    },

    commitUrl(repository, commitSha) {
      if (repository.source !== "git") return null;
      const match = WEB_HOSTS.exec(repository.location);
      if (!match) return null;
      const host = match[1];
      const path = match[2]!.replace(/\.git$/, "");
      const segment = host === "bitbucket.org" ? "commits" : host === "gitlab.com" ? "-/commit" : "commit";
      return `https://${host}/${path}/${segment}/${commitSha}`;
    },
  };
}
