// The name a repository on this server's disk is registered under: the `owner/name` of its
// `origin` remote when it has one (the name it has on its code host), else its folder's name.
// Never the parent folder: `/srv/repos/payments-api` is `payments-api`, not `repos/payments-api`.
import path from "node:path";
import { git } from "./git.ts";
import { parseGitLocation, repositoryNameOf } from "./git-location.ts";

/** The `owner/name` of a remote's URL; undefined for a local or unreadable one (or one with credentials). */
function remoteName(url: string): string | undefined {
  const parsed = parseGitLocation(url);
  if (!parsed.ok || parsed.location.protocol === "file") return undefined;
  const name = repositoryNameOf(parsed.location.path);
  return name || undefined;
}

export async function localRepositoryName(directory: string): Promise<string> {
  const resolved = path.resolve(directory);
  // Only the repository's own config file is read (no includes, no system or user config), and
  // no repository is opened: a folder owned by another user is read the same way.
  const remote = await git(
    ["config", "--file", path.join(resolved, ".git", "config"), "--get", "remote.origin.url"],
    { timeoutMs: 5_000 },
  );
  return (remote.ok && remoteName(remote.stdout)) || path.basename(resolved) || resolved;
}
