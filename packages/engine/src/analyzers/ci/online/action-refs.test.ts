// The online phase against a local server that answers like GitHub's REST API (same paths, same
// JSON shapes, Link pagination, 404s), reached through the product's own fetch.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTree } from "../../../../test/temp-tree.ts";
import { scan } from "../../../scan.ts";
import { SourceFile } from "../../../source.ts";
import { parseWorkflow } from "../model.ts";
import {
  type ActionRefLimits,
  type CiSummary,
  DEFAULT_ACTION_REF_LIMITS,
  lookupActionRefs,
  summarizeUses,
} from "./action-refs.ts";
import { apiBaseUrl } from "./github-client.ts";

const TOKEN = "ghs_test0000000000000000000000000000000";
const sha = (digit: string) => digit.repeat(40);
const MAIN_TIP = sha("a");
const RELEASE_TIP = sha("b");
const OLD_RELEASE = sha("c"); // contained in main, tip of nothing
const FORK_COMMIT = sha("d"); // a fork's commit: diverged from every ref

interface FakeRepository {
  defaultBranch: string;
  tags: Record<string, string>;
  branches: Record<string, string>;
  /** Commits each ref contains besides its tip. */
  contains?: Record<string, string[]>;
  /** Tags beyond the first page (listed only through git/ref). */
  hiddenTags?: Record<string, string>;
}

const repositories: Record<string, FakeRepository> = {
  "example-org/deploy-action": {
    defaultBranch: "main",
    tags: { v1: RELEASE_TIP, "v1.2.3": RELEASE_TIP },
    branches: { main: MAIN_TIP, v1: MAIN_TIP },
    contains: { main: [OLD_RELEASE] },
  },
  "example-org/big-action": {
    defaultBranch: "main",
    tags: { "v0.1": MAIN_TIP },
    branches: { main: MAIN_TIP, v9: MAIN_TIP },
    hiddenTags: { v9: RELEASE_TIP },
  },
};

const requests: { path: string; authorization: string | undefined }[] = [];
type Mode = "normal" | "error" | "hang" | "unauthorized" | "rate-limited" | "secondary-limit" | "huge";
let mode: Mode = "normal";

/** Answers GitHub gives when it will not serve the token at all, or not now. */
const REFUSALS: Partial<Record<Mode, { status: number; headers: Record<string, string>; body: unknown }>> = {
  unauthorized: { status: 401, headers: {}, body: { message: "Bad credentials" } },
  "rate-limited": {
    status: 403,
    headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000000" },
    body: { message: "API rate limit exceeded" },
  },
  "secondary-limit": {
    status: 429,
    headers: { "retry-after": "60" },
    body: { message: "You have exceeded a secondary rate limit" },
  },
};

function answer(request: IncomingMessage): { status: number; body: unknown; link?: string } {
  const url = new URL(request.url ?? "/", "http://localhost");
  const parts = url.pathname.split("/").slice(1).map(decodeURIComponent);
  if (parts[0] !== "repos") return { status: 404, body: { message: "Not Found" } };
  const repository = repositories[`${parts[1]}/${parts[2]}`];
  if (!repository) return { status: 404, body: { message: "Not Found" } };
  const rest = parts.slice(3);
  const list = (refs: Record<string, string>) =>
    Object.entries(refs).map(([name, commit]) => ({ name, commit: { sha: commit, url: "" } }));
  if (rest.length === 0) return { status: 200, body: { default_branch: repository.defaultBranch } };
  if (rest[0] === "tags")
    return {
      status: 200,
      body: list(repository.tags),
      ...(repository.hiddenTags ? { link: '<http://x/?page=2>; rel="next"' } : {}),
    };
  if (rest[0] === "branches") return { status: 200, body: list(repository.branches) };
  if (rest[0] === "git" && rest[1] === "ref") {
    const name = rest.slice(3).join("/");
    const refs = rest[2] === "tags" ? { ...repository.tags, ...repository.hiddenTags } : repository.branches;
    const commit = refs[name];
    if (!commit) return { status: 404, body: { message: "Not Found" } };
    return { status: 200, body: { ref: `refs/${rest[2]}/${name}`, object: { sha: commit, type: "commit" } } };
  }
  if (rest[0] === "compare") {
    const [base, head] = rest.slice(1).join("/").split("...");
    const tip = repository.branches[base!] ?? repository.tags[base!];
    if (!tip || ![MAIN_TIP, RELEASE_TIP, OLD_RELEASE, FORK_COMMIT].includes(head!))
      return { status: 404, body: { message: "Not Found" } };
    const contained = tip === head || (repository.contains?.[base!] ?? []).includes(head!);
    return {
      status: 200,
      body: {
        status: tip === head ? "identical" : contained ? "behind" : "diverged",
        ahead_by: 1,
        behind_by: 1,
      },
    };
  }
  return { status: 404, body: { message: "Not Found" } };
}

let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ path: request.url ?? "", authorization: request.headers.authorization });
    if (mode === "hang") return; // never answers: the client's timeout must end the wait
    const refusal = REFUSALS[mode];
    if (refusal) {
      response.writeHead(refusal.status, { "content-type": "application/json", ...refusal.headers });
      response.end(JSON.stringify(refusal.body));
      return;
    }
    if (mode === "huge") {
      // A list larger than the client reads, sent without a length so only counting can stop it.
      response.writeHead(200, { "content-type": "application/json" });
      const entry = JSON.stringify({ name: "v1", commit: { sha: MAIN_TIP, url: "x".repeat(1000) } });
      response.write("[");
      for (let i = 0; i < 5_000; i++) response.write(`${i === 0 ? "" : ","}${entry}`);
      response.end("]");
      return;
    }
    const reply = mode === "error" ? { status: 502, body: { message: "Bad Gateway" } } : answer(request);
    response.writeHead(reply.status, {
      "content-type": "application/json",
      ...(reply.link ? { link: reply.link } : {}),
    });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function files(...uses: [string, string][]): { path: string; summary: CiSummary }[] {
  return [
    {
      path: ".github/workflows/ci.yml",
      summary: {
        expands: [],
        passes: [],
        uses: uses.map(([repository, ref], index) => ({
          repository,
          ref,
          raw: `${repository}@${ref}`,
          line: index + 1,
          column: 9,
        })),
      },
    },
  ];
}

async function lookup(uses: [string, string][], limits: Partial<ActionRefLimits> = {}) {
  requests.length = 0;
  return lookupActionRefs(
    files(...uses),
    { github: { token: TOKEN, apiUrl } },
    {
      ...DEFAULT_ACTION_REF_LIMITS,
      ...limits,
    },
  );
}

describe("lookupActionRefs", () => {
  it("tells a name that is both a tag and a branch, with the token as a bearer", async () => {
    mode = "normal";
    const result = await lookup([
      ["example-org/deploy-action", "v1"],
      ["example-org/deploy-action", "v1.2.3"],
      ["example-org/deploy-action", "main"],
    ]);
    expect(result.incomplete).toEqual([]);
    expect(result.facts.refs).toEqual({
      "example-org/deploy-action@v1": { tag: true, branch: true },
      "example-org/deploy-action@v1.2.3": { tag: true, branch: false },
      "example-org/deploy-action@main": { tag: false, branch: true },
    });
    // One repository's tag and branch lists answer all three refs.
    expect(requests.map((request) => request.path)).toEqual([
      "/repos/example-org/deploy-action/tags?per_page=100",
      "/repos/example-org/deploy-action/branches?per_page=100",
    ]);
    expect(requests.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it("asks for the exact ref when a list has more pages than the one read", async () => {
    mode = "normal";
    const result = await lookup([["example-org/big-action", "v9"]]);
    expect(result.facts.refs["example-org/big-action@v9"]).toEqual({ tag: true, branch: true });
    expect(requests.map((request) => request.path)).toContain(
      "/repos/example-org/big-action/git/ref/tags/v9",
    );
  });

  it("finds commits at a tip or inside a branch reachable, and a fork's commit unreachable", async () => {
    mode = "normal";
    const result = await lookup([
      ["example-org/deploy-action", RELEASE_TIP],
      ["example-org/deploy-action", OLD_RELEASE],
      ["example-org/deploy-action", FORK_COMMIT.toUpperCase()],
    ]);
    expect(result.incomplete).toEqual([]);
    expect(result.facts.commits).toEqual({
      [`example-org/deploy-action@${RELEASE_TIP}`]: "reachable",
      [`example-org/deploy-action@${OLD_RELEASE}`]: "reachable",
      [`example-org/deploy-action@${FORK_COMMIT}`]: "unreachable",
    });
    // The default branch is compared first.
    expect(requests.map((request) => request.path)).toContain(
      `/repos/example-org/deploy-action/compare/main...${OLD_RELEASE}`,
    );
  });

  it("leaves a commit open when its repository has more refs than it may compare", async () => {
    mode = "normal";
    const result = await lookup([["example-org/big-action", FORK_COMMIT]]);
    expect(result.facts.commits).toEqual({});
    expect(result.incomplete).toEqual([
      `GitHub lookup of example-org/big-action@${FORK_COMMIT}: more than 100 branches or tags; not every one was compared`,
    ]);
  });

  it("stops at the request budget and counts what it did not ask", async () => {
    mode = "normal";
    const result = await lookup(
      [
        ["example-org/deploy-action", "v1"],
        ["example-org/other-action", "v2"],
        ["example-org/third-action", "v3"],
      ],
      { maxRequests: 2, concurrency: 1 },
    );
    expect(result.facts.refs["example-org/deploy-action@v1"]).toEqual({ tag: true, branch: true });
    expect(result.incomplete).toEqual([
      "GitHub lookup stopped (request budget of 2 spent); 2 refs not checked",
    ]);
    expect(requests).toHaveLength(2);
  });

  it("reports server errors, unknown repositories and timeouts without throwing or echoing the token", async () => {
    mode = "error";
    const failed = await lookup([["example-org/deploy-action", "v1"]]);
    expect(failed.incomplete).toEqual([
      "GitHub lookup of example-org/deploy-action@v1: GitHub answered HTTP 502",
    ]);
    mode = "normal";
    const missing = await lookup([["example-org/nothing-here", "v1"]]);
    expect(missing.incomplete[0]).toContain("repository not found or not visible to the token (404)");
    mode = "hang";
    const slow = await lookup([["example-org/deploy-action", "v1"]], { timeoutMs: 200 });
    expect(slow.incomplete).toEqual(["GitHub lookup of example-org/deploy-action@v1: request timed out"]);
    for (const result of [failed, missing, slow]) expect(JSON.stringify(result)).not.toContain(TOKEN);
    mode = "normal";
  });

  it("stops at once when GitHub refuses the token or rate-limits it, and never echoes the token", async () => {
    const uses: [string, string][] = [
      ["example-org/deploy-action", "v1"],
      ["example-org/big-action", "v9"],
    ];
    const expected: [Mode, string][] = [
      ["unauthorized", "GitHub refused the token (401)"],
      ["rate-limited", "GitHub rate limit reached (403)"],
      ["secondary-limit", "GitHub rate limit reached (429)"],
    ];
    for (const [refusal, reason] of expected) {
      mode = refusal;
      const result = await lookup(uses, { concurrency: 1 });
      expect(result.incomplete, refusal).toEqual([`GitHub lookup stopped (${reason}); 2 refs not checked`]);
      expect(requests, `${refusal}: no request after the refusal`).toHaveLength(1);
      expect(JSON.stringify(result)).not.toContain(TOKEN);
    }
    mode = "normal";
  });

  it("refuses a response larger than its cap without reading it all", async () => {
    mode = "huge";
    const result = await lookup([["example-org/deploy-action", "v1"]], { maxBodyBytes: 64 * 1024 });
    expect(result.facts.refs).toEqual({});
    expect(result.incomplete).toEqual(["GitHub lookup of example-org/deploy-action@v1: response too large"]);
    mode = "normal";
  });

  it("reports an unreachable server and a refused API URL as incomplete", async () => {
    const closed = await lookupActionRefs(files(["example-org/deploy-action", "v1"]), {
      github: { token: TOKEN, apiUrl: "http://127.0.0.1:1" },
    });
    expect(closed.incomplete).toEqual(["GitHub lookup of example-org/deploy-action@v1: network error"]);
    const refused = await lookupActionRefs(files(["example-org/deploy-action", "v1"]), {
      github: { token: TOKEN, apiUrl: "http://api.example.com" },
    });
    expect(refused.incomplete).toEqual([
      "GitHub lookup stopped (GitHub API URL refused: must be https (http only on a loopback host)); 1 refs not checked",
    ]);
  });
});

describe("summarizeUses", () => {
  it("keeps only refs that stay one path under their repository", () => {
    const text = [
      "on: push",
      "jobs:",
      "  a:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - uses: example-org/deploy-action@release/v1",
      "      - uses: example-org/deploy-action@../../../user",
      "      - uses: example-org/deploy-action@v1/..",
      "      - uses: example-org/..@v1",
      "      - uses: example-org/deploy-action@v1?x=1",
      "",
    ].join("\n");
    const parsed = parseWorkflow(new SourceFile(".github/workflows/a.yml", text));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(summarizeUses(parsed.model).uses.map((use) => use.ref)).toEqual(["release/v1"]);
  });
});

describe("apiBaseUrl", () => {
  it("accepts https and loopback http, and refuses the rest", () => {
    expect(apiBaseUrl("https://api.github.com/")).toEqual({ ok: true, url: "https://api.github.com" });
    expect(apiBaseUrl("https://ghe.example.com/api/v3")).toEqual({
      ok: true,
      url: "https://ghe.example.com/api/v3",
    });
    expect(apiBaseUrl("http://localhost:8080").ok).toBe(true);
    expect(apiBaseUrl("http://api.github.com").ok).toBe(false);
    expect(apiBaseUrl("https://user:pass@api.github.com").ok).toBe(false);
    expect(apiBaseUrl("https://api.github.com/?x=1").ok).toBe(false);
    expect(apiBaseUrl("not a url").ok).toBe(false);
  });
});

describe("scan with a GitHub connection", () => {
  const workflow = [
    "on: push",
    "permissions: {}",
    "jobs:",
    "  build:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - uses: example-org/deploy-action@v1",
    `      - uses: example-org/deploy-action@${FORK_COMMIT}`,
    `      - uses: example-org/deploy-action@${RELEASE_TIP} # v1.2.3`,
    "",
  ].join("\n");

  it("reports ref confusion and impostor commits at their lines, and nothing offline", async () => {
    mode = "normal";
    const tree = makeTree({ ".github/workflows/ci.yml": workflow });
    try {
      const online = await scan(tree.root, { workers: 0, online: { github: { token: TOKEN, apiUrl } } });
      const found = online.findings
        .filter((finding) => ["ci/ref-confusion", "ci/impostor-commit"].includes(finding.ruleId))
        .map((finding) => [finding.ruleId, finding.location.line, finding.location.column]);
      expect(found).toEqual([
        ["ci/ref-confusion", 7, 15],
        ["ci/impostor-commit", 8, 15],
      ]);
      expect(online.analyzers.find((run) => run.analyzer === "ci")?.status).toBe("succeeded");
      const offline = await scan(tree.root, { workers: 0 });
      expect(offline.findings.filter((finding) => finding.ruleId === "ci/impostor-commit")).toEqual([]);
      expect(offline.analyzers.find((run) => run.analyzer === "ci")?.status).toBe("succeeded");
    } finally {
      tree.remove();
    }
  }, 60_000);

  it("sends nothing when both online rules are disabled", async () => {
    mode = "normal";
    const tree = makeTree({ ".github/workflows/ci.yml": workflow });
    try {
      requests.length = 0;
      await scan(tree.root, {
        workers: 0,
        online: { github: { token: TOKEN, apiUrl } },
        disabledRules: ["ci/ref-confusion", "ci/impostor-commit"],
      });
      expect(requests).toEqual([]);
    } finally {
      tree.remove();
    }
  }, 60_000);

  it("keeps the scan going when GitHub fails, with the ci run partial and the reason", async () => {
    mode = "error";
    const tree = makeTree({ ".github/workflows/ci.yml": workflow });
    try {
      const result = await scan(tree.root, { workers: 0, online: { github: { token: TOKEN, apiUrl } } });
      const run = result.analyzers.find((item) => item.analyzer === "ci");
      expect(run?.status).toBe("partial");
      expect(run?.skipped).toContainEqual({
        path: "(online)",
        reason: "GitHub lookup of example-org/deploy-action@v1: GitHub answered HTTP 502",
      });
      expect(result.findings.some((finding) => finding.ruleId === "ci/unpinned-action")).toBe(true);
    } finally {
      mode = "normal";
      tree.remove();
    }
  }, 60_000);
});
