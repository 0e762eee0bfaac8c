// Posture computed from stored runs: the dashboard summary, the controls list, risks, the
// heatmap and compliance per framework. Formulas live in formulas.ts and docs/formulas.md.
import type { Severity, SeverityCounts, SeverityStats } from "@rampart/contracts/common";
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import type { ContainerFinding, ContainerImage } from "@rampart/contracts/containers";
import type { ControlFindings, ControlStatusRow } from "@rampart/contracts/controls";
import { ACTIVE_FINDINGS_SHOWN, type DashboardSummary, type PrActivity } from "@rampart/contracts/dashboard";
import type { Environment } from "@rampart/contracts/environments";
import type { PrSuggestion } from "@rampart/contracts/fixes";
import {
  type HeatmapResponse,
  type Risk,
  type RisksResponse,
  TOP_RISKS_SHOWN,
} from "@rampart/contracts/risks";
import type { RuleMeta } from "@rampart/engine";
import {
  type ControlResult,
  evaluateFramework,
  type FrameworkId,
  getControl,
  listControls,
  type ComplianceResponse as PolicyComplianceResponse,
  type ControlEvidence as PolicyControlEvidence,
} from "@rampart/policy";
import type { Narratives, Narrator } from "../advisor/narratives-model.ts";
import { chainStatus, toEvidenceArtifact } from "../evidence/evidence.mapper.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import type { EvidenceStatus } from "../evidence-requests/evidence-status.ts";
import type { FixesService } from "../fixes/fixes.service.ts";
import { type FindingRow, type RunRow, toFinding, toRun } from "../runs/runs.repo.ts";
import { type ComplianceViewQuery, complianceView } from "./compliance-view.ts";
import { containerRisks } from "./container-risks.ts";
import { controlBody } from "./control-body.ts";
import {
  asControlResults,
  type ControlEvidence,
  controlEvidence,
  currentImages,
  type OutsideEvidence,
  verdictsOf,
} from "./control-evidence.ts";
import { familyOf, isInternetFacing } from "./families.ts";
import { createFingerprintCache } from "./fingerprint-cache.ts";
import {
  type ControlTally,
  changePercent,
  controlCompliance,
  narrativeTrend,
  postureScore,
  remediationDays,
  riskScore,
  trendOf,
} from "./formulas.ts";
import {
  environmentAnalysis,
  environmentFacts,
  type PostureFacts,
  postureAnalysis,
  postureNarrative,
  remediationAnalysis,
} from "./narratives.ts";
import type { PostureRepo } from "./posture.repo.ts";

const DAY_MS = 86_400_000;
/** The dashboard's PR Bot card shows up to 4 suggestions (spec part 1), and counts a week's. */
const PR_SUGGESTIONS_SHOWN = 4;
const PR_ACTIVITY_DAYS = 7;
/** Most severe first: the order of Active Findings and of a risk's severity. */
const SEVERITIES: readonly Severity[] = ["critical", "high", "med", "low"];

/** Open findings by severity, from the per-rule rollup (the counts the heatmap and metrics use). */
function severityStats(groups: readonly { severity: Severity; count: number }[]): SeverityStats {
  const stats: SeverityStats = { total: 0, critical: 0, high: 0, med: 0, low: 0 };
  for (const group of groups) {
    stats[group.severity] += group.count;
    stats.total += group.count;
  }
  return stats;
}
/** The Control Detail modal lists this many open failures of a control, most severe first… */
export const CONTROL_FAILURES_LISTED = 200;
/** …and this many of its passed checks (it shows 5, then how many more there are). */
export const CONTROL_PASSES_LISTED = 20;

/** One tally per control, evaluated as the policy's verdict says (the same as the Compliance page). */
function toTallies(rows: readonly ControlEvidence[]): ControlTally[] {
  return [...verdictsOf(rows)].map(([controlCode, verdict]) => ({
    controlCode,
    passes: verdict.result.passes,
    failures: verdict.result.failures,
    evaluated: verdict.status !== "unknown",
  }));
}

/** How many evidence hashes a control row carries (the Controls drawer shows 3). */
const EVIDENCE_HASHES_SHOWN = 3;

export function createPostureService(deps: {
  repo: PostureRepo;
  ledger: Pick<LedgerService, "recent" | "head" | "latestVerification" | "runCount">;
  rules: ReadonlyMap<string, RuleMeta>;
  activeScans: (tenantId: string) => Promise<number>;
  /** The tenant's newest fix pull requests, for the PR Bot card. */
  prSuggestions: (tenantId: string, limit: number) => Promise<PrSuggestion[]>;
  /** Fix pull requests opened since a time, merged and still open: the PR Bot card's caption. */
  prActivity: (tenantId: string, since: Date) => Promise<Omit<PrActivity, "days">>;
  /** The pull request fixing each finding, for Active Findings (FixesService.pullRequestsFixing). */
  fixPullRequests: FixesService["pullRequestsFixing"];
  /** Vulnerabilities of the tenant's current container images, for their risks and CTR-VUL-01. */
  containerFindings: (tenantId: string) => Promise<ContainerFinding[]>;
  /** The tenant's container image uploads, for the clean images of the Control Detail modal. */
  containerImages: (tenantId: string) => Promise<ContainerImage[]>;
  /** The tenant's environments with their drift state, for the CISO snapshot's environment analysis. */
  environments?: (tenantId: string) => Promise<Environment[]>;
  /** Writes the narrative and analyses (the model when configured); the templates without it. */
  narrator?: Narrator;
  /** Organizational controls' evidence (requests, policy acknowledgements) for the compliance view. */
  evidence?: Pick<EvidenceStatus, "controlEvidence">;
  now?: () => Date;
}) {
  const { repo, rules } = deps;
  const now = deps.now ?? (() => new Date());

  async function findingsWithFixes(
    tenantId: string,
    rows: {
      finding: FindingRow;
      run: Pick<RunRow, "repositoryId" | "createdAt" | "commitSha" | "commitUrl" | "repo">;
    }[],
  ) {
    const fixOf = await deps.fixPullRequests(
      tenantId,
      rows.map(({ finding, run }) => ({ repositoryId: run.repositoryId, fingerprint: finding.fingerprint })),
    );
    return rows.map(({ finding, run }) =>
      toFinding(finding, run, fixOf({ repositoryId: run.repositoryId, fingerprint: finding.fingerprint })),
    );
  }

  /** The tenant's image scans and environment syncs: what evidences the controls rules cannot. */
  async function outsideEvidenceOf(tenantId: string): Promise<OutsideEvidence> {
    const [imageScans, environmentSyncs] = await Promise.all([
      repo.imageScans(tenantId),
      repo.environmentSyncs(tenantId),
    ]);
    return { imageScans, environmentSyncs };
  }

  /**
   * The results every control number is made of, for the given runs and the images and
   * environments as they were at `asOf` (see control-evidence.ts).
   */
  async function evidenceOf(
    tenantId: string,
    runIds: string[],
    asOf: Date,
    /** The tenant's images and environments when the caller has read them already (the summary reads them once). */
    outsideEvidence: Promise<OutsideEvidence> = outsideEvidenceOf(tenantId),
  ): Promise<ControlEvidence[]> {
    const [results, outside] = await Promise.all([repo.controlResultsOf(tenantId, runIds), outsideEvidence]);
    return controlEvidence(results, outside, asOf);
  }

  /**
   * Every control's row, for the given runs and images as of `asOf`: the one function behind the
   * Control Status table, the Controls page, the Control Detail modal and the posture score.
   */
  async function controlRows(
    tenantId: string,
    runs: readonly { id: string; selfHash: string }[],
    asOf: Date = now(),
    outsideEvidence?: Promise<OutsideEvidence>,
  ): Promise<ControlStatusRow[]> {
    const hashes = new Map(runs.map((run) => [run.id, run.selfHash]));
    const [results, imageHashes, driftHashes] = await Promise.all([
      evidenceOf(
        tenantId,
        runs.map((run) => run.id),
        asOf,
        outsideEvidence,
      ),
      repo.ledgerHashesOfKind(tenantId, "image-scan", EVIDENCE_HASHES_SHOWN),
      repo.ledgerHashesOfKind(tenantId, "environment-drift", EVIDENCE_HASHES_SHOWN),
    ]);
    const verdicts = verdictsOf(results);
    const hashesOf = new Map<string, string[]>();
    for (const row of results) {
      const entry = hashesOf.get(row.controlCode) ?? [];
      // A run's result is evidenced by the run's ledger entry, the images' by the image scans',
      // the environments' by their syncs'.
      const runHash = row.runId === null ? undefined : hashes.get(row.runId);
      if (row.runId === null)
        entry.push(
          ...(getControl(row.controlCode)?.evidencedBy === "environment-drift" ? driftHashes : imageHashes),
        );
      else if (runHash) entry.push(runHash);
      hashesOf.set(row.controlCode, entry);
    }
    // Controls evidenced only by documents and records have no checks to count: they are judged
    // on the Compliance page, with their evidence, and are not rows of the scanners' control table.
    return listControls()
      .filter((control) => control.evidencedBy !== "evidence")
      .map((control) => {
        const verdict = verdicts.get(control.code);
        const passes = verdict?.result.passes ?? 0;
        const failures = verdict?.result.failures ?? 0;
        return {
          control: controlBody(control),
          passes,
          failures,
          compliance: controlCompliance(passes, failures),
          evaluated: verdict !== undefined && verdict.status !== "unknown",
          evidenceHashes: [...new Set(hashesOf.get(control.code) ?? [])].slice(0, EVIDENCE_HASHES_SHOWN),
        };
      });
  }

  /** Posture at the end of each day of the window, replaying runs in order. */
  async function postureHistory(
    tenantId: string,
    since: Date,
    days: number,
    outsideEvidence: Promise<OutsideEvidence>,
  ) {
    const baseline = await repo.latestRuns(tenantId, since);
    const later = await repo.runsSince(tenantId, since);
    const removed = await repo.removedSince(tenantId, since);
    const [results, outside] = await Promise.all([
      repo.controlResultsOf(tenantId, [...baseline.map((r) => r.id), ...later.map((r) => r.id)]),
      outsideEvidence,
    ]);
    const resultsByRun = new Map<string, (typeof results)[number][]>();
    for (const row of results) resultsByRun.set(row.runId, [...(resultsByRun.get(row.runId) ?? []), row]);
    const current = new Map(baseline.map((run) => [run.repositoryId, run.id]));
    const history: { date: string; score: number }[] = [];
    let next = 0;
    let nextRemoved = 0;
    for (let day = 1; day <= days; day++) {
      const endOfDay = new Date(since.getTime() + day * DAY_MS);
      while (next < later.length && later[next]!.createdAt < endOfDay) {
        current.set(later[next]!.repositoryId, later[next]!.id);
        next += 1;
      }
      while (nextRemoved < removed.length && removed[nextRemoved]!.archivedAt! < endOfDay) {
        current.delete(removed[nextRemoved]!.id);
        nextRemoved += 1;
      }
      if (current.size === 0) continue;
      const runResults = [...current.values()].flatMap((runId) => resultsByRun.get(runId) ?? []);
      const tallies = toTallies(controlEvidence(runResults, outside, endOfDay));
      history.push({ date: endOfDay.toISOString().slice(0, 10), score: postureScore(tallies) });
    }
    return history;
  }

  type RuleGroup = Awaited<ReturnType<PostureRepo["openByRule"]>>[number];

  /**
   * Risks of scan findings (one per rule) and of container images (one per vulnerability), highest
   * score first; ties by finding count, then id, so that pages never repeat or skip a risk.
   */
  function riskList(groups: readonly RuleGroup[], images: readonly ContainerFinding[]) {
    const byRule = new Map<string, { ruleId: string; analyzer: string; bySeverity: SeverityCounts }>();
    for (const group of groups) {
      const entry = byRule.get(group.ruleId) ?? {
        ruleId: group.ruleId,
        analyzer: group.analyzer,
        bySeverity: { critical: 0, high: 0, med: 0, low: 0 },
      };
      entry.bySeverity[group.severity] += group.count;
      byRule.set(group.ruleId, entry);
    }
    const all: Risk[] = [...byRule.values()].map((group) => {
      const rule = rules.get(group.ruleId);
      // A rule's findings may differ in severity (one per advisory, say): the risk is as severe
      // as its worst finding, and says how many of each it holds.
      const severity = SEVERITIES.find((level) => group.bySeverity[level] > 0) ?? "low";
      const count = SEVERITIES.reduce((sum, level) => sum + group.bySeverity[level], 0);
      const score = riskScore({
        severity,
        confidence: rule?.confidence ?? "medium",
        occurrences: count,
        internetFacing: isInternetFacing(rule?.controls ?? []),
      });
      return {
        id: group.ruleId,
        severity,
        type: familyOf(group.analyzer),
        description: rule?.title ?? group.ruleId,
        impact: rule?.docs.whyItMatters ?? "",
        riskScore: score,
        findingCount: count,
        findingsBySeverity: group.bySeverity,
      };
    });
    all.push(...containerRisks(images));
    all.sort(
      (a, b) =>
        b.riskScore - a.riskScore ||
        b.findingCount - a.findingCount ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const avgRiskScore =
      all.length === 0
        ? 0
        : Math.round((all.reduce((sum, r) => sum + r.riskScore, 0) / all.length) * 10) / 10;
    return { all, avgRiskScore };
  }

  // The summary (per tenant and window), the ranked risks (per tenant) and a control's detail (per
  // tenant and control) are kept while the data they read is unchanged (dataVersion) and at most a
  // minute, so relative windows and ageing images move on: the dashboard asks for them on every
  // visit, and computing them reads every open rule count and a control's checks of the latest runs.
  const CACHE_TTL_MS = 60_000;
  const CACHE_ENTRIES = 1_000;
  const summaryCache = createFingerprintCache<DashboardSummary>({
    ttlMs: CACHE_TTL_MS,
    maxEntries: CACHE_ENTRIES,
  });
  const riskCache = createFingerprintCache<ReturnType<typeof riskList>>({
    ttlMs: CACHE_TTL_MS,
    maxEntries: CACHE_ENTRIES,
  });
  const controlDetailCache = createFingerprintCache<ControlFindings | undefined>({
    ttlMs: CACHE_TTL_MS,
    maxEntries: CACHE_ENTRIES,
  });

  /**
   * One control as the Control Detail modal shows it: its row exactly as the Control Status
   * table has it (the same controlRows over the same latest runs), and the checks behind it.
   */
  async function computeControlDetail(tenantId: string, code: string): Promise<ControlFindings | undefined> {
    const latest = await repo.latestRuns(tenantId);
    const latestIds = latest.map((r) => r.id);
    const row = (await controlRows(tenantId, latest)).find((candidate) => candidate.control.code === code);
    if (!row) return undefined;
    const counts = {
      control: row.control,
      passes: row.passes,
      failures: row.failures,
      evaluated: row.evaluated,
    };
    if (getControl(code)?.evidencedBy === "image-scan") {
      // The checks behind the images' result: each current image's vulnerabilities, and the
      // current images without any (the images imageScanResults counted).
      const [vulnerabilities, scans, images] = await Promise.all([
        deps.containerFindings(tenantId),
        repo.imageScans(tenantId),
        deps.containerImages(tenantId),
      ]);
      const clean = new Set(
        currentImages(scans, now())
          .filter((scan) => scan.vulnerabilities === 0)
          .map((scan) => scan.id),
      );
      return {
        ...counts,
        findings: [],
        images: {
          vulnerabilities: vulnerabilities.slice(0, CONTROL_FAILURES_LISTED),
          clean: images.filter((image) => clean.has(image.id)).slice(0, CONTROL_PASSES_LISTED),
        },
      };
    }
    const [failed, passed] = await Promise.all([
      repo.controlChecks(tenantId, latestIds, { code, outcome: "failure", limit: CONTROL_FAILURES_LISTED }),
      repo.controlChecks(tenantId, latestIds, { code, outcome: "pass", limit: CONTROL_PASSES_LISTED }),
    ]);
    return {
      ...counts,
      findings: await findingsWithFixes(tenantId, [...failed, ...passed]),
      images: { vulnerabilities: [], clean: [] },
    };
  }

  /** A page of the tenant's risks; with no page, the top 5. */
  async function risks(
    tenantId: string,
    page: { limit: number; offset: number } = { limit: TOP_RISKS_SHOWN, offset: 0 },
  ): Promise<RisksResponse> {
    const { all, avgRiskScore } = await riskCache.get(
      tenantId,
      await repo.dataVersion(tenantId),
      async () => {
        const latest = await repo.latestRuns(tenantId);
        const [groups, images] = await Promise.all([
          repo.openByRule(
            tenantId,
            latest.map((r) => r.id),
          ),
          deps.containerFindings(tenantId),
        ]);
        return riskList(groups, images);
      },
    );
    const end = page.offset + page.limit;
    return {
      topRisks: all.slice(page.offset, end),
      totalRisks: all.length,
      avgRiskScore,
      offset: page.offset,
      limit: page.limit,
      nextOffset: end < all.length ? end : null,
    };
  }

  /** What a framework is judged on, for a Type I moment or a Type II window (see `compliance`). */
  async function complianceInputs(tenantId: string, query: ComplianceViewQuery) {
    const view = complianceView(query, now());
    const reference = view.kind === "type1" ? view.at : view.to;
    const current = reference.getTime() >= now().getTime();
    const latest = await repo.latestRuns(tenantId, current ? undefined : reference);
    const results = asControlResults(
      await evidenceOf(
        tenantId,
        latest.map((r) => r.id),
        reference,
      ),
    );
    if (view.kind === "type2") {
      const failing = await repo.controlsFailingBetween(tenantId, view.from, view.to);
      for (const result of results) {
        if (failing.has(result.code) && result.failures === 0) result.failures = 1;
      }
    }
    const evidence = deps.evidence ? await deps.evidence.controlEvidence(tenantId, view) : [];
    return { results, evidence, reference };
  }

  return {
    risks,
    latestRuns: (tenantId: string) => repo.latestRuns(tenantId),

    /** Open findings of one analyzer (and rule) in the latest run of each repository. */
    async openFindingsOfLatestRuns(tenantId: string, filter: { analyzer: string; ruleId?: string }) {
      const latest = await repo.latestRuns(tenantId);
      return repo.openFindingsOf(
        tenantId,
        latest.map((run) => run.id),
        filter,
      );
    },

    async heatmap(tenantId: string): Promise<HeatmapResponse> {
      const latest = await repo.latestRuns(tenantId);
      const groups = await repo.openByRule(
        tenantId,
        latest.map((r) => r.id),
      );
      const rows = new Map<string, HeatmapResponse["heatmap"][number]>();
      let total = 0;
      for (const group of groups) {
        const type = familyOf(group.analyzer);
        const row = rows.get(type) ?? { type, critical: 0, high: 0, med: 0, low: 0 };
        row[group.severity] += group.count;
        total += group.count;
        rows.set(type, row);
      }
      return {
        heatmap: [...rows.values()].sort((a, b) => a.type.localeCompare(b.type)),
        totalFindings: total,
      };
    },

    async controls(tenantId: string, type: string): Promise<ControlStatusRow[]> {
      const rows = await controlRows(tenantId, await repo.latestRuns(tenantId));
      return type === "all" ? rows : rows.filter((row) => row.control.tags.includes(type as never));
    },

    /** One control as the Control Detail modal shows it (computeControlDetail), cached like the summary. */
    async controlDetail(tenantId: string, code: string): Promise<ControlFindings | undefined> {
      return controlDetailCache.get(`${tenantId}:${code}`, await repo.dataVersion(tenantId), () =>
        computeControlDetail(tenantId, code),
      );
    },

    /** The control rows of chosen runs as of `asOf`, e.g. the latest runs of a period in an evidence report. */
    controlsOfRuns: (tenantId: string, runs: readonly { id: string; selfHash: string }[], asOf?: Date) =>
      controlRows(tenantId, runs, asOf),

    /**
     * A framework's compliance: Type I (default) as of `view.at` (the latest runs then, evidence
     * accepted by then and still valid); Type II over a window: the latest runs at its end, every
     * cadence period of the window with its own accepted evidence, and a control failing in any run
     * of the window fails (a simple reading of "operated effectively throughout": one failing run
     * breaks the window, however soon it was fixed).
     */
    async compliance(
      tenantId: string,
      frameworkId: FrameworkId,
      query: ComplianceViewQuery = {},
    ): Promise<ComplianceResponse> {
      const { results, evidence, reference } = await complianceInputs(tenantId, query);
      // The evaluator's rows are readonly; the API's type is the same shape, writable.
      return evaluateFramework(
        frameworkId,
        results,
        { now: reference },
        evidence,
      ) as unknown as ComplianceResponse;
    },

    /** A tenant's own framework, judged on the same results and evidence as the shipped ones. */
    async customCompliance(
      tenantId: string,
      query: ComplianceViewQuery,
      evaluate: (
        results: ControlResult[],
        evidence: readonly PolicyControlEvidence[],
        at: Date,
      ) => Promise<PolicyComplianceResponse<ComplianceResponse["framework"]>>,
    ): Promise<ComplianceResponse> {
      const { results, evidence, reference } = await complianceInputs(tenantId, query);
      // The evaluator's rows are readonly; the API's type is the same shape, writable.
      return (await evaluate(results, evidence, reference)) as unknown as ComplianceResponse;
    },

    async summary(tenantId: string, days: number): Promise<DashboardSummary> {
      return summaryCache.get(`${tenantId}:${days}`, await repo.dataVersion(tenantId), () =>
        this.computeSummary(tenantId, days),
      );
    },

    async computeSummary(tenantId: string, days: number): Promise<DashboardSummary> {
      const at = now();
      const since = new Date(at.getTime() - days * DAY_MS);
      const previousSince = new Date(since.getTime() - days * DAY_MS);
      const [
        latest,
        latestBefore,
        recent,
        totalRuns,
        activeRuns,
        artifacts,
        head,
        verification,
        suggestions,
        prActivity,
        imageFindings,
      ] = await Promise.all([
        repo.latestRuns(tenantId),
        repo.latestRuns(tenantId, since),
        repo.recentRuns(tenantId, 5),
        deps.ledger.runCount(tenantId),
        deps.activeScans(tenantId),
        deps.ledger.recent(tenantId, 3),
        deps.ledger.head(tenantId),
        deps.ledger.latestVerification(tenantId),
        deps.prSuggestions(tenantId, PR_SUGGESTIONS_SHOWN),
        deps.prActivity(tenantId, new Date(at.getTime() - PR_ACTIVITY_DAYS * DAY_MS)),
        deps.containerFindings(tenantId),
      ]);
      const latestIds = latest.map((r) => r.id);
      // Read once: the rows, the previous posture and each day of the history replay them.
      const outsideEvidence = outsideEvidenceOf(tenantId);
      const [controlStatus, previousResults, open, fixedNow, fixedBefore, history, ruleGroups] =
        await Promise.all([
          controlRows(tenantId, latest, at, outsideEvidence),
          evidenceOf(
            tenantId,
            latestBefore.map((r) => r.id),
            since,
            outsideEvidence,
          ),
          // Each severity's own first findings: a filter must never come up empty while its
          // findings exist (the most severe fifty could all be critical and high).
          Promise.all(
            SEVERITIES.map((severity) =>
              repo.openFindings(tenantId, latestIds, ACTIVE_FINDINGS_SHOWN, severity),
            ),
          ),
          repo.fixedBetween(tenantId, since, at),
          repo.fixedBetween(tenantId, previousSince, since),
          postureHistory(tenantId, since, days, outsideEvidence),
          repo.openByRule(tenantId, latestIds),
        ]);
      const topRisks = riskList(ruleGroups, imageFindings).all;
      const hasData = recent.some((run) => run.createdAt >= since);

      const score = postureScore(
        controlStatus.map((row) => ({
          controlCode: row.control.code,
          passes: row.passes,
          failures: row.failures,
          evaluated: row.evaluated,
        })),
      );
      const previousScore = latestBefore.length > 0 ? postureScore(toTallies(previousResults)) : null;
      const openFindingCounts = severityStats(ruleGroups);
      const criticalFindings = openFindingCounts.critical;
      const remediation = remediationDays(fixedNow);
      const remediationBefore = remediationDays(fixedBefore);
      const failingControls = controlStatus.filter((row) => row.failures > 0);
      const evaluatedControls = controlStatus.filter((row) => row.evaluated);
      const facts: PostureFacts = {
        score,
        previousScore,
        days,
        passingControls: evaluatedControls.length - failingControls.length,
        evaluatedControls: evaluatedControls.length,
        repositories: latest.length,
        criticalFindings,
        fixedFindings: fixedNow.count,
        remediationDays: remediation,
        totalRuns,
        environments: environmentFacts((await deps.environments?.(tenantId)) ?? []),
      };
      const templates: Narratives = {
        narrative: postureNarrative(facts),
        postureAnalysis: postureAnalysis(facts),
        remediationAnalysis: remediationAnalysis(facts),
        environmentAnalysis: environmentAnalysis(facts),
        topRisks: topRisks
          .slice(0, 3)
          .map((risk) => `${risk.description} (${risk.type}, score ${risk.riskScore})`),
      };
      const narratives = deps.narrator
        ? await deps.narrator.narrate(tenantId, { ...facts, topRisks: templates.topRisks }, templates)
        : templates;

      return {
        tenantId,
        days,
        generatedAt: at.toISOString(),
        hasData,
        metrics: {
          postureScore: score,
          activeRuns,
          criticalFindings,
          remediationTime: remediation,
          postureChange: previousScore === null ? null : Math.round((score - previousScore) * 10) / 10,
          remediationChangePercent: changePercent(remediation, remediationBefore),
          postureTrend: trendOf(score, previousScore),
          postureHistory: history,
        },
        narrative: {
          text: narratives.narrative,
          // The spec fixes the dashboard narrator's confidence, whoever wrote the sentence.
          confidence: 85,
          trend: narrativeTrend(score, criticalFindings),
        },
        cisoSnapshot: {
          lastUpdated: (
            latest.map((r) => r.createdAt).sort((a, b) => b.getTime() - a.getTime())[0] ?? at
          ).toISOString(),
          postureAnalysis: narratives.postureAnalysis,
          topRisks: narratives.topRisks,
          remediationAnalysis: narratives.remediationAnalysis,
          environmentAnalysis: narratives.environmentAnalysis,
        },
        controlStatus,
        recentRuns: recent.map(toRun),
        prSuggestions: suggestions,
        prActivity: { days: PR_ACTIVITY_DAYS, ...prActivity },
        evidenceArtifacts: artifacts.map(toEvidenceArtifact),
        chainIntegrity: chainStatus(head, verification, totalRuns),
        recentFindings: await findingsWithFixes(tenantId, open.flat()),
        openFindingCounts,
      };
    },
  };
}

export type PostureService = ReturnType<typeof createPostureService>;
