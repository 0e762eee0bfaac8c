// The dashboard's lists must never claim "none" or a total they do not hold. A run with more open
// findings than any list sends is written straight to the tables (a scan of that size would take
// minutes): Active Findings gets each severity's own first five and the counts of all; risks are
// paged with their total; a risk says what its findings are; the PR Bot caption counts a week's
// fix pull requests, not the four shown.
import type { RisksResponse } from "@rampart/contracts/risks";
import { prSuggestions } from "@rampart/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { insertRepositoryWithRun } from "../../test/repository-with-run.ts";
import type { FindingRecord } from "../runs/run-record.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const risksUrl = (query = "") => `/api/tenants/${owner.tenantId}/risks${query}`;

type Severity = FindingRecord["severity"];

/** `count` open findings of one rule and severity, each in its own file. */
function openFindings(ruleId: string, severity: Severity, count: number, analyzer = "sast"): FindingRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    ruleId,
    analyzer,
    controlCode: "SAST-INJ-01",
    severity,
    status: "fail" as const,
    message: `${ruleId} ${severity} ${index}`,
    filePath: `src/${ruleId.replace("/", "-")}-${severity}-${String(index).padStart(3, "0")}.ts`,
    line: 1,
    fingerprint: `${ruleId}-${severity}-${index}`,
    waiverId: null,
    metadata: {},
  }));
}

// 60 critical and high findings come first in severity order, then 43 medium and 2 low: the top
// fifty the summary used to send held no medium finding at all.
const RECORDS: FindingRecord[] = [
  // One rule whose findings differ in severity: 3 critical and 19 high.
  ...openFindings("sca/vulnerable-dependency", "critical", 3, "sca"),
  ...openFindings("sca/vulnerable-dependency", "high", 19, "sca"),
  ...openFindings("sast/sql-injection", "critical", 20),
  ...openFindings("sast/command-injection", "high", 18),
  // Twelve more rules of medium findings, so that the risks span three pages of five.
  ...Array.from({ length: 12 }, (_, index) => openFindings(`sast/medium-rule-${index}`, "med", 3)).flat(),
  ...openFindings("sast/weak-hash", "med", 7),
  ...openFindings("sast/debug-left-on", "low", 2),
];
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Many Findings Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
  const { repository, run } = await insertRepositoryWithRun(ctx, owner.tenantId, RECORDS);

  // Fix pull requests: in the last week 2 merged, 3 open and 1 closed; 2 open ones are older.
  const now = Date.now();
  const pulls: { state: "open" | "merged" | "closed"; daysAgo: number }[] = [
    { state: "merged", daysAgo: 1 },
    { state: "merged", daysAgo: 2 },
    { state: "open", daysAgo: 1 },
    { state: "open", daysAgo: 3 },
    { state: "open", daysAgo: 6 },
    { state: "closed", daysAgo: 2 },
    { state: "open", daysAgo: 10 },
    { state: "open", daysAgo: 20 },
  ];
  await ctx.database.db.insert(prSuggestions).values(
    pulls.map((pull, index) => ({
      tenantId: owner.tenantId,
      repositoryId: repository.id,
      runId: run.id,
      findingFingerprint: `fingerprint-${index}`,
      fixKey: `fingerprint-${index}`,
      fixedFingerprints: [`fingerprint-${index}`],
      ruleId: "sast/sql-injection",
      kind: "sast" as const,
      number: index + 1,
      branchName: `security/fix/sql-injection-${index}`,
      title: `Fix ${index}`,
      body: "Bind the parameters.",
      patch: "",
      baseCommit: "a".repeat(40),
      headCommit: "b".repeat(40),
      state: pull.state,
      merged: pull.state === "merged",
      createdAt: new Date(now - pull.daysAgo * DAY_MS),
      updatedAt: new Date(now - pull.daysAgo * DAY_MS),
    })),
  );
}, 60_000);
afterAll(() => ctx?.close());

describe("Active Findings in the summary", () => {
  it("sends each severity's own first five and the counts of all open findings", async () => {
    const response = await get(`/api/tenants/${owner.tenantId}/summary`);
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary.openFindingCounts).toEqual({ total: 105, critical: 23, high: 37, med: 43, low: 2 });
    // The same count as the metrics card's critical findings.
    expect(summary.metrics.criticalFindings).toBe(summary.openFindingCounts.critical);

    const bySeverity = (severity: Severity) =>
      summary.recentFindings.filter((finding: { severity: Severity }) => finding.severity === severity);
    expect(bySeverity("critical")).toHaveLength(5);
    expect(bySeverity("high")).toHaveLength(5);
    expect(bySeverity("med")).toHaveLength(5);
    expect(bySeverity("low")).toHaveLength(2);
    // Most severe first, so the unfiltered list's first five are the five most severe.
    const order = ["critical", "high", "med", "low"];
    const ranks = summary.recentFindings.map((finding: { severity: Severity }) =>
      order.indexOf(finding.severity),
    );
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    for (const finding of summary.recentFindings) expect(finding.status).toBe("fail");
  });

  it("counts a week's fix pull requests for the PR Bot caption, not only the four it lists", async () => {
    const summary = (await get(`/api/tenants/${owner.tenantId}/summary`)).json();
    expect(summary.prSuggestions).toHaveLength(4);
    expect(summary.prActivity).toEqual({ days: 7, merged: 2, pending: 3 });
  });
});

describe("risks", () => {
  it("answers the top five with the total when no page is named", async () => {
    const response = await get(risksUrl());
    expect(response.statusCode).toBe(200);
    const risks = response.json() as RisksResponse;
    expect(risks.topRisks).toHaveLength(5);
    expect(risks.totalRisks).toBe(17);
    expect(risks).toMatchObject({ offset: 0, limit: 5, nextOffset: 5 });
  });

  it("pages through every risk once, highest score first, with the same total on each page", async () => {
    const seen: RisksResponse["topRisks"] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const response = await get(risksUrl(`?limit=6&offset=${offset}`));
      expect(response.statusCode).toBe(200);
      const page = response.json() as RisksResponse;
      expect(page.totalRisks).toBe(17);
      expect(page.limit).toBe(6);
      seen.push(...page.topRisks);
      offset = page.nextOffset;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen.map((risk) => risk.id)).size).toBe(17);
    const scores = seen.map((risk) => risk.riskScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Past the end: an empty page, not an error.
    const beyond = (await get(risksUrl("?limit=5&offset=40"))).json() as RisksResponse;
    expect(beyond).toMatchObject({ topRisks: [], totalRisks: 17, nextOffset: null });
  });

  it("says what a grouped risk holds: its worst severity and its findings by severity", async () => {
    const all = (await get(risksUrl("?limit=100"))).json() as RisksResponse;
    const dependency = all.topRisks.find((risk) => risk.id === "sca/vulnerable-dependency");
    expect(dependency).toMatchObject({
      severity: "critical",
      findingCount: 22,
      findingsBySeverity: { critical: 3, high: 19, med: 0, low: 0 },
    });
    for (const risk of all.topRisks) {
      const { critical, high, med, low } = risk.findingsBySeverity;
      expect(critical + high + med + low).toBe(risk.findingCount);
    }
  });

  it("documents its page parameters in the OpenAPI document", async () => {
    const document = (await get("/api/openapi.json")).json() as {
      paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
    };
    const parameters = document.paths["/api/tenants/{tenantId}/risks"]?.get?.parameters ?? [];
    expect(
      parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
    ).toEqual(expect.arrayContaining(["limit", "offset"]));
  });

  it("refuses bad pages with a 400 and a message", async () => {
    for (const query of ["?limit=0", "?limit=101", "?limit=abc", "?offset=-1", "?offset=1.5"]) {
      const response = await get(risksUrl(query));
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().error).toBe("string");
    }
  });

  it("answers another tenant's user 404 on every page", async () => {
    const response = await get(risksUrl("?limit=5&offset=5"), stranger.cookie);
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().error).toBe("string");
    const own = (
      await get(`/api/tenants/${stranger.tenantId}/risks?limit=5&offset=5`, stranger.cookie)
    ).json();
    expect(own).toMatchObject({ topRisks: [], totalRisks: 0, nextOffset: null });
  });
});
