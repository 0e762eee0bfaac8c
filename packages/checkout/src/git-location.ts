// Reads a git location (a URL or scp-like `user@host:path`) into its parts, refusing what git
// would read in a surprising way: credentials in the URL, option-like hosts or paths, odd hosts.
import { fileURLToPath } from "node:url";

export type GitProtocol = "https" | "http" | "ssh" | "git" | "file";

export type GitLocation =
  | {
      protocol: Exclude<GitProtocol, "file">;
      /** Lower case; an IPv6 literal without its brackets. */
      host: string;
      port: number;
      /** The ssh login (`git` in `git@github.com:…`); never set for http(s) or git://. */
      username?: string;
      /** The URL with the host in place, as given (scp-like form kept). */
      url: string;
      scpLike: boolean;
      /** Everything after the host (and port): `/owner/repo.git`, or the scp-like path. */
      path: string;
    }
  | { protocol: "file"; path: string; url: string };

export type ParsedLocation = { ok: true; location: GitLocation } | { ok: false; problem: string };

const DEFAULT_PORTS = { https: 443, http: 80, ssh: 22, git: 9418 } as const;
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i;
const SCP_LIKE = /^([^@/:\s]+)@(\[[0-9a-f:.]+\]|[^:/[\]\s]+):(.+)$/i;
const LOGIN = /^[a-z_][\w.-]*$/i;

/** Whether the string looks like a git location at all (as opposed to a local path). */
export function isGitUrl(location: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(location) || SCP_LIKE.test(location);
}

function hostOf(raw: string): string | null {
  const host = raw.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) {
    const inner = host.slice(1, -1);
    return /^[0-9a-f:.]+$/.test(inner) && inner.includes(":") ? inner : null;
  }
  return HOST_NAME.test(host) ? host.replace(/\.$/, "") : null;
}

export function parseGitLocation(location: string): ParsedLocation {
  if (/[\s\0]/.test(location)) return { ok: false, problem: "a git URL cannot contain spaces" };
  const scp = SCP_LIKE.exec(location);
  if (scp && !location.includes("://")) {
    const [, username, rawHost, path] = scp;
    const host = hostOf(rawHost!);
    if (!host) return { ok: false, problem: "not a valid host name" };
    if (!LOGIN.test(username!)) return { ok: false, problem: "not a valid ssh user name" };
    if (path!.startsWith("-")) return { ok: false, problem: "not a valid repository path" };
    return {
      ok: true,
      location: {
        protocol: "ssh",
        host,
        port: DEFAULT_PORTS.ssh,
        username: username!,
        url: location,
        scpLike: true,
        path: path!,
      },
    };
  }

  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return { ok: false, problem: "not a valid URL" };
  }
  const protocol = url.protocol.slice(0, -1).toLowerCase();
  if (protocol === "file") {
    if (url.username || url.password) return { ok: false, problem: "a file URL has no user" };
    try {
      return { ok: true, location: { protocol: "file", path: fileURLToPath(url), url: url.href } };
    } catch {
      return { ok: false, problem: "a file URL must name a path on this machine (file:///…)" };
    }
  }
  if (protocol !== "https" && protocol !== "http" && protocol !== "ssh" && protocol !== "git") {
    return { ok: false, problem: `the ${protocol}:// protocol is not supported` };
  }
  if (url.password || ((protocol === "https" || protocol === "http" || protocol === "git") && url.username)) {
    return {
      ok: false,
      problem: "credentials are not allowed in the URL: give the access token in the credential field",
    };
  }
  const host = hostOf(url.hostname);
  if (!host) return { ok: false, problem: "not a valid host name" };
  const username = url.username ? decodeURIComponent(url.username) : undefined;
  if (username !== undefined && !LOGIN.test(username))
    return { ok: false, problem: "not a valid ssh user name" };
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[protocol];
  const path = `${url.pathname}${url.search}`;
  if (path.length <= 1) return { ok: false, problem: "the URL names no repository" };
  return {
    ok: true,
    location: {
      protocol,
      host,
      port,
      ...(username !== undefined ? { username } : {}),
      url: url.href,
      scpLike: false,
      path,
    },
  };
}

/**
 * `https://github.com/acme/api.git` → `acme/api`: the last two segments of a git URL. A repository
 * on this server's disk is named by `localRepositoryName` instead.
 */
export function repositoryNameOf(location: string): string {
  const trimmed = location.replace(/\/+$/, "").replace(/\.git$/, "");
  const parts = trimmed.split(/[/:]/).filter(Boolean);
  return parts.slice(-2).join("/") || trimmed;
}
