// Real git servers on 127.0.0.1 for tests: git's own smart HTTP (git http-backend behind a Node
// HTTP server, optionally asking for a token or redirecting) and git daemon (git://, one
// `--inetd` child per connection). Both listen on a port of their own choosing.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface GitServer {
  port: number;
  /** How many requests or connections reached the server. */
  hits: () => number;
  close(): Promise<void>;
}

const gitAs = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.test", "-c", "user.name=T", ...args], { cwd })
    .toString()
    .trim();

/** A bare repository `<root>/<name>.git` with one commit holding `files`; returns root and commit. */
export function bareRepository(name: string, files: Record<string, string>): { root: string; sha: string } {
  const root = mkdtempSync(path.join(tmpdir(), "rampart-served-"));
  const work = path.join(root, "work");
  execFileSync("git", ["init", "--quiet", "--initial-branch", "main", work]);
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(work, file), content);
  gitAs(work, "add", "--all");
  gitAs(work, "commit", "--quiet", "-m", "initial");
  const sha = gitAs(work, "rev-parse", "HEAD");
  execFileSync("git", ["clone", "--quiet", "--bare", work, path.join(root, `${name}.git`)]);
  rmSync(work, { recursive: true, force: true });
  return { root, sha };
}

function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Smart HTTP over `git http-backend`. With `token`, requests without `Basic x:<token>` get 401;
 * with `redirectTo`, every request is answered with a 302 to that URL prefix.
 */
export async function startHttpGitServer(
  root: string,
  options: { token?: string; redirectTo?: string } = {},
): Promise<GitServer> {
  let hits = 0;
  const server = createHttpServer((request: IncomingMessage, response: ServerResponse) => {
    hits += 1;
    const url = new URL(request.url ?? "/", "http://localhost");
    if (options.redirectTo) {
      response.writeHead(302, { location: `${options.redirectTo}${url.pathname}${url.search}` }).end();
      return;
    }
    if (options.token) {
      const given = request.headers.authorization ?? "";
      const password = Buffer.from(given.replace(/^Basic /, ""), "base64")
        .toString()
        .split(":")[1];
      if (password !== options.token) {
        response.writeHead(401, { "www-authenticate": 'Basic realm="git"' }).end();
        return;
      }
    }
    serveGitHttp(root, url, request, response);
  });
  const port = await listen(server);
  return {
    port,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Answers one smart-HTTP request with `git http-backend` over the repositories under `root`
 * (`url.pathname` is the path inside it, e.g. `/owner/name.git/info/refs`). Pushes are refused
 * unless `allowPush`.
 */
export function serveGitHttp(
  root: string,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  options: { allowPush?: boolean } = {},
) {
  const child = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH ?? "",
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: request.method ?? "GET",
      CONTENT_TYPE: request.headers["content-type"] ?? "",
      HTTP_CONTENT_ENCODING: request.headers["content-encoding"] ?? "",
      GIT_PROTOCOL: String(request.headers["git-protocol"] ?? ""),
      REMOTE_ADDR: "127.0.0.1",
      ...(options.allowPush
        ? {
            REMOTE_USER: "rampart",
            GIT_CONFIG_COUNT: "1",
            GIT_CONFIG_KEY_0: "http.receivepack",
            GIT_CONFIG_VALUE_0: "true",
          }
        : {}),
    },
  });
  request.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (headersSent) return void response.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) return;
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.subarray(0, end).toString().split("\r\n")) {
      const [key, ...rest] = line.split(":");
      const value = rest.join(":").trim();
      if (key!.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else headers[key!] = value;
    }
    response.writeHead(status, headers);
    headersSent = true;
    response.write(head.subarray(end + 4));
  });
  child.on("close", () => response.end());
}

/** git:// through `git daemon --inetd`, serving the repositories under `root`. */
export async function startGitDaemon(root: string): Promise<GitServer> {
  let hits = 0;
  const server = createTcpServer((socket) => {
    hits += 1;
    const child = spawn("git", ["daemon", "--inetd", "--export-all", `--base-path=${root}`, root]);
    socket.pipe(child.stdin);
    child.stdout.pipe(socket);
    socket.on("error", () => child.kill());
    child.on("close", () => socket.end());
  });
  const port = await listen(server);
  return {
    port,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
      }),
  };
}
