// Webhook to check run for a 1,000-file pull request, end to end in one process: a fake GitHub
// (apps/server/test/fake-github.ts: GitHub's REST shapes, git over smart HTTP, installation tokens)
// sends a signed `pull_request.opened` delivery; Rampart verifies it, queues the scan, clones the
// head over HTTP, scans it and its merge base (or reuses the base's stored run), and completes the
// check run with annotations, the summary comment and suggestions. Measured from the moment the
// delivery is sent until the check run is completed, per round; each round is a new pull request
// adding 1,000 generated files (JavaScript, Dockerfiles, Terraform, Kubernetes, workflows, many
// with findings) to the same repository.
//
// BENCH_PR_ROUNDS: pull requests per backend (3). BENCH_PR_FILES: files each adds (1000).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { scans } from "@rampart/db/schema";
import { inArray } from "drizzle-orm";
import pino from "pino";
import { buildApp } from "../apps/server/src/app.ts";
import { signatureOf } from "../apps/server/src/github/webhook-signature.ts";
import { createJobQueue } from "../apps/server/src/jobs/job-queue.ts";
import { createServices, jobDefinitions } from "../apps/server/src/services.ts";
import { startFakeGitHub } from "../apps/server/test/fake-github.ts";
import { type Backend, backends, markdownTable, openBenchDatabase } from "./lib.ts";

const ROUNDS = Number(process.env.BENCH_PR_ROUNDS ?? 3);
const FILES = Number(process.env.BENCH_PR_FILES ?? 1000);
const ORIGIN = "http://localhost";

/** `count` files of five kinds, about half with something the analyzers report. */
function generatedFiles(round: number, count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 0; index < count; index += 1) {
    const name = `r${round}/m${Math.floor(index / 50)}/f${index}`;
    const flagged = index % 2 === 0;
    switch (index % 5) {
      case 0:
        files[`${name}.js`] =
          `const db = require("./db");\nexports.get = (req) => db.query(${flagged ? '"SELECT * FROM t WHERE id = " + req.query.id' : '"SELECT 1"'});\n`;
        break;
      case 1:
        files[`${name}/Dockerfile`] =
          `FROM node:20\nWORKDIR /app\n${flagged ? "ADD app.js /app/\n" : "COPY app.js /app/\n"}USER node\nCMD ["node", "app.js"]\n`;
        break;
      case 2:
        files[`${name}.tf`] =
          `resource "aws_s3_bucket" "b${index}" {\n  bucket = "bench-${round}-${index}"\n${flagged ? '  acl    = "public-read"\n' : ""}}\n`;
        break;
      case 3:
        files[`${name}.yaml`] =
          `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p${index}\nspec:\n  containers:\n    - name: c\n      image: nginx:1.27\n${flagged ? "      securityContext:\n        privileged: true\n" : ""}`;
        break;
      default:
        files[`.github/workflows/w${round}-${index}.yml`] =
          `on: push\njobs:\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ${flagged ? "actions/checkout@v4" : "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683"}\n`;
    }
  }
  return files;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(backend: Backend) {
  const github = await startFakeGitHub();
  const fakeApp = github.createApp();
  github.createRepository("acme/big", { "README.md": "# big\n", "src/index.js": "module.exports = 1;\n" });
  const installation = github.installApp("acme", ["acme/big"]);
  const { database, cleanup } = await openBenchDatabase(backend);
  const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-bench-pr-"));
  const jobs = createJobQueue({ database, logger: pino({ level: "silent" }) });
  const services = createServices(
    database.db,
    {
      SESSION_TTL_DAYS: 30,
      SAMPLES_DIR: "/nonexistent",
      DATA_DIR: dataDir,
      LOCAL_REPOSITORY_ROOTS: [],
      SCAN_WAIT_SECONDS: 0,
      LEDGER_ORIGIN: "rampart.bench",
      PUBLIC_URL: ORIGIN,
      GITHUB_URL: github.url,
      GITHUB_APP_ID: fakeApp.id,
      GITHUB_APP_PRIVATE_KEY: fakeApp.privateKey,
      GITHUB_WEBHOOK_SECRET: fakeApp.webhookSecret,
      GIT_PROTOCOLS: ["https", "http"],
      GIT_ALLOWED_INTERNAL_HOSTS: ["127.0.0.1"],
    },
    jobs,
    database.ownerDb,
  );
  const app = await buildApp({
    config: {
      AUTH_RATE_LIMIT_PER_MINUTE: 10_000,
      TRUST_PROXY: 0,
      WEB_DIST_DIR: "/nonexistent",
      NODE_ENV: "production",
    },
    services,
    jobQueue: jobs,
    database: database.kind,
  });
  try {
    await jobs.start(jobDefinitions(services), { runWorkers: true });
    await services.advisories.importBundled();
    await app.ready();

    // An admin signs up and installs the App from Rampart, as in onboarding.
    const account = { email: "bench@example.test", password: "correct horse battery" };
    await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: ORIGIN },
      payload: { ...account, name: "Bench", tenantName: "Acme" },
    });
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: ORIGIN },
      payload: account,
    });
    const session = login.cookies.find((cookie) => cookie.name.endsWith("rampart_session"))!;
    const cookie = `${session.name}=${session.value}`;
    const me = (await app.inject({ url: "/api/auth/me", headers: { cookie } })).json();
    const tenantId = me.user.memberships[0].tenantId as string;
    const link = await app.inject({
      method: "POST",
      url: `/api/tenants/${tenantId}/github/install-link`,
      headers: { cookie, origin: ORIGIN },
    });
    const state = new URL(link.json().url).searchParams.get("state");
    const setup = await app.inject({
      url: `/api/github/setup?installation_id=${installation.id}&setup_action=install&state=${state}`,
      headers: { cookie },
    });
    if (setup.statusCode !== 303) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
    // The installation's first scan of the default branch, which pull requests compare with.
    while (
      (
        await database.ownerDb
          .select()
          .from(scans)
          .where(inArray(scans.state, ["queued", "running"]))
      ).length > 0
    )
      await sleep(100);

    const rows: string[][] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const branch = `feature-${round}`;
      const headSha = github.commit("acme/big", branch, generatedFiles(round, FILES), { from: "main" });
      const pull = github.openPullRequest("acme/big", round, branch);
      const payload = github.pullRequestEvent("opened", pull, installation.id);
      const sent = performance.now();
      const body = JSON.stringify(payload);
      // As GitHub sends it: signed, with no Origin (a server, not a browser).
      const accepted = await app.inject({
        method: "POST",
        url: "/api/github/webhooks",
        headers: {
          "content-type": "application/json",
          "x-github-event": "pull_request",
          "x-github-delivery": crypto.randomUUID(),
          "x-hub-signature-256": signatureOf(fakeApp.webhookSecret, body),
          "user-agent": "GitHub-Hookshot/bench",
        },
        payload: body,
      });
      const acceptedMs = performance.now() - sent;
      if (accepted.statusCode >= 300)
        throw new Error(`webhook refused: ${accepted.statusCode} ${accepted.body}`);
      let startedMs: number | undefined;
      const deadline = sent + 600_000;
      for (;;) {
        const run = github.checkRuns.find((candidate) => candidate.headSha === headSha);
        if (run && startedMs === undefined) startedMs = performance.now() - sent;
        if (run?.conclusion) {
          const completedMs = performance.now() - sent;
          // The comment and suggestions follow the check in the same job; wait for them too.
          while (!github.issueComments.some((comment) => comment.number === round)) await sleep(20);
          rows.push([
            `${backend} #${round}`,
            String(FILES),
            acceptedMs.toFixed(0),
            ((startedMs ?? completedMs) / 1000).toFixed(2),
            (completedMs / 1000).toFixed(2),
            ((performance.now() - sent) / 1000).toFixed(2),
            `${run.conclusion}, ${run.annotations.length} annotations in ${run.batches.filter((size) => size > 0).length} requests`,
            String(github.reviewComments.filter((comment) => comment.number === round).length),
          ]);
          break;
        }
        if (performance.now() > deadline) throw new Error(`no completed check run for round ${round}`);
        await sleep(20);
      }
    }
    return rows;
  } finally {
    await app.close();
    await jobs.stop();
    await cleanup();
    await github.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<string> {
  const rows: string[][] = [];
  for (const backend of backends()) rows.push(...(await measure(backend)));
  return markdownTable(
    [
      "backend, pull request",
      "files added",
      "webhook answered (ms)",
      "check run started (s)",
      "check run completed (s)",
      "comment written (s)",
      "check run",
      "suggestions",
    ],
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
  process.exit(0);
}
