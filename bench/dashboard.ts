// Dashboard calls (summary, runs list, controls, risks, heatmap, a control's findings) under load
// over a tenant with 200 runs and 1,000,000 findings, on PGlite and PostgreSQL. The seed is
// generated inside the database (INSERT … SELECT … generate_series) from the real rule and
// control catalogues; the server runs in this process and autocannon drives it over loopback.
//
// BENCH_DURATION: seconds per call (10). BENCH_DASHBOARD_PGLITE_FINDINGS: findings per run on
// PGlite (5000, as on PostgreSQL; seeding 1M rows in WASM took 100–150 s on 2 busy cores).
// BENCH_DASHBOARD_EXPERIMENT=1 also measures the calls again after the proposed index changes
// (EXPERIMENT_SQL below), run against the throwaway database only.
// BENCH_DASHBOARD_BASE=<revision>: an A/B on the same data set, with row-level security on: the
// base revision's server (from `git archive` into a temporary folder, with a hard-linked copy of
// node_modules) and this checkout's run in this process side by side, and each call is measured
// on A then on B before the next call; PostgreSQL only (two revisions cannot share one embedded
// PGlite). BENCH_DASHBOARD_BACKENDS=postgres: only those backends.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DatabaseHandle, openDatabase } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import { ruleById } from "@rampart/engine";
import { listControls } from "@rampart/policy";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import {
  type Backend,
  backends,
  markdownTable,
  openBenchDatabase,
  RLS_MODES,
  withoutRowLevelSecurity,
} from "./lib.ts";
import { type BenchServer, startBenchServer } from "./server.ts";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const RUNS = 200;
const REPOSITORIES = 3;
const WINDOW_DAYS = 90;
/** Each run of a repository drops this many fingerprints of the previous run and adds as many new ones. */
const CHURN_PER_RUN = 50;

function findingsPerRun(backend: Backend): number {
  return backend === "postgres" ? 5000 : Number(process.env.BENCH_DASHBOARD_PGLITE_FINDINGS ?? 5000);
}

/**
 * Proposed changes, measured only when BENCH_DASHBOARD_EXPERIMENT=1; the app's code is unchanged.
 * Empty: the first round of proposals (open-findings rollup, ranked index) is now in the schema.
 */
export const EXPERIMENT_SQL: string[] = [];

async function load(options: autocannon.Options) {
  const result = await autocannon({ duration: DURATION_SECONDS, connections: CONNECTIONS, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const PATHS: Record<string, (n: string) => string> = {
  cloudformation: (n) => `cloudformation/stack-${n}/template.yaml`,
  kubernetes: (n) => `k8s/app-${n}/deployment.yaml`,
  terraform: (n) => `infra/module-${n}/main.tf`,
  dockerfile: (n) => `services/svc-${n}/Dockerfile`,
  ci: (n) => `.github/workflows/pipeline-${n}.yml`,
  secrets: (n) => `src/pkg-${n}/config.ts`,
};

/**
 * Seeds one tenant: repositories, runs, findings, control results and finding tracks. Finding k of
 * a repository's n-th run has key k + CHURN_PER_RUN·n, and everything about it (rule, path, status,
 * fingerprint) is a function of the repository and that key, so fingerprints repeat across runs.
 */
export async function seed(database: DatabaseHandle, tenantId: string, perRun: number) {
  // Seeded as the owner: the application role may neither create tables nor write without a context.
  const db = database.ownerDb;
  const controls = new Map(listControls().map((control) => [control.code, control]));
  const rules = [...ruleById().values()]
    .filter((rule) => rule.controls.some((code) => controls.has(code)))
    .map((rule, idx) => {
      const control = controls.get(rule.controls[0]!)!;
      const [prefix, suffix] = (PATHS[rule.analyzer] ?? ((n: string) => `files/${n}.txt`))("\u0000").split(
        "\u0000",
      );
      return {
        idx,
        rule_id: rule.id,
        analyzer: rule.analyzer,
        severity: rule.severity,
        title: rule.title,
        // Every known control of the rule, first one first, as recording a run writes metadata.controls.
        controls: rule.controls.filter((code) => controls.has(code)),
        control_code: control.code,
        control_title: control.title,
        control_severity: control.severity,
        path_prefix: prefix,
        path_suffix: suffix,
      };
    });
  const ruleCount = rules.length;

  await db.execute(sql`drop table if exists bench_rules, bench_runs`);
  await db.execute(sql`
    create table bench_rules as
    select * from jsonb_to_recordset(${JSON.stringify(rules)}::jsonb) as x(
      idx int, rule_id text, analyzer text, severity text, title text, controls jsonb, control_code text,
      control_title text, control_severity text, path_prefix text, path_suffix text)`);
  await db.execute(sql`create unique index on bench_rules (idx)`);

  await db.execute(sql`
    insert into repositories (tenant_id, name, source, location, default_branch)
    select ${tenantId}::uuid, 'acme/service-' || r, 'git', 'https://git.example.test/acme/service-' || r, 'main'
    from generate_series(1, ${REPOSITORIES}) r`);

  // 200 runs spread evenly over the last 90 days, round-robin over the repositories.
  await db.execute(sql`
    create table bench_runs as
    select s.seq, gen_random_uuid() as id, repo.id as repository_id, repo.name as repo,
      now() - interval '${sql.raw(String(WINDOW_DAYS))} days'
        + (s.seq + 1) * interval '${sql.raw(String(WINDOW_DAYS))} days' / ${RUNS}
        - interval '1 hour' + (s.seq % 17) * interval '1 minute' as created_at
    from generate_series(0, ${RUNS - 1}) s(seq)
    join (select id, name, row_number() over (order by name) - 1 as n
          from repositories where tenant_id = ${tenantId}::uuid) repo
      on repo.n = s.seq % ${REPOSITORIES}`);
  const analyzersJson = JSON.stringify(
    Object.keys(PATHS).map((analyzer) => ({ analyzer, status: "succeeded", filesAnalyzed: 40, skipped: [] })),
  );
  await db.execute(sql`
    insert into policy_runs (id, tenant_id, repository_id, repo, commit_sha, triggered_by, status,
      files_scanned, failed_count, analyzers, engine_version, self_hash, created_at)
    select id, ${tenantId}::uuid, repository_id, repo, encode(sha256(convert_to('commit' || seq, 'UTF8')), 'hex'),
      'bench', 'fail', 240, 0, ${analyzersJson}::jsonb, 'bench',
      encode(sha256(convert_to('run' || seq, 'UTF8')), 'hex'), created_at
    from bench_runs`);

  // Findings, one statement per run: like the app, which writes a run's findings together, so a
  // run's rows sit in adjacent heap pages.
  for (let seq = 0; seq < RUNS; seq++) {
    await db.execute(sql`
      insert into findings (tenant_id, run_id, rule_id, analyzer, control_code, severity, status,
        message, file_path, line, fingerprint, metadata, created_at)
      select ${tenantId}::uuid, r.id, b.rule_id, b.analyzer, b.control_code, b.severity, k.status,
        case k.status when 'fail' then b.title else 'Passed: ' || b.title end,
        b.path_prefix || (k.key % 300) || b.path_suffix, 1 + k.key % 400,
        encode(sha256(convert_to(r.repository_id::text || ':' || k.key, 'UTF8')), 'hex'),
        jsonb_build_object('ruleTitle', b.title, 'controls', b.controls, 'control', jsonb_build_object(
          'code', b.control_code, 'title', b.control_title, 'severity', b.control_severity)),
        r.created_at
      from bench_runs r
      cross join lateral (
        select key, case when abs(hashtext(key::text)) % 4 = 0 then 'pass' else 'fail' end as status
        from (select j + ${CHURN_PER_RUN} * (r.seq / ${REPOSITORIES}) as key
              from generate_series(0, ${perRun - 1}) j) keys
      ) k
      join bench_rules b on b.idx = k.key % ${ruleCount}
      where r.seq = ${seq}`);
  }

  // Per run and control, the tally of its findings; runs carry their failure count.
  await db.execute(sql`
    insert into control_results (tenant_id, run_id, control_code, passes, failures, evidence)
    select tenant_id, run_id, control_code, count(*) filter (where status = 'pass')::int,
      count(*) filter (where status = 'fail')::int, 'succeeded'
    from findings where tenant_id = ${tenantId}::uuid group by tenant_id, run_id, control_code`);
  await db.execute(sql`
    update policy_runs r set failed_count = c.failures, status = case when c.failures > 0 then 'fail' else 'pass' end
    from (select run_id, sum(failures)::int as failures from control_results group by run_id) c
    where c.run_id = r.id`);

  // The per-run rollup of open findings by rule, as recording a run writes it.
  await db.execute(sql`
    insert into open_rule_counts (tenant_id, run_id, rule_id, analyzer, severity, control_code, count)
    select tenant_id, run_id, rule_id, min(analyzer), severity, min(control_code), count(*)::int
    from findings where tenant_id = ${tenantId}::uuid and status = 'fail' and waiver_id is null
    group by tenant_id, run_id, rule_id, severity`);

  // Tracks of failing fingerprints; those absent from their repository's newest run are fixed by
  // the repository's next run after they were last seen.
  await db.execute(sql`
    insert into finding_tracks (tenant_id, repository_id, fingerprint, rule_id, severity, first_seen_at,
      last_seen_at, first_run_id, last_run_id)
    select ${tenantId}::uuid, r.repository_id, f.fingerprint, min(f.rule_id), min(f.severity),
      min(r.created_at), max(r.created_at),
      (array_agg(r.id order by r.created_at))[1], (array_agg(r.id order by r.created_at desc))[1]
    from findings f join bench_runs r on r.id = f.run_id
    where f.status = 'fail'
    group by r.repository_id, f.fingerprint`);
  await db.execute(sql`
    update finding_tracks t set fixed_at = n.next_at, fixed_run_id = n.next_id
    from (select id, lead(id) over w as next_id, lead(created_at) over w as next_at
          from bench_runs window w as (partition by repository_id order by created_at)) n
    where n.id = t.last_run_id and n.next_id is not null`);

  await db.execute(sql`drop table bench_rules, bench_runs`);
  await db.execute(sql`vacuum analyze`);

  const counts = (
    (await db.execute(sql`
      select (select count(*)::int from findings) as findings,
        (select count(*)::int from finding_tracks) as tracks,
        (select count(*)::int from finding_tracks where fixed_at is not null) as fixed,
        (select count(*)::int from control_results) as control_results,
        pg_size_pretty(pg_database_size(current_database())) as size`)) as unknown as {
      rows: { findings: number; tracks: number; fixed: number; control_results: number; size: string }[];
    }
  ).rows[0]!;
  return counts;
}

/** A running server of one side, signed in. */
interface Target {
  side: string;
  base: string;
  cookie: string;
}

/** The calls measured: name and path. */
function dashboardCalls(tenantId: string, secondPage: string): [string, string][] {
  return [
    ["GET /api/tenants/:id/summary?days=7", `/api/tenants/${tenantId}/summary?days=7`],
    ["GET /api/tenants/:id/summary?days=90", `/api/tenants/${tenantId}/summary?days=90`],
    ["GET /api/tenants/:id/runs (page 1)", `/api/tenants/${tenantId}/runs`],
    ["GET /api/tenants/:id/runs (page 2, cursor)", `/api/tenants/${tenantId}/runs?cursor=${secondPage}`],
    ["GET /api/tenants/:id/controls", `/api/tenants/${tenantId}/controls`],
    ["GET /api/tenants/:id/risks", `/api/tenants/${tenantId}/risks`],
    ["GET /api/tenants/:id/risk-heatmap", `/api/tenants/${tenantId}/risk-heatmap`],
    ["GET /api/controls/IAC-ENC-01/findings", `/api/controls/IAC-ENC-01/findings?tenantId=${tenantId}`],
  ];
}

/**
 * The calls whose answers differ between the targets (an A/B must not trade correctness for
 * speed); the summary's generation time is left out, being the moment it was computed.
 */
async function differingAnswers(targets: readonly Target[], tenantId: string, secondPage: string) {
  const differing: string[] = [];
  for (const [call, url] of dashboardCalls(tenantId, secondPage)) {
    const bodies = await Promise.all(
      targets.map(async (target) => {
        const response = await fetch(`${target.base}${url}`, { headers: { cookie: target.cookie } });
        const { generatedAt: _generatedAt, ...rest } = (await response.json()) as Record<string, unknown>;
        return `${response.status} ${JSON.stringify(rest)}`;
      }),
    );
    if (bodies.some((body) => body !== bodies[0])) differing.push(call);
  }
  return differing;
}

interface Measured {
  side: string;
  call: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** One line of the results table. */
function tableRow(label: string, rls: string, result: Measured): (string | number)[] {
  return [
    label,
    rls,
    result.side,
    result.call,
    result.requestsPerSecond,
    result.p50,
    result.p99,
    result.non2xx,
  ];
}

/** Each call on every target in turn (A then B), before the next call. */
async function measureCalls(targets: readonly Target[], tenantId: string, secondPage: string) {
  const calls = dashboardCalls(tenantId, secondPage);
  const results: Measured[] = [];
  for (const [call, url] of calls) {
    for (const target of targets) {
      const measured = await load({ url: `${target.base}${url}`, headers: { cookie: target.cookie } });
      results.push({ side: target.side, call, ...measured });
    }
  }
  return results;
}

type StartServer = (database: DatabaseHandle, db?: DatabaseHandle["db"]) => Promise<BenchServer>;

interface Side {
  /** "A: <revision>" or "B: <revision>" in an A/B; empty otherwise. */
  label: string;
  start: StartServer;
}

function git(args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/**
 * The base revision's bench server, from a copy of its files (`git archive`, so the repository's
 * worktrees are untouched) that shares this checkout's installed packages through hard links.
 */
async function baseSide(revision: string): Promise<{ side: Side; cleanup(): void }> {
  const root = git(["rev-parse", "--show-toplevel"]);
  const short = git(["rev-parse", "--short", revision]);
  const temp = mkdtempSync(path.join(tmpdir(), "rampart-dashboard-base-"));
  const dir = path.join(temp, short);
  mkdirSync(dir);
  execFileSync("sh", ["-c", `git -C "${root}" archive "${short}" | tar -x -C "${dir}"`]);
  execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
  const server = (await import(pathToFileURL(path.join(dir, "bench/server.ts")).href)) as {
    startBenchServer: StartServer;
  };
  const client = (await import(pathToFileURL(path.join(dir, "packages/db/src/client.ts")).href)) as {
    openDatabase: typeof openDatabase;
  };
  // The base's queries must go through its own database module: the caller's context (tenant,
  // user) lives in that module's async storage, which this checkout's copy cannot see.
  const start: StartServer = async (database) => {
    const own = await client.openDatabase({
      kind: "postgres",
      url: database.url!,
      poolSize: 20,
      onPoolError: () => {},
    });
    const running = await server.startBenchServer(own);
    return {
      ...running,
      stop: async () => {
        await running.stop();
        await own.close();
      },
    };
  };
  return {
    side: { label: `A: ${short}`, start },
    cleanup: () => rmSync(temp, { recursive: true, force: true }),
  };
}

export async function run(): Promise<string> {
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  const base = process.env.BENCH_DASHBOARD_BASE
    ? await baseSide(process.env.BENCH_DASHBOARD_BASE)
    : undefined;
  const sides: Side[] = base
    ? [base.side, { label: `B: ${git(["rev-parse", "--short", "HEAD"])}`, start: startBenchServer }]
    : [{ label: "", start: startBenchServer }];
  // An A/B compares the application as it is: row-level security on.
  const rlsModes = base ? (["on"] as const) : RLS_MODES;
  // Two revisions can share a PostgreSQL database but not an embedded PGlite instance.
  const only = base ? ["postgres"] : process.env.BENCH_DASHBOARD_BACKENDS?.split(",");
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  try {
    for (const backend of backends().filter((name) => !only || only.includes(name))) {
      await measureBackend(backend, sides, rlsModes, rows, notes);
    }
  } finally {
    base?.cleanup();
  }
  const loadAfter = loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  return [
    markdownTable(
      [
        "backend (data)",
        "RLS",
        ...(base ? ["revision"] : []),
        "call",
        "req/s",
        "p50 ms",
        "p99 ms",
        "non-2xx",
      ],
      rows.map((row) => (base ? row : [...row.slice(0, 2), ...row.slice(3)])),
    ),
    "",
    `${CONNECTIONS} connections, ${DURATION_SECONDS} s per call; ${REPOSITORIES} repositories, runs spread over ${WINDOW_DAYS} days, ~75% of findings fail.`,
    "RLS off: the application queries as the owner, as before row-level security; on: as the application role with the user's context.",
    ...(base ? ["A/B: each call is measured on A, then on B, against the same database."] : []),
    `Load average before: ${loadBefore}; after: ${loadAfter}.`,
    ...notes,
  ].join("\n");
}

async function measureBackend(
  backend: Backend,
  sides: readonly Side[],
  rlsModes: readonly (typeof RLS_MODES)[number][],
  rows: (string | number)[][],
  notes: string[],
) {
  const perRun = findingsPerRun(backend);
  const { database, cleanup } = await openBenchDatabase(backend);
  const baseline = await withoutRowLevelSecurity(database);
  try {
    const credentials = { email: "bench@example.test", password: "benchmark password" };
    const registering = await startBenchServer(database);
    const registered = await registering.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { ...credentials, name: "Bench", tenantName: "Bench Org" },
    });
    await registering.stop();
    if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
    // Registration no longer names the account (a taken e-mail must look the same): read the
    // new organization as the owner.
    const [organization] = await database.ownerDb
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.name, "Bench Org"));
    const tenantId = organization!.id;

    const started = performance.now();
    const counts = await seed(database, tenantId, perRun);
    const seedSeconds = ((performance.now() - started) / 1000).toFixed(0);
    const label = `${backend} (${RUNS} runs × ${perRun} = ${counts.findings.toLocaleString("en")} findings)`;
    notes.push(
      `- ${label}: seeded in ${seedSeconds} s; ${counts.control_results.toLocaleString("en")} control results, ` +
        `${counts.tracks.toLocaleString("en")} finding tracks (${counts.fixed.toLocaleString("en")} fixed); database ${counts.size}.`,
    );

    // The application as the owner (before row-level security), then as the application role
    // under it; in an A/B, each side's server. Each server has its own caches.
    for (const rls of rlsModes) {
      const servers = await Promise.all(
        sides.map((side) => side.start(database, rls === "on" ? database.db : baseline.db)),
      );
      const targets: Target[] = [];
      for (const [index, server] of servers.entries()) {
        const login = await server.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: credentials,
        });
        const session = login.cookies.find((c) => c.name === "rampart_session")!.value;
        targets.push({
          side: sides[index]!.label,
          base: server.base,
          cookie: `rampart_session=${session}`,
        });
      }
      const firstPage = await servers[0]!.app.inject({
        url: `/api/tenants/${tenantId}/runs`,
        headers: { cookie: targets[0]!.cookie },
      });
      const secondPage = (firstPage.json() as { nextCursor: string }).nextCursor;
      if (targets.length > 1) {
        const differing = await differingAnswers(targets, tenantId, secondPage);
        notes.push(
          differing.length === 0
            ? `- ${label}: every call answered A and B with the same JSON (the summary but its generatedAt).`
            : `- ${label}: A and B answered differently: ${differing.join("; ")}.`,
        );
      }
      for (const result of await measureCalls(targets, tenantId, secondPage))
        rows.push(tableRow(label, rls, result));
      if (rls === "on" && process.env.BENCH_DASHBOARD_EXPERIMENT === "1" && EXPERIMENT_SQL.length > 0) {
        // EXPERIMENT: proposed schema changes applied to this throwaway database only.
        for (const statement of EXPERIMENT_SQL) await database.ownerDb.execute(sql.raw(statement));
        await database.ownerDb.execute(sql`vacuum analyze findings`);
        for (const result of await measureCalls(targets, tenantId, secondPage))
          rows.push(tableRow(`${label}, EXPERIMENT: proposed indexes`, rls, result));
      }
      await Promise.all(servers.map((server) => server.stop()));
    }
  } finally {
    await baseline.close();
    await cleanup();
  }
}
