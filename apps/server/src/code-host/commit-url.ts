// Links a commit to its page on the website of a known code host, from the repository's git
// location in any form git accepts (https, ssh://, git://, scp-like `git@host:owner/repo.git`).
// Hosts not in the table (self-hosted servers, local paths, samples) have no known page: no link.
import { parseGitLocation } from "@rampart/checkout";

interface WebHost {
  /** The commit page under the repository's path. */
  commitPath: string;
  /** GitLab nests groups (group/subgroup/name); GitHub and Bitbucket have exactly owner/name. */
  nestedGroups: boolean;
}

const WEB_HOSTS: Record<string, WebHost> = {
  "github.com": { commitPath: "commit", nestedGroups: false },
  "gitlab.com": { commitPath: "-/commit", nestedGroups: true },
  "bitbucket.org": { commitPath: "commits", nestedGroups: false },
};

const SEGMENT = /^[\w.-]+$/;
const COMMIT_SHA = /^[0-9a-f]{7,64}$/i;

/** The repository's path on its host (`acme/api`), or null when it cannot name a repository there. */
function repositoryPath(path: string, host: WebHost): string | null {
  const segments = path
    .replace(/^\/+|\/+$/g, "")
    .replace(/\.git$/, "")
    .split("/");
  if (segments.length < 2 || (!host.nestedGroups && segments.length !== 2)) return null;
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..")) return null;
  return segments.join("/");
}

export function commitUrlOf(location: string, commitSha: string): string | null {
  if (!COMMIT_SHA.test(commitSha)) return null;
  const parsed = parseGitLocation(location);
  if (!parsed.ok || parsed.location.protocol === "file") return null;
  const hostName = parsed.location.host.replace(/^www\./, "");
  const host = WEB_HOSTS[hostName];
  if (!host) return null;
  const path = repositoryPath(parsed.location.path, host);
  return path ? `https://${hostName}/${path}/${host.commitPath}/${commitSha}` : null;
}
