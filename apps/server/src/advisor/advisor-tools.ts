// The advisor's tools: what the model (and the knowledge-base advisor) may read, each scoped to
// the session's tenant. The tenant is never a parameter: the server passes the session's, the
// schemas are strict (a `tenantId` argument is refused), and every tool runs in that tenant's
// database context, so row-level security holds even if a query forgot its filter.
import type { Citation } from "@rampart/contracts/advisor";
import type { Environment } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import {
  evidenceArtifacts,
  findings,
  ledgerHeads,
  ledgerVerifications,
  policyRuns,
  waivers,
} from "@rampart/db/schema";
import { CONTROL_TAGS, FRAMEWORK_IDS, getFramework } from "@rampart/policy";
import { and, asc, desc, eq, ilike, inArray, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { createPostureRepo } from "../posture/posture.repo.ts";
import type { PostureService } from "../posture/posture.service.ts";
import { evaluatedRun } from "../runs/runs.repo.ts";
import { cite } from "./citations.ts";
import type { Retrieval } from "./retrieval.ts";

export interface ToolResult {
  data: unknown;
  citations: Citation[];
}

interface ToolDefinition<Args> {
  name: string;
  description: string;
  parameters: z.ZodType<Args>;
  run(tenantId: string, args: Args): Promise<ToolResult>;
}

export interface AdvisorToolDeps {
  db: Database;
  posture: Pick<PostureService, "risks" | "controls" | "controlDetail" | "compliance" | "latestRuns">;
  environments: { list(tenantId: string): Promise<Environment[]> };
  retrieval: Retrieval;
}

const SEVERITY_RANK = sql`(case ${findings.severity} when 'critical' then 0 when 'high' then 1 when 'med' then 2 else 3 end)`;
const DAY_MS = 86_400_000;
const shortSha = (sha: string) => sha.slice(0, 7);

const findingView = (row: typeof findings.$inferSelect, repo?: string) => ({
  id: row.id,
  ruleId: row.ruleId,
  severity: row.severity,
  controlCode: row.controlCode,
  message: row.message,
  file: row.filePath,
  line: row.line,
  ...(repo ? { repository: repo } : {}),
});
const findingCitation = (row: typeof findings.$inferSelect) =>
  cite.finding(
    row.id,
    `${row.ruleId}${row.filePath ? ` in ${row.filePath}${row.line ? `:${row.line}` : ""}` : ""}`,
    row.runId,
  );

export function createAdvisorTools(deps: AdvisorToolDeps) {
  const { db, posture } = deps;
  const postureRepo = createPostureRepo(db);
  const latestRunIds = async (tenantId: string) => (await posture.latestRuns(tenantId)).map((run) => run.id);

  const tools = [
    define({
      name: "find_findings",
      description:
        "Open (failing, not waived) findings in the latest scan of each repository, most severe first. All filters optional.",
      parameters: z.strictObject({
        severity: z.enum(["critical", "high", "med", "low"]).optional(),
        analyzer: z.string().max(40).optional().describe("e.g. terraform, kubernetes, secrets, sca, sast"),
        ruleId: z.string().max(120).optional(),
        controlCode: z.string().max(30).optional().describe("a Rampart control code such as IAC-ENC-01"),
        pathContains: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(25).default(10),
      }),
      async run(tenantId, args) {
        const runIds = await latestRunIds(tenantId);
        if (runIds.length === 0)
          return { data: { findings: [], note: "No repository has been scanned yet." }, citations: [] };
        const rows = await db
          .select({ finding: findings, repo: policyRuns.repo })
          .from(findings)
          .innerJoin(policyRuns, eq(policyRuns.id, findings.runId))
          .where(
            and(
              eq(findings.tenantId, tenantId),
              inArray(findings.runId, runIds),
              eq(findings.status, "fail"),
              isNull(findings.waiverId),
              ...(args.severity ? [eq(findings.severity, args.severity)] : []),
              ...(args.analyzer ? [eq(findings.analyzer, args.analyzer)] : []),
              ...(args.ruleId ? [eq(findings.ruleId, args.ruleId)] : []),
              ...(args.controlCode ? [eq(findings.controlCode, args.controlCode)] : []),
              ...(args.pathContains ? [ilike(findings.filePath, `%${escapeLike(args.pathContains)}%`)] : []),
            ),
          )
          .orderBy(SEVERITY_RANK, asc(findings.filePath), asc(findings.line))
          .limit(args.limit);
        return {
          data: { findings: rows.map((row) => findingView(row.finding, row.repo)) },
          citations: rows.map((row) => findingCitation(row.finding)),
        };
      },
    }),

    define({
      name: "list_controls",
      description:
        "Rampart's controls with their status in the latest scans: passes, failures, compliance percent.",
      parameters: z.strictObject({
        type: z.enum(["all", ...CONTROL_TAGS]).default("all"),
        status: z.enum(["all", "failing", "passing", "not-evaluated"]).default("all"),
      }),
      async run(tenantId, args) {
        const rows = (await posture.controls(tenantId, args.type))
          .filter((row) => {
            if (args.status === "failing") return row.failures > 0;
            if (args.status === "passing") return row.evaluated && row.failures === 0;
            if (args.status === "not-evaluated") return !row.evaluated;
            return true;
          })
          .sort((a, b) => b.failures - a.failures)
          .slice(0, 40);
        return {
          data: {
            controls: rows.map((row) => ({
              code: row.control.code,
              title: row.control.title,
              passes: row.passes,
              failures: row.failures,
              compliance: row.compliance,
              evaluated: row.evaluated,
            })),
          },
          citations: rows.map((row) =>
            cite.control(row.control.code, `${row.control.code} ${row.control.title}`),
          ),
        };
      },
    }),

    define({
      name: "control_detail",
      description: "One Rampart control: what it requires, its status, and the failing checks behind it.",
      parameters: z.strictObject({ controlCode: z.string().min(3).max(30) }),
      async run(tenantId, args) {
        const detail = await posture.controlDetail(tenantId, args.controlCode.toUpperCase());
        if (!detail) return { data: { error: `There is no control ${args.controlCode}.` }, citations: [] };
        const failing = detail.findings.filter((finding) => finding.status === "fail").slice(0, 10);
        return {
          data: {
            control: {
              code: detail.control.code,
              title: detail.control.title,
              description: detail.control.description,
            },
            passes: detail.passes,
            failures: detail.failures,
            evaluated: detail.evaluated,
            failingFindings: failing.map((finding) => ({
              id: finding.id,
              ruleId: finding.ruleId,
              severity: finding.severity,
              message: finding.message,
              file: finding.filePath,
              line: finding.line,
              repository: finding.run.repo,
            })),
            vulnerableImages: detail.images.vulnerabilities.length,
          },
          citations: [
            cite.control(detail.control.code, `${detail.control.code} ${detail.control.title}`),
            ...failing.map((finding) =>
              cite.finding(
                finding.id,
                `${finding.ruleId}${finding.filePath ? ` in ${finding.filePath}` : ""}`,
                finding.runId,
              ),
            ),
          ],
        };
      },
    }),

    define({
      name: "compliance",
      description:
        "Compliance with one framework (soc2, iso27001, nist-800-53): the percentage and each requirement's status and Rampart controls. Give `requirement` (e.g. CC6.1, A.8.24, SC-28) for one requirement.",
      parameters: z.strictObject({
        framework: z.enum(FRAMEWORK_IDS),
        requirement: z.string().max(40).optional(),
      }),
      async run(tenantId, args) {
        const result = await posture.compliance(tenantId, args.framework);
        const name = getFramework(args.framework)?.name ?? args.framework;
        const wanted = args.requirement?.toUpperCase();
        const rows = wanted
          ? result.controls.filter((row) => row.frameworkControlCode.toUpperCase() === wanted)
          : // Failing on a finding first: those a fix in code can turn, before evidence still to collect.
            result.controls
              .filter((row) => row.status === "fail")
              .sort((a, b) => Number(b.hasFinding) - Number(a.hasFinding))
              .slice(0, 30);
        if (wanted && rows.length === 0)
          return { data: { error: `${name} has no requirement ${args.requirement}.` }, citations: [] };
        return {
          data: {
            framework: name,
            summary: result.compliance,
            [wanted ? "requirement" : "failingRequirements"]: rows.map((row) => ({
              requirement: row.frameworkControlCode,
              title: row.controlTitle,
              status: row.status,
              hasFinding: row.hasFinding,
              controls: row.controls,
              missingEvidence: row.missing.map((item) => ({
                title: item.title,
                state: item.state,
                owner: item.owner,
              })),
            })),
          },
          citations: [
            cite.framework(args.framework, name),
            ...rows.map((row) =>
              cite.framework(args.framework, `${name} ${row.frameworkControlCode}`, row.frameworkControlCode),
            ),
            ...rows.flatMap((row) =>
              row.controls
                .filter((control) => control.status === "fail")
                .map((control) => cite.control(control.code, `${control.code} ${control.title}`)),
            ),
          ],
        };
      },
    }),

    define({
      name: "top_risks",
      description: "The organization's risks (open findings grouped by rule), highest risk score first.",
      parameters: z.strictObject({ limit: z.number().int().min(1).max(20).default(5) }),
      async run(tenantId, args) {
        const risks = await posture.risks(tenantId, { limit: args.limit, offset: 0 });
        return {
          data: { totalRisks: risks.totalRisks, avgRiskScore: risks.avgRiskScore, risks: risks.topRisks },
          citations: risks.topRisks.map((risk) => cite.rule(risk.id, risk.description)),
        };
      },
    }),

    define({
      name: "recent_runs",
      description: "The newest scan runs: repository, commit, status and failed checks.",
      parameters: z.strictObject({ limit: z.number().int().min(1).max(20).default(5) }),
      async run(tenantId, args) {
        const rows = await db
          .select()
          .from(policyRuns)
          .where(eq(policyRuns.tenantId, tenantId))
          .orderBy(desc(policyRuns.createdAt), desc(policyRuns.id))
          .limit(args.limit);
        return {
          data: { runs: rows.map(runView) },
          citations: rows.map((run) => cite.run(run.id, `${run.repo}@${shortSha(run.commitSha)}`)),
        };
      },
    }),

    define({
      name: "run_diff",
      description: "What one run changed against the previous run of its repository: new and fixed findings.",
      parameters: z.strictObject({ runId: z.uuid() }),
      async run(tenantId, args) {
        const [run] = await db
          .select()
          .from(policyRuns)
          .where(and(eq(policyRuns.tenantId, tenantId), eq(policyRuns.id, args.runId)));
        if (!run) return { data: { error: "There is no such run." }, citations: [] };
        const [previous] = await db
          .select()
          .from(policyRuns)
          .where(
            and(
              eq(policyRuns.tenantId, tenantId),
              eq(policyRuns.repositoryId, run.repositoryId),
              evaluatedRun(),
              lt(policyRuns.createdAt, run.createdAt),
            ),
          )
          .orderBy(desc(policyRuns.createdAt))
          .limit(1);
        const failing = (runId: string) =>
          db
            .select()
            .from(findings)
            .where(
              and(
                eq(findings.tenantId, tenantId),
                eq(findings.runId, runId),
                eq(findings.status, "fail"),
                isNull(findings.waiverId),
              ),
            );
        const [now, before] = await Promise.all([
          failing(run.id),
          previous ? failing(previous.id) : Promise.resolve([]),
        ]);
        const beforePrints = new Set(before.map((row) => row.fingerprint));
        const nowPrints = new Set(now.map((row) => row.fingerprint));
        const added = now.filter((row) => !beforePrints.has(row.fingerprint));
        const fixed = before.filter((row) => !nowPrints.has(row.fingerprint));
        return {
          data: {
            run: runView(run),
            previousRun: previous ? runView(previous) : null,
            newFindings: added.slice(0, 20).map((row) => findingView(row)),
            fixedFindings: fixed.slice(0, 20).map((row) => findingView(row)),
            counts: { new: added.length, fixed: fixed.length, open: now.length },
          },
          citations: [
            cite.run(run.id, `${run.repo}@${shortSha(run.commitSha)}`),
            ...(previous ? [cite.run(previous.id, `${previous.repo}@${shortSha(previous.commitSha)}`)] : []),
            ...added.slice(0, 10).map(findingCitation),
          ],
        };
      },
    }),

    define({
      name: "changes_since",
      description:
        "What changed in the last `days` days: open findings per rule then and now, runs and fixes since.",
      parameters: z.strictObject({ days: z.number().int().min(1).max(90).default(7) }),
      async run(tenantId, args) {
        const since = new Date(Date.now() - args.days * DAY_MS);
        const [latestNow, latestThen, fixed, runs] = await Promise.all([
          postureRepo.latestRuns(tenantId),
          postureRepo.latestRuns(tenantId, since),
          postureRepo.fixedBetween(tenantId, since, new Date()),
          postureRepo.runsSince(tenantId, since),
        ]);
        const [groupsNow, groupsThen] = await Promise.all([
          postureRepo.openByRule(
            tenantId,
            latestNow.map((run) => run.id),
          ),
          postureRepo.openByRule(
            tenantId,
            latestThen.map((run) => run.id),
          ),
        ]);
        const byRule = (groups: typeof groupsNow) => {
          const counts = new Map<string, number>();
          for (const group of groups) counts.set(group.ruleId, (counts.get(group.ruleId) ?? 0) + group.count);
          return counts;
        };
        const now = byRule(groupsNow);
        const then = byRule(groupsThen);
        const changes = [...new Set([...now.keys(), ...then.keys()])]
          .map((ruleId) => ({ ruleId, before: then.get(ruleId) ?? 0, now: now.get(ruleId) ?? 0 }))
          .filter((change) => change.before !== change.now)
          .sort((a, b) => Math.abs(b.now - b.before) - Math.abs(a.now - a.before))
          .slice(0, 20);
        const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
        return {
          data: {
            days: args.days,
            openFindingsBefore: total(then),
            openFindingsNow: total(now),
            runsSince: runs.length,
            findingsFixed: fixed.count,
            ruleChanges: changes,
          },
          citations: [
            ...latestNow
              .slice(0, 10)
              .map((run) => cite.run(run.id, `${run.repo}@${shortSha(run.commitSha)}`)),
            ...changes.slice(0, 5).map((change) => cite.rule(change.ruleId, change.ruleId)),
          ],
        };
      },
    }),

    define({
      name: "list_waivers",
      description: "Waivers (accepted risks): rule, scope, reason, author, expiry and state.",
      parameters: z.strictObject({
        state: z.enum(["all", "active", "pending", "expired", "revoked"]).default("all"),
      }),
      async run(tenantId, args) {
        const rows = await db
          .select()
          .from(waivers)
          .where(eq(waivers.tenantId, tenantId))
          .orderBy(desc(waivers.createdAt))
          .limit(200);
        const at = Date.now();
        const stateOf = (row: typeof waivers.$inferSelect) =>
          row.revokedAt
            ? "revoked"
            : row.pending
              ? "pending"
              : row.expiresAt && row.expiresAt.getTime() <= at
                ? "expired"
                : "active";
        const chosen = rows.filter((row) => args.state === "all" || stateOf(row) === args.state).slice(0, 25);
        return {
          data: {
            waivers: chosen.map((row) => ({
              id: row.id,
              ruleId: row.ruleId,
              scope: row.scope,
              path: row.pathPattern,
              reason: row.reason,
              author: row.authorEmail,
              expiresAt: row.expiresAt?.toISOString() ?? null,
              state: stateOf(row),
            })),
          },
          citations: chosen.map((row) => cite.rule(row.ruleId, `waiver for ${row.ruleId}`)),
        };
      },
    }),

    define({
      name: "list_environments",
      description: "The organization's environments and their drift between declared and observed state.",
      parameters: z.strictObject({}),
      async run(tenantId) {
        const list = (await deps.environments.list(tenantId)).slice(0, 30);
        return {
          data: {
            environments: list.map((environment) => ({
              id: environment.id,
              name: environment.name,
              type: environment.type,
              driftState: environment.driftState,
              driftStats: environment.driftStats,
            })),
          },
          citations: list.map((environment) => cite.environment(environment.id, environment.name)),
        };
      },
    }),

    define({
      name: "evidence_status",
      description:
        "The evidence ledger: its length, the last verification of its hash chain, and its newest entries.",
      parameters: z.strictObject({ limit: z.number().int().min(1).max(10).default(5) }),
      async run(tenantId, args) {
        const [[head], [verification], recent] = await Promise.all([
          db.select().from(ledgerHeads).where(eq(ledgerHeads.tenantId, tenantId)),
          db
            .select()
            .from(ledgerVerifications)
            .where(eq(ledgerVerifications.tenantId, tenantId))
            .orderBy(desc(ledgerVerifications.verifiedAt))
            .limit(1),
          db
            .select()
            .from(evidenceArtifacts)
            .where(eq(evidenceArtifacts.tenantId, tenantId))
            .orderBy(desc(evidenceArtifacts.index))
            .limit(args.limit),
        ]);
        return {
          data: {
            entries: head?.length ?? 0,
            lastVerification: verification
              ? {
                  valid: verification.isValid,
                  length: verification.length,
                  verifiedAt: verification.verifiedAt.toISOString(),
                  failedIndex: verification.failedIndex,
                  reason: verification.reason,
                }
              : null,
            newestEntries: recent.map((entry) => ({
              index: entry.index,
              type: entry.artifactType,
              hash: entry.hash.slice(0, 16),
              createdAt: entry.createdAt.toISOString(),
            })),
          },
          citations: recent.map((entry) =>
            cite.ledger(entry.index, `ledger entry #${entry.index} (${entry.artifactType})`),
          ),
        };
      },
    }),

    define({
      name: "search_knowledge",
      description:
        "Full-text search over the rule documentation, the control catalogue and the organization's open findings.",
      parameters: z.strictObject({ query: z.string().min(1).max(300) }),
      async run(tenantId, args) {
        const passages = await deps.retrieval.search(tenantId, await latestRunIds(tenantId), args.query);
        return {
          data: {
            passages: passages.map(({ kind, id, title, text }) => ({
              kind,
              id,
              title,
              text: text.slice(0, 600),
            })),
          },
          citations: passages.map((passage) => passage.citation),
        };
      },
    }),
  ];

  const byName = new Map<string, ToolDefinition<unknown>>(
    tools.map((tool) => [tool.name, tool as ToolDefinition<unknown>]),
  );

  return {
    /** The tools as the chat-completions API describes them. */
    specs: tools.map((tool) => ({
      type: "function" as const,
      function: {
        name: tool.name,
        description: tool.description,
        parameters: z.toJSONSchema(tool.parameters, { io: "input" }) as Record<string, unknown>,
      },
    })),
    names: [...byName.keys()],

    /**
     * Runs one tool for `tenantId` (the session's) with arguments as the model wrote them (JSON
     * text). Bad arguments, unknown tools and failures come back as an `error` the model can read;
     * the raw error stays in the server.
     */
    async run(
      tenantId: string,
      name: string,
      rawArguments: string | Record<string, unknown>,
    ): Promise<ToolResult> {
      const tool = byName.get(name);
      if (!tool) return { data: { error: `There is no tool named ${name.slice(0, 60)}.` }, citations: [] };
      let input: unknown;
      try {
        input =
          typeof rawArguments === "string"
            ? JSON.parse(rawArguments.length > 0 ? rawArguments.slice(0, MAX_ARGUMENT_CHARS) : "{}")
            : rawArguments;
      } catch {
        return { data: { error: "The arguments were not valid JSON." }, citations: [] };
      }
      if (input && typeof input === "object" && "tenantId" in input)
        return {
          data: { error: "Refused: the organization is fixed by the session and is not a tool argument." },
          citations: [],
        };
      const parsed = tool.parameters.safeParse(input);
      if (!parsed.success)
        return {
          data: { error: `Invalid arguments: ${z.prettifyError(parsed.error).slice(0, 300)}` },
          citations: [],
        };
      return withDatabaseContext({ kind: "tenant", tenantId }, () => tool.run(tenantId, parsed.data));
    },
  };
}

export type AdvisorTools = ReturnType<typeof createAdvisorTools>;

const MAX_ARGUMENT_CHARS = 4_000;

function define<Args>(tool: ToolDefinition<Args>): ToolDefinition<Args> {
  return tool;
}

function runView(run: typeof policyRuns.$inferSelect) {
  return {
    id: run.id,
    repository: run.repo,
    commit: shortSha(run.commitSha),
    status: run.status,
    failedChecks: run.failedCount,
    triggeredBy: run.triggeredBy,
    createdAt: run.createdAt.toISOString(),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
