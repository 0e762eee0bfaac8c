// A fake GitHub for tests: one local HTTP server that answers the REST endpoints Rampart uses, in
// the shapes of GitHub's API (@octokit/openapi-types), and serves the installations' repositories
// over smart HTTP (`git http-backend`) with installation tokens. It checks what GitHub checks: the
// App's JWT signature, tokens per installation, at most 50 annotations per check-run request,
// review comments only on lines of the diff. Webhook payloads start from GitHub's own examples
// (@octokit/webhooks-examples) and are signed like GitHub signs them.
import { execFileSync } from "node:child_process";
import { createPublicKey, generateKeyPairSync, randomBytes, verify } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import examples from "@octokit/webhooks-examples" with { type: "json" };
import { serveGitHttp } from "@rampart/checkout/testing/git-servers";
import { signatureOf } from "../src/github/webhook-signature.ts";
import type { App } from "../src/http/types.ts";
import { createFakeSettings } from "./fake-github-settings.ts";

export interface FakeApp {
  id: number;
  slug: string;
  privateKey: string;
  webhookSecret: string;
  clientId: string;
  clientSecret: string;
}

export interface FakeRepository {
  id: number;
  fullName: string;
  defaultBranch: string;
  /** The bare repository GitHub serves. */
  bare: string;
  /** A working copy commits are made in and pushed from. */
  work: string;
}

export interface FakeInstallation {
  id: number;
  account: { login: string; type: "Organization" | "User" };
  repositories: string[];
  suspendedAt: string | null;
}

export interface FakeCheckRun {
  id: number;
  repository: string;
  name: string;
  headSha: string;
  status: string;
  conclusion: string | null;
  output: { title?: string; summary?: string };
  annotations: {
    path: string;
    start_line: number;
    end_line: number;
    annotation_level: string;
    message: string;
  }[];
  /** How many annotations each request carried. */
  batches: number[];
}

export interface FakeComment {
  id: number;
  repository: string;
  number: number;
  body: string;
  path?: string;
  line?: number;
  startLine?: number;
  commitId?: string;
}

export interface FakePullRequest {
  repository: string;
  number: number;
  headRef: string;
  baseRef: string;
  title?: string;
  body?: string;
  state?: "open" | "closed";
  merged?: boolean;
  mergeCommitSha?: string | null;
}

interface Json {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const json = (status: number, body: unknown, headers?: Record<string, string>): Json => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.test", "-c", "user.name=T", ...args], { cwd })
    .toString()
    .trim();

type Example = { name: string; examples: Record<string, unknown>[] };
const EXAMPLES = examples as unknown as Example[];

/** A deep copy of GitHub's own example of `event` (with `action`), to fill in. */
function example(event: string, action?: string): Record<string, unknown> {
  const found = EXAMPLES.find((entry) => entry.name === event)?.examples.find(
    (candidate) => action === undefined || candidate.action === action,
  );
  if (!found) throw new Error(`no example of ${event}.${action}`);
  return structuredClone(found);
}

export interface FakeGitHubOptions {
  port?: number;
  /** The App as configured in Rampart's environment. */
  app?: FakeApp;
  /**
   * What a user does on the App's installation page: install it on `account` with these
   * repositories, and be sent back to Rampart's setup URL (a browser test's GitHub).
   */
  installPage?: { rampartUrl: string; account: string; repositories: string[] };
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "rampart-fake-github-"));
  let nextId = 1000;
  const id = () => nextId++;
  let app: FakeApp | undefined = options.app;
  const manifestCodes = new Map<string, Record<string, unknown>>();
  const installations = new Map<number, FakeInstallation>();
  const repositories = new Map<string, FakeRepository>();
  const tokens = new Map<string, number>();
  /** Every installation token handed out, in order: Rampart must mint them, never keep them. */
  const mintedTokens: string[] = [];
  const userCodes = new Map<string, number[]>();
  const userTokens = new Map<string, number[]>();
  const pullRequests: FakePullRequest[] = [];
  const checkRuns: FakeCheckRun[] = [];
  const issueComments: FakeComment[] = [];
  const reviewComments: FakeComment[] = [];
  const requests: string[] = [];
  const settings = createFakeSettings();
  /** While set, API requests whose path matches answer 502, as GitHub does in an outage. */
  let outage: RegExp | undefined;
  let url = "";

  const repositoryJson = (repository: FakeRepository) => ({
    id: repository.id,
    node_id: `R_${repository.id}`,
    name: repository.fullName.split("/")[1],
    full_name: repository.fullName,
    private: true,
    owner: { login: repository.fullName.split("/")[0], id: 1, type: "Organization" },
    html_url: `${url}/${repository.fullName}`,
    clone_url: `${url}/${repository.fullName}.git`,
    default_branch: repository.defaultBranch,
  });

  function verifyJwt(header: string | undefined): boolean {
    if (!app) return false;
    const jwt = /^Bearer (.+)$/i.exec(header ?? "")?.[1];
    const [head, payload, signature] = jwt?.split(".") ?? [];
    if (!head || !payload || !signature) return false;
    const valid = verify(
      "RSA-SHA256",
      Buffer.from(`${head}.${payload}`),
      createPublicKey(app.privateKey),
      Buffer.from(signature, "base64url"),
    );
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as {
      iss?: unknown;
      exp?: number;
    };
    return valid && String(claims.iss) === String(app.id) && (claims.exp ?? 0) * 1000 > Date.now();
  }

  const tokenOf = (header: string | undefined) => /^(?:token|Bearer) (\S+)$/i.exec(header ?? "")?.[1];
  const installationOf = (header: string | undefined) => {
    const token = tokenOf(header);
    return token ? tokens.get(token) : undefined;
  };
  /** The installation may reach the repository; 404 otherwise, as GitHub answers. */
  const reachable = (header: string | undefined, fullName: string) => {
    const installationId = installationOf(header);
    return installationId !== undefined && installations.get(installationId)?.repositories.includes(fullName);
  };

  /** A page of `items` with GitHub's `Link` header: `next` and `last` while more pages follow. */
  function page<T>(items: T[], query: URLSearchParams, pathname: string) {
    const perPage = Math.min(100, Number(query.get("per_page") ?? 30));
    const number = Number(query.get("page") ?? 1);
    const slice = items.slice((number - 1) * perPage, number * perPage);
    const headers: Record<string, string> = {};
    if (number * perPage < items.length) {
      const linkTo = (target: number) => {
        const next = new URLSearchParams(query);
        next.set("page", String(target));
        return `<${url}${pathname}?${next}>`;
      };
      headers.link = `${linkTo(number + 1)}; rel="next", ${linkTo(Math.ceil(items.length / perPage))}; rel="last"`;
    }
    return { slice, headers };
  }

  function pullRequestShas(pull: FakePullRequest) {
    const repository = repositories.get(pull.repository)!;
    return {
      head: git(repository.bare, "rev-parse", `refs/heads/${pull.headRef}`),
      base: git(repository.bare, "rev-parse", `refs/heads/${pull.baseRef}`),
    };
  }

  /** A pull request in GitHub's shape (the fields Rampart reads, and a few more). */
  function pullJson(pull: FakePullRequest) {
    const repository = repositories.get(pull.repository)!;
    const { head, base } = pullRequestShas(pull);
    return {
      id: pull.number * 1000 + repository.id,
      number: pull.number,
      state: pull.state ?? "open",
      title: pull.title ?? "",
      body: pull.body ?? null,
      html_url: `${url}/${pull.repository}/pull/${pull.number}`,
      merged: pull.merged ?? false,
      merge_commit_sha: pull.mergeCommitSha ?? null,
      head: { ref: pull.headRef, sha: head, label: `${pull.repository.split("/")[0]}:${pull.headRef}` },
      base: { ref: pull.baseRef, sha: base, label: `${pull.repository.split("/")[0]}:${pull.baseRef}` },
    };
  }

  /** Diffs already computed, by repository, base and head: a 1,000-file pull request is asked often. */
  const diffs = new Map<string, ReturnType<typeof computeDiff>>();

  /** The pull request's changed files with their patches, as GitHub lists them. */
  function diffOf(pull: FakePullRequest) {
    const { head, base } = pullRequestShas(pull);
    const key = `${pull.repository}\u0000${base}\u0000${head}`;
    const cached = diffs.get(key) ?? computeDiff(pull.repository, base, head);
    diffs.set(key, cached);
    return cached;
  }

  /** One `git diff` for all files, split per file (a process per file is slow at 1,000 files). */
  function computeDiff(fullName: string, base: string, head: string) {
    const repository = repositories.get(fullName)!;
    const mergeBase = git(repository.bare, "merge-base", base, head);
    const names = git(repository.bare, "diff", "--name-status", "--no-renames", mergeBase, head)
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("\t"));
    const patches = new Map<string, string>();
    const full = git(repository.bare, "diff", "--no-renames", "--unified=3", mergeBase, head);
    for (const block of full.split(/^diff --git /m).slice(1)) {
      const name = /^\+\+\+ b\/(.+)$/m.exec(block)?.[1] ?? /^--- a\/(.+)$/m.exec(block)?.[1];
      const hunks = block.indexOf("@@");
      if (name) patches.set(name, hunks >= 0 ? block.slice(hunks).replace(/\n$/, "") : "");
    }
    return names.map(([status, filename]) => ({
      sha: "0".repeat(40),
      filename: filename!,
      status: status === "A" ? "added" : status === "D" ? "removed" : "modified",
      additions: 0,
      deletions: 0,
      changes: 0,
      patch: patches.get(filename!) ?? "",
    }));
  }

  function rightSideLines(patch: string): Set<number> {
    const lines = new Set<number>();
    let line = 0;
    for (const text of patch.split("\n")) {
      const header = /^@@ -\d+(?:,\d+)? \+(\d+)/.exec(text);
      if (header) line = Number(header[1]);
      else if (text.startsWith("+") || text.startsWith(" ")) lines.add(line++);
    }
    return lines;
  }

  interface Call {
    match: string[];
    query: URLSearchParams;
    auth: string | undefined;
    body: Record<string, unknown>;
    pathname: string;
  }
  type Handler = (call: Call) => Json;
  const findPull = (fullName: string, number: number) =>
    pullRequests.find((candidate) => candidate.repository === fullName && candidate.number === number);

  /** Routes of a repository: the installation's token must reach it, or GitHub answers 404. */
  const inRepository =
    (handler: (call: Call, fullName: string, repository: FakeRepository) => Json): Handler =>
    (call) =>
      reachable(call.auth, call.match[1]!)
        ? handler(call, call.match[1]!, repositories.get(call.match[1]!)!)
        : json(404, { message: "Not Found" });
  /** Routes of the App itself: a JWT signed with its private key. */
  const asApp =
    (handler: Handler): Handler =>
    (call) =>
      verifyJwt(call.auth) ? handler(call) : json(401, { message: "A JSON web token could not be decoded" });
  const installationRoute =
    (handler: (call: Call, installation: FakeInstallation) => Json): Handler =>
    (call) => {
      const installation = installations.get(Number(call.match[1]));
      return installation ? handler(call, installation) : json(404, { message: "Not Found" });
    };

  const ROUTES: [string, RegExp, Handler][] = [
    [
      "GET",
      /^\/apps\/([^/]+)\/installations\/new$/,
      ({ query }) => {
        const page = options.installPage;
        if (!page) return json(404, { message: "Not Found" });
        const installation = fake.installApp(page.account, page.repositories);
        const back = new URL("/api/github/setup", page.rampartUrl);
        back.searchParams.set("installation_id", String(installation.id));
        back.searchParams.set("setup_action", "install");
        if (query.get("state")) back.searchParams.set("state", query.get("state")!);
        return json(302, null, { location: back.toString() });
      },
    ],
    [
      "POST",
      /^\/app-manifests\/([^/]+)\/conversions$/,
      ({ match }) => {
        const manifest = manifestCodes.get(match[1]!);
        if (!manifest) return json(404, { message: "Not Found" });
        manifestCodes.delete(match[1]!);
        const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
        app = {
          id: id(),
          slug: String(manifest.name)
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-"),
          privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
          webhookSecret: randomBytes(20).toString("hex"),
          clientId: `Iv1.${randomBytes(8).toString("hex")}`,
          clientSecret: randomBytes(20).toString("hex"),
        };
        return json(201, {
          id: app.id,
          slug: app.slug,
          node_id: "A_1",
          owner: { login: "acme", id: 1, type: "Organization" },
          name: manifest.name,
          html_url: `${url}/apps/${app.slug}`,
          permissions: manifest.default_permissions,
          events: manifest.default_events,
          pem: app.privateKey,
          webhook_secret: app.webhookSecret,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        });
      },
    ],
    [
      "POST",
      /^\/login\/oauth\/access_token$/,
      ({ body }) => {
        const installationIds = userCodes.get(String(body.code));
        if (!installationIds || body.client_id !== app?.clientId || body.client_secret !== app?.clientSecret)
          return json(200, { error: "bad_verification_code" });
        userCodes.delete(String(body.code));
        const token = `ghu_${randomBytes(12).toString("hex")}`;
        userTokens.set(token, installationIds);
        return json(200, { access_token: token, token_type: "bearer" });
      },
    ],
    [
      "GET",
      /^\/user\/installations$/,
      ({ auth, query, pathname }) => {
        const visible = userTokens.get(tokenOf(auth) ?? "");
        if (!visible) return json(401, { message: "Bad credentials" });
        const list = visible.flatMap((installationId) => {
          const installation = installations.get(installationId);
          return installation ? [{ id: installation.id, account: installation.account }] : [];
        });
        const { slice, headers } = page(list, query, pathname);
        return json(200, { total_count: list.length, installations: slice }, headers);
      },
    ],
    [
      "GET",
      /^\/app$/,
      asApp(() =>
        json(200, {
          id: app!.id,
          slug: app!.slug,
          html_url: `${url}/apps/${app!.slug}`,
          owner: { login: "acme" },
        }),
      ),
    ],
    [
      "GET",
      /^\/app\/installations\/(\d+)$/,
      asApp(
        installationRoute((_call, installation) =>
          json(200, {
            id: installation.id,
            account: installation.account,
            suspended_at: installation.suspendedAt,
            app_id: app!.id,
          }),
        ),
      ),
    ],
    [
      "POST",
      /^\/app\/installations\/(\d+)\/access_tokens$/,
      asApp(
        installationRoute((_call, installation) => {
          if (installation.suspendedAt) return json(403, { message: "This installation has been suspended" });
          const token = `ghs_${randomBytes(16).toString("hex")}`;
          tokens.set(token, installation.id);
          mintedTokens.push(token);
          return json(201, { token, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
        }),
      ),
    ],
    [
      "GET",
      /^\/installation\/repositories$/,
      ({ auth, query, pathname }) => {
        const installationId = installationOf(auth);
        if (installationId === undefined) return json(401, { message: "Bad credentials" });
        const list = installations
          .get(installationId)!
          .repositories.map((name) => repositoryJson(repositories.get(name)!));
        const { slice, headers } = page(list, query, pathname);
        return json(200, { total_count: list.length, repositories: slice }, headers);
      },
    ],
    [
      "GET",
      /^\/repos\/([^/]+\/[^/]+)\/compare\/([0-9a-f]{40})\.\.\.([0-9a-f]{40})$/,
      inRepository(({ match }, _fullName, repository) =>
        json(200, {
          merge_base_commit: { sha: git(repository.bare, "merge-base", match[2]!, match[3]!) },
          files: [],
          commits: [],
        }),
      ),
    ],
    [
      "GET",
      /^\/repos\/([^/]+\/[^/]+)\/pulls$/,
      inRepository(({ query, pathname }, fullName) => {
        const owner = fullName.split("/")[0];
        const head = query.get("head");
        const state = query.get("state") ?? "open";
        const list = pullRequests
          .filter((pull) => pull.repository === fullName)
          .filter((pull) => state === "all" || (pull.state ?? "open") === state)
          .filter((pull) => !head || head === `${owner}:${pull.headRef}`)
          .sort((a, b) => b.number - a.number)
          .map(pullJson);
        const { slice, headers } = page(list, query, pathname);
        return json(200, slice, headers);
      }),
    ],
    [
      "POST",
      /^\/repos\/([^/]+\/[^/]+)\/pulls$/,
      inRepository(({ body }, fullName, repository) => {
        const head = String(body.head);
        const base = String(body.base);
        const exists = (branch: string) => {
          try {
            git(repository.bare, "rev-parse", "--verify", "--quiet", `refs/heads/${branch}`);
            return true;
          } catch {
            return false;
          }
        };
        if (!body.title || !exists(head) || !exists(base))
          return json(422, {
            message: "Validation Failed",
            errors: [{ resource: "PullRequest", code: "invalid" }],
          });
        if (
          pullRequests.some(
            (pull) => pull.repository === fullName && pull.headRef === head && pull.state !== "closed",
          )
        )
          return json(422, {
            message: "Validation Failed",
            errors: [{ message: `A pull request already exists for ${fullName.split("/")[0]}:${head}.` }],
          });
        const number =
          Math.max(
            0,
            ...pullRequests.filter((pull) => pull.repository === fullName).map((pull) => pull.number),
          ) + 1;
        const pull: FakePullRequest = {
          repository: fullName,
          number,
          headRef: head,
          baseRef: base,
          title: String(body.title),
          body: String(body.body ?? ""),
          state: "open",
          merged: false,
          mergeCommitSha: null,
        };
        pullRequests.push(pull);
        return json(201, pullJson(pull));
      }),
    ],
    [
      "PATCH",
      /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)$/,
      inRepository(({ match, body }, fullName) => {
        const pull = findPull(fullName, Number(match[2]));
        if (!pull) return json(404, { message: "Not Found" });
        if (body.title !== undefined) pull.title = String(body.title);
        if (body.body !== undefined) pull.body = String(body.body);
        if (body.state === "closed" || body.state === "open") pull.state = body.state;
        return json(200, pullJson(pull));
      }),
    ],
    [
      "GET",
      /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/files$/,
      inRepository(({ match, query, pathname }, fullName) => {
        const pull = findPull(fullName, Number(match[2]));
        if (!pull) return json(404, { message: "Not Found" });
        const { slice, headers } = page(diffOf(pull), query, pathname);
        return json(200, slice, headers);
      }),
    ],
    [
      "POST",
      /^\/repos\/([^/]+\/[^/]+)\/check-runs$/,
      inRepository(({ body }, fullName) => {
        const run: FakeCheckRun = {
          id: id(),
          repository: fullName,
          name: String(body.name),
          headSha: String(body.head_sha),
          status: String(body.status ?? "queued"),
          conclusion: null,
          output: {},
          annotations: [],
          batches: [],
        };
        checkRuns.push(run);
        return json(201, { id: run.id, head_sha: run.headSha, status: run.status, name: run.name });
      }),
    ],
    [
      "PATCH",
      /^\/repos\/([^/]+\/[^/]+)\/check-runs\/(\d+)$/,
      inRepository(({ match, body }, fullName) => {
        const run = checkRuns.find(
          (candidate) => candidate.id === Number(match[2]) && candidate.repository === fullName,
        );
        if (!run) return json(404, { message: "Not Found" });
        const output = body.output as
          | { title?: string; summary?: string; annotations?: FakeCheckRun["annotations"] }
          | undefined;
        if (output) {
          if (!output.title || !output.summary)
            return json(422, { message: "output needs title and summary" });
          const annotations = output.annotations ?? [];
          if (annotations.length > 50)
            return json(422, { message: "Only 50 annotations are allowed per request" });
          run.output = { title: output.title, summary: output.summary };
          run.annotations.push(...annotations);
          run.batches.push(annotations.length);
        }
        if (body.status) run.status = String(body.status);
        if (body.conclusion) run.conclusion = String(body.conclusion);
        return json(200, { id: run.id, status: run.status, conclusion: run.conclusion });
      }),
    ],
    [
      "GET",
      /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/,
      inRepository(({ match, query, pathname }, fullName) => {
        const list = issueComments
          .filter((comment) => comment.repository === fullName && comment.number === Number(match[2]))
          .map((comment) => ({
            id: comment.id,
            body: comment.body,
            user: { login: `${app?.slug}[bot]`, type: "Bot" },
          }));
        const { slice, headers } = page(list, query, pathname);
        return json(200, slice, headers);
      }),
    ],
    [
      "POST",
      /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/,
      inRepository(({ match, body }, fullName) => {
        const comment = { id: id(), repository: fullName, number: Number(match[2]), body: String(body.body) };
        issueComments.push(comment);
        return json(201, { id: comment.id, body: comment.body });
      }),
    ],
    [
      "PATCH",
      /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/,
      inRepository(({ match, body }, fullName) => {
        const comment = issueComments.find(
          (candidate) => candidate.id === Number(match[2]) && candidate.repository === fullName,
        );
        if (!comment) return json(404, { message: "Not Found" });
        comment.body = String(body.body);
        return json(200, { id: comment.id, body: comment.body });
      }),
    ],
    [
      "GET",
      /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/comments$/,
      inRepository(({ match, query, pathname }, fullName) => {
        if (!findPull(fullName, Number(match[2]))) return json(404, { message: "Not Found" });
        const list = reviewComments
          .filter((comment) => comment.repository === fullName && comment.number === Number(match[2]))
          .map((comment) => ({ id: comment.id, body: comment.body, path: comment.path, line: comment.line }));
        const { slice, headers } = page(list, query, pathname);
        return json(200, slice, headers);
      }),
    ],
    [
      "POST",
      /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/comments$/,
      inRepository(({ match, body }, fullName) => {
        const pull = findPull(fullName, Number(match[2]));
        if (!pull) return json(404, { message: "Not Found" });
        const file = diffOf(pull).find((candidate) => candidate.filename === body.path);
        const shown = file ? rightSideLines(file.patch) : new Set<number>();
        const lines = [Number(body.start_line ?? body.line), Number(body.line)];
        if (body.side !== "RIGHT" || !body.commit_id || lines.some((line) => !shown.has(line)))
          return json(422, { message: "pull_request_review_thread.line must be part of the diff" });
        const comment: FakeComment = {
          id: id(),
          repository: fullName,
          number: pull.number,
          body: String(body.body),
          path: String(body.path),
          line: Number(body.line),
          ...(body.start_line ? { startLine: Number(body.start_line) } : {}),
          commitId: String(body.commit_id),
        };
        reviewComments.push(comment);
        return json(201, { id: comment.id, body: comment.body, path: comment.path, line: comment.line });
      }),
    ],
    ...settings.routes({
      json,
      page,
      inRepository,
      installationOf,
      repositoryJson: (fullName) => repositoryJson(repositories.get(fullName)!),
      defaultBranchOf: (fullName) => repositories.get(fullName)!.defaultBranch,
    }),
  ];

  function route(
    method: string,
    pathname: string,
    query: URLSearchParams,
    auth: string | undefined,
    body: Record<string, unknown>,
  ): Json {
    if (outage?.test(pathname)) return json(502, { message: "Server Error" });
    for (const [routeMethod, pattern, handler] of ROUTES) {
      const match = routeMethod === method ? pattern.exec(pathname) : null;
      if (match) return handler({ match: [...match], query, auth, body, pathname });
    }
    return json(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const target = new URL(request.url ?? "/", "http://localhost");
    requests.push(`${request.method} ${target.pathname}`);
    const gitPath = /^\/([^/]+\/[^/]+)\.git\//.exec(target.pathname);
    if (gitPath) {
      const password = Buffer.from((request.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
        .toString()
        .split(":")[1];
      const installationId = password ? tokens.get(password) : undefined;
      if (
        installationId === undefined ||
        !installations.get(installationId)?.repositories.includes(gitPath[1]!)
      ) {
        response.writeHead(401, { "www-authenticate": 'Basic realm="GitHub"' }).end();
        return;
      }
      // The installation's token may push (contents: write), as fix pull requests do.
      serveGitHttp(root, target, request, response, { allowPush: true });
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString();
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        response
          .writeHead(400, { "content-type": "application/json" })
          .end('{"message":"Problems parsing JSON"}');
        return;
      }
      let answer: Json;
      try {
        answer = route(
          request.method ?? "GET",
          target.pathname,
          target.searchParams,
          request.headers.authorization,
          body,
        );
      } catch (error) {
        answer = json(500, { message: String(error) });
      }
      response.writeHead(answer.status, {
        "content-type": "application/json; charset=utf-8",
        ...answer.headers,
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A commit on `branch` (from `from`, default the branch itself) writing `files`; null deletes one. */
  function commit(
    fullName: string,
    branch: string,
    files: Record<string, string | null>,
    options: { from?: string; message?: string } = {},
  ) {
    const repository = repositories.get(fullName)!;
    const existing = git(repository.work, "branch", "--list", branch);
    git(
      repository.work,
      "checkout",
      "--quiet",
      ...(existing ? [branch] : ["-b", branch, options.from ?? repository.defaultBranch]),
    );
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(repository.work, file);
      if (content === null) rmSync(target, { force: true });
      else {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, content);
      }
    }
    git(repository.work, "add", "--all");
    git(repository.work, "commit", "--quiet", "--allow-empty", "-m", options.message ?? `change ${branch}`);
    git(repository.work, "push", "--quiet", "--force", "origin", `${branch}:${branch}`);
    return git(repository.work, "rev-parse", "HEAD");
  }

  const fake = {
    get url() {
      return url;
    },
    get app() {
      return app;
    },
    requests,
    mintedTokens,
    checkRuns,
    issueComments,
    reviewComments,
    installations,
    /** Repository settings and organizations (fake-github-settings.ts). */
    settings,

    /** An App as the operator would configure it through GITHUB_APP_ID and its companions. */
    createApp(): FakeApp {
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      app = {
        id: id(),
        slug: "rampart-test",
        privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
        webhookSecret: randomBytes(20).toString("hex"),
        clientId: `Iv1.${randomBytes(8).toString("hex")}`,
        clientSecret: randomBytes(20).toString("hex"),
      };
      return app;
    },

    /** The code GitHub hands the browser back after the admin confirmed the App's creation. */
    manifestCode(manifest: Record<string, unknown>): string {
      const code = randomBytes(10).toString("hex");
      manifestCodes.set(code, manifest);
      return code;
    },

    /** A repository with one commit of `files` on its default branch. */
    createRepository(
      fullName: string,
      files: Record<string, string>,
      defaultBranch = "main",
    ): FakeRepository {
      const bare = path.join(root, `${fullName}.git`);
      const work = path.join(root, "work", fullName);
      mkdirSync(path.dirname(bare), { recursive: true });
      mkdirSync(work, { recursive: true });
      git(work, "init", "--quiet", "--initial-branch", defaultBranch);
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
        writeFileSync(path.join(work, file), content);
      }
      git(work, "add", "--all");
      git(work, "commit", "--quiet", "-m", "initial");
      execFileSync("git", ["clone", "--quiet", "--bare", work, bare]);
      git(work, "remote", "add", "origin", bare);
      const repository = { id: id(), fullName, defaultBranch, bare, work };
      repositories.set(fullName, repository);
      return repository;
    },

    commit,

    installApp(account: string, repositoryNames: string[]): FakeInstallation {
      const installation: FakeInstallation = {
        id: id(),
        account: { login: account, type: "Organization" },
        repositories: [...repositoryNames],
        suspendedAt: null,
      };
      installations.set(installation.id, installation);
      return installation;
    },

    /** The OAuth code of a user who authorized the App while installing it and sees these installations. */
    userCode(installationIds: number[]): string {
      const code = randomBytes(10).toString("hex");
      userCodes.set(code, installationIds);
      return code;
    },

    openPullRequest(fullName: string, number: number, headRef: string, baseRef = "main"): FakePullRequest {
      const pull: FakePullRequest = { repository: fullName, number, headRef, baseRef, state: "open" };
      pullRequests.push(pull);
      return pull;
    },

    /** API requests whose path matches `paths` fail with 502 until called again with undefined. */
    setOutage(paths: RegExp | undefined) {
      outage = paths;
    },

    repositoryJson: (fullName: string) => repositoryJson(repositories.get(fullName)!),

    pullRequests,

    /** The repository's pull requests from this head branch (newest last). */
    pullRequestsOf: (fullName: string, headRef?: string) =>
      pullRequests.filter((pull) => pull.repository === fullName && (!headRef || pull.headRef === headRef)),

    /**
     * Merges a pull request as GitHub's merge button does. A squash or a rebase writes new commits
     * on the base branch: the head branch's commit is not in its history afterwards.
     */
    mergePullRequest(pull: FakePullRequest, method: "merge" | "squash" | "rebase") {
      const repository = repositories.get(pull.repository)!;
      const { head, base } = pullRequestShas(pull);
      const env = ["-c", "user.email=noreply@github.test", "-c", "user.name=GitHub"];
      const tree = git(repository.bare, "rev-parse", `${head}^{tree}`);
      const parents = method === "merge" ? ["-p", base, "-p", head] : ["-p", base];
      const message =
        method === "squash" ? `${pull.title ?? "Squashed"} (#${pull.number})` : (pull.title ?? "Merged");
      // One commit with the head's tree on the base: what a squash (and a one-commit rebase) leaves.
      const merged = git(repository.bare, ...env, "commit-tree", tree, ...parents, "-m", message);
      git(repository.bare, "update-ref", `refs/heads/${pull.baseRef}`, merged, base);
      Object.assign(pull, { state: "closed", merged: true, mergeCommitSha: merged });
      return merged;
    },

    closePullRequest(pull: FakePullRequest) {
      Object.assign(pull, { state: "closed", merged: false, mergeCommitSha: null });
    },

    reopenPullRequest(pull: FakePullRequest) {
      pull.state = "open";
    },

    /** A pull_request event for the pull request's current head, built on GitHub's example. */
    pullRequestEvent(
      action: "opened" | "synchronize" | "reopened" | "closed",
      pull: FakePullRequest,
      installationId: number,
    ) {
      const payload = example("pull_request", action);
      const { head, base } = pullRequestShas(pull);
      const pr = payload.pull_request as Record<string, Record<string, unknown>>;
      payload.number = pull.number;
      Object.assign(pr, {
        number: pull.number,
        state: action === "closed" ? "closed" : "open",
        merged: action === "closed" && pull.merged === true,
        merge_commit_sha: pull.mergeCommitSha ?? null,
      });
      Object.assign(pr.head!, { sha: head, ref: pull.headRef, label: `acme:${pull.headRef}` });
      Object.assign(pr.base!, {
        sha: base,
        ref: pull.baseRef,
        repo: repositoryJson(repositories.get(pull.repository)!),
      });
      payload.repository = repositoryJson(repositories.get(pull.repository)!);
      payload.installation = { id: installationId, node_id: "I_1" };
      return payload;
    },

    pushEvent(fullName: string, branch: string, installationId: number) {
      const repository = repositories.get(fullName)!;
      const payload = example("push");
      Object.assign(payload, {
        ref: `refs/heads/${branch}`,
        after: git(repository.bare, "rev-parse", `refs/heads/${branch}`),
        deleted: false,
        repository: repositoryJson(repository),
        installation: { id: installationId, node_id: "I_1" },
      });
      return payload;
    },

    installationEvent(
      action: "created" | "deleted" | "suspend" | "unsuspend",
      installation: FakeInstallation,
    ) {
      const payload = example("installation", action);
      const given = payload.installation as Record<string, unknown>;
      Object.assign(given, {
        id: installation.id,
        account: { ...(given.account as object), login: installation.account.login },
      });
      if (action === "created")
        payload.repositories = installation.repositories.map((name) => {
          const {
            id: repositoryId,
            node_id,
            name: short,
            full_name,
            private: isPrivate,
          } = repositoryJson(repositories.get(name)!);
          return { id: repositoryId, node_id, name: short, full_name, private: isPrivate };
        });
      return payload;
    },

    installationRepositoriesEvent(
      action: "added" | "removed",
      installation: FakeInstallation,
      names: string[],
    ) {
      const payload = example("installation_repositories", action);
      (payload.installation as Record<string, unknown>).id = installation.id;
      const listed = names.map((name) => {
        const {
          id: repositoryId,
          node_id,
          name: short,
          full_name,
          private: isPrivate,
        } = repositoryJson(repositories.get(name)!);
        return { id: repositoryId, node_id, name: short, full_name, private: isPrivate };
      });
      payload.repositories_added = action === "added" ? listed : [];
      payload.repositories_removed = action === "removed" ? listed : [];
      return payload;
    },

    checkRunRerequestedEvent(run: FakeCheckRun, pull: FakePullRequest, installationId: number) {
      const payload = example("check_run", "rerequested");
      const checkRun = payload.check_run as Record<string, unknown>;
      const { head, base } = pullRequestShas(pull);
      Object.assign(checkRun, {
        id: run.id,
        head_sha: run.headSha,
        name: run.name,
        app: { ...(checkRun.app as object), id: app!.id },
        pull_requests: [
          {
            number: pull.number,
            head: { sha: head, ref: pull.headRef },
            base: { sha: base, ref: pull.baseRef },
          },
        ],
      });
      payload.repository = repositoryJson(repositories.get(pull.repository)!);
      payload.installation = { id: installationId, node_id: "I_1" };
      return payload;
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
  return fake;
}

export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>;

/** Sends a webhook delivery to Rampart as GitHub would: signed with the App's secret. */
export function deliver(
  app: App,
  options: {
    event: string;
    payload: unknown;
    secret: string;
    deliveryId?: string;
    /** Sign these bytes instead (a forged signature); send `body` instead of the payload. */
    signature?: string;
    body?: string;
  },
) {
  const body = options.body ?? JSON.stringify(options.payload);
  return app.inject({
    method: "POST",
    url: "/api/github/webhooks",
    headers: {
      "content-type": "application/json",
      "x-github-event": options.event,
      "x-github-delivery": options.deliveryId ?? crypto.randomUUID(),
      "x-hub-signature-256": options.signature ?? signatureOf(options.secret, body),
      "user-agent": "GitHub-Hookshot/test",
      origin: undefined,
    },
    payload: body,
  });
}
