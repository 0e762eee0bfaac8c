// A small, bounded client for GitHub's REST API, used by the ci analyzer's online phase: GET only,
// a request budget per scan, a timeout per request and a deadline for the whole phase, bodies
// capped, and errors turned into short messages of our own (never a library's text or the token).

/** The API base URL a caller may give: https, or http on a loopback host (tests, local proxies). */
export function apiBaseUrl(text: string): { ok: true; url: string } | { ok: false; error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: "not a URL" };
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback))
    return { ok: false, error: "must be https (http only on a loopback host)" };
  if (url.username || url.password) return { ok: false, error: "must not carry credentials" };
  if (url.search || url.hash) return { ok: false, error: "must not carry a query or fragment" };
  return { ok: true, url: url.toString().replace(/\/+$/, "") };
}

export interface GitHubClientLimits {
  /** Requests the whole phase may send (GitHub allows 5 000 an hour per token). */
  maxRequests: number;
  timeoutMs: number;
  /** Wall time of the whole phase, in milliseconds. */
  totalMs: number;
  maxBodyBytes: number;
}

export const DEFAULT_CLIENT_LIMITS: GitHubClientLimits = {
  maxRequests: 250,
  timeoutMs: 10_000,
  totalMs: 60_000,
  maxBodyBytes: 4 * 1024 * 1024,
};

export interface ApiResponse {
  status: number;
  body: unknown;
  /** True when a `Link` header names a next page. */
  hasNextPage: boolean;
}

/** A question could not be answered; the message is ours and safe to show. */
export class LookupError extends Error {}

/** No further request may be sent (budget spent, deadline passed, rate limited): stop asking. */
export class LookupStopped extends LookupError {}

export interface GitHubClient {
  get(path: string): Promise<ApiResponse>;
  readonly requestsSent: number;
}

async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new LookupError("response too large");
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new LookupError("response too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function createGitHubClient(
  connection: { token: string; apiUrl: string },
  limits: GitHubClientLimits = DEFAULT_CLIENT_LIMITS,
): GitHubClient {
  const base = apiBaseUrl(connection.apiUrl);
  if (!base.ok) throw new LookupStopped(`GitHub API URL refused: ${base.error}`);
  const deadline = Date.now() + limits.totalMs;
  let sent = 0;
  let stopped: string | undefined;
  const client: GitHubClient = {
    get requestsSent() {
      return sent;
    },
    async get(path) {
      if (stopped) throw new LookupStopped(stopped);
      if (sent >= limits.maxRequests) {
        stopped = `request budget of ${limits.maxRequests} spent`;
        throw new LookupStopped(stopped);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        stopped = `time limit of ${Math.round(limits.totalMs / 1000)} s reached`;
        throw new LookupStopped(stopped);
      }
      sent++;
      let response: Response;
      try {
        // Redirects are not followed: a redirect to another host would carry the token there.
        response = await fetch(`${base.url}${path}`, {
          headers: {
            accept: "application/vnd.github+json",
            authorization: `Bearer ${connection.token}`,
            "user-agent": "rampart-scanner",
            "x-github-api-version": "2022-11-28",
          },
          redirect: "manual",
          signal: AbortSignal.timeout(Math.min(limits.timeoutMs, left)),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        throw new LookupError(timedOut ? "request timed out" : "network error");
      }
      if (response.status === 401) {
        stopped = "GitHub refused the token (401)";
        throw new LookupStopped(stopped);
      }
      if (
        (response.status === 403 || response.status === 429) &&
        (response.headers.get("x-ratelimit-remaining") === "0" || response.headers.has("retry-after"))
      ) {
        stopped = `GitHub rate limit reached (${response.status})`;
        throw new LookupStopped(stopped);
      }
      const text = await readBounded(response, limits.maxBodyBytes);
      let body: unknown = null;
      if (text !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          throw new LookupError(`unreadable response (HTTP ${response.status})`);
        }
      }
      const link = response.headers.get("link") ?? "";
      return { status: response.status, body, hasNextPage: /rel="next"/.test(link) };
    },
  };
  return client;
}
