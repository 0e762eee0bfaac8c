// The knowledge-base advisor: answers the common questions from the same tools the model uses,
// deterministically, and says plainly when it cannot. It is the default without a model and the
// fallback when the model fails. Each intent is one entry of INTENTS: a pattern and an answer.
import type { Citation } from "@rampart/contracts/advisor";
import type { RuleMeta } from "@rampart/engine";
import type { FrameworkId } from "@rampart/policy";
import { getFramework, isKnownControl } from "@rampart/policy";
import type { AdvisorTools, ToolResult } from "./advisor-tools.ts";
import type { AdvisorEvent } from "./chat-types.ts";
import { KNOWLEDGE_BASE } from "./chat-types.ts";
import { uniqueCitations } from "./citations.ts";
import { maskSecrets } from "./untrusted.ts";

export interface KnowledgeBaseAnswer {
  text: string;
  citations: Citation[];
}

type Run = (name: string, args: Record<string, unknown>) => Promise<ToolResult>;

interface Intent {
  name: string;
  matches(question: string): boolean;
  answer(question: string, run: Run, rules: ReadonlyMap<string, RuleMeta>): Promise<KnowledgeBaseAnswer>;
}

const FRAMEWORK_WORDS: readonly [RegExp, FrameworkId][] = [
  [/\bsoc\s*-?\s*2\b/i, "soc2"],
  [/\biso\s*(?:\/iec\s*)?27001\b/i, "iso27001"],
  [/\bnist\b|\b800-53\b/i, "nist-800-53"],
];

/** A framework requirement named in the question, and its framework: CC6.1, A.8.24, SC-28. */
export function requirementIn(question: string): { framework: FrameworkId; requirement: string } | undefined {
  const soc2 = question.match(/\b(CC|A|C|PI|P)\d{1,2}\.\d{1,2}\b/i);
  if (soc2 && /^cc/i.test(soc2[0])) return { framework: "soc2", requirement: soc2[0].toUpperCase() };
  const iso = question.match(/\bA\.\d{1,2}\.\d{1,2}\b/i);
  if (iso) return { framework: "iso27001", requirement: iso[0].toUpperCase() };
  const nist = question.match(
    /\b(AC|AT|AU|CA|CM|CP|IA|IR|MA|MP|PE|PL|PM|PS|PT|RA|SA|SC|SI|SR)-\d{1,2}(?:\(\d{1,2}\))?/i,
  );
  if (nist) return { framework: "nist-800-53", requirement: nist[0].toUpperCase() };
  return undefined;
}

const frameworkIn = (question: string): FrameworkId | undefined =>
  FRAMEWORK_WORDS.find(([pattern]) => pattern.test(question))?.[1];

const controlIn = (question: string): string | undefined =>
  question
    .toUpperCase()
    .match(/\b[A-Z0-9]{2,4}-[A-Z0-9]{2,6}-\d{2}\b/g)
    ?.find((code) => isKnownControl(code));

/** "since last week", "in the last 30 days", "since yesterday": the window in days. */
export function daysIn(question: string): number {
  const explicit = question.match(/(\d{1,2})\s*days?/i);
  if (explicit) return Math.min(90, Math.max(1, Number(explicit[1])));
  if (/yesterday|\bday\b|24 ?h/i.test(question)) return 1;
  if (/month/i.test(question)) return 30;
  return 7;
}

const list = (lines: string[]) => lines.map((line) => `- ${line}`).join("\n");

const INTENTS: readonly Intent[] = [
  {
    name: "why-requirement-fails",
    matches: (question) => requirementIn(question) !== undefined,
    async answer(question, run) {
      const { framework, requirement } = requirementIn(question)!;
      const result = await run("compliance", { framework, requirement });
      const data = result.data as {
        error?: string;
        framework: string;
        requirement?: {
          requirement: string;
          title: string;
          status: string;
          controls: { code: string; title: string; status: string }[];
        }[];
      };
      if (data.error || !data.requirement?.[0])
        return { text: `${data.error ?? `I found no requirement ${requirement}.`}`, citations: [] };
      const row = data.requirement[0];
      const failing = row.controls.filter((control) => control.status === "fail");
      const head = `${data.framework} ${row.requirement} (${row.title}) is **${row.status === "fail" ? "failing" : row.status === "pass" ? "passing" : "not evaluated"}**.`;
      if (row.status !== "fail") {
        const why =
          row.status === "pass"
            ? "All the Rampart controls mapped to it pass in the latest scans."
            : "No scan has evaluated the Rampart controls mapped to it yet, or none is mapped.";
        return { text: `${head} ${why}`, citations: result.citations };
      }
      const details = await Promise.all(
        failing.slice(0, 3).map((control) => run("control_detail", { controlCode: control.code })),
      );
      const lines = details.flatMap((detail) => {
        const d = detail.data as {
          control?: { code: string; title: string };
          failures?: number;
          failingFindings?: { ruleId: string; message: string; file: string | null; line: number | null }[];
        };
        if (!d.control) return [];
        return [
          `${d.control.code} ${d.control.title}: ${d.failures} failing check${d.failures === 1 ? "" : "s"}`,
          ...(d.failingFindings ?? [])
            .slice(0, 3)
            .map(
              (finding) =>
                `  - ${finding.ruleId}: ${finding.message}${finding.file ? ` (${finding.file}${finding.line ? `:${finding.line}` : ""})` : ""}`,
            ),
        ];
      });
      return {
        text: `${head} It fails because these Rampart controls mapped to it fail:\n${list(lines)}\n\nFix the findings above and re-scan; the requirement passes when all its mapped controls pass.`,
        citations: [...result.citations, ...details.flatMap((detail) => detail.citations)],
      };
    },
  },
  {
    name: "control",
    matches: (question) => controlIn(question) !== undefined,
    async answer(question, run) {
      const result = await run("control_detail", { controlCode: controlIn(question)! });
      const d = result.data as {
        error?: string;
        control?: { code: string; title: string; description: string };
        passes: number;
        failures: number;
        evaluated: boolean;
        failingFindings: { ruleId: string; message: string; file: string | null }[];
      };
      if (d.error || !d.control) return { text: d.error ?? "I found no such control.", citations: [] };
      const status = !d.evaluated
        ? "has not been evaluated by any scan yet"
        : d.failures > 0
          ? `fails: ${d.failures} failing and ${d.passes} passing checks`
          : `passes (${d.passes} checks)`;
      const findings = d.failingFindings
        .slice(0, 5)
        .map((finding) => `${finding.ruleId}: ${finding.message}${finding.file ? ` (${finding.file})` : ""}`);
      return {
        text: `${d.control.code} ${d.control.title} ${status}. ${d.control.description}${findings.length ? `\n\nFailing checks:\n${list(findings)}` : ""}`,
        citations: result.citations,
      };
    },
  },
  {
    name: "top-risks",
    matches: (question) =>
      /\b(top|biggest|main|largest|highest|worst)\b.*\brisks?\b|\brisks?\b.*\b(first|priorit)|prioriti[sz]e|riskiest/i.test(
        question,
      ),
    async answer(_question, run) {
      const result = await run("top_risks", { limit: 5 });
      const d = result.data as {
        totalRisks: number;
        avgRiskScore: number;
        risks: {
          severity: string;
          description: string;
          riskScore: number;
          findingCount: number;
          type: string;
        }[];
      };
      if (d.risks.length === 0)
        return {
          text: "There are no open risks: no scan has reported a failing check that is not waived.",
          citations: [],
        };
      return {
        text: `Your top ${d.risks.length} of ${d.totalRisks} risks (average risk score ${d.avgRiskScore}):\n${list(
          d.risks.map(
            (risk, index) =>
              `${index + 1}. **${risk.description}** (${risk.type}, ${risk.severity}, score ${risk.riskScore}, ${risk.findingCount} finding${risk.findingCount === 1 ? "" : "s"})`,
          ),
        )}`,
        citations: result.citations,
      };
    },
  },
  {
    name: "changes",
    matches: (question) =>
      /\bchang|\bsince\b|\bnew findings\b|\blast (week|month)\b|\bregress/i.test(question),
    async answer(question, run) {
      const days = daysIn(question);
      const result = await run("changes_since", { days });
      const d = result.data as {
        openFindingsBefore: number;
        openFindingsNow: number;
        runsSince: number;
        findingsFixed: number;
        ruleChanges: { ruleId: string; before: number; now: number }[];
      };
      const lines = d.ruleChanges
        .slice(0, 8)
        .map((change) => `${change.ruleId}: ${change.before} → ${change.now} open`);
      return {
        text: `In the last ${days} day${days === 1 ? "" : "s"}: ${d.runsSince} scan run${d.runsSince === 1 ? "" : "s"}, ${d.findingsFixed} finding${d.findingsFixed === 1 ? "" : "s"} fixed; open findings went from ${d.openFindingsBefore} to ${d.openFindingsNow}.${lines.length ? `\n\nBy rule:\n${list(lines)}` : "\n\nNo rule's open findings changed."}`,
        citations: result.citations,
      };
    },
  },
  {
    name: "readiness",
    matches: (question) =>
      frameworkIn(question) !== undefined &&
      /ready|readiness|complian|audit|pass|status|where do we stand|how (are|do) we/i.test(question),
    async answer(question, run) {
      const framework = frameworkIn(question)!;
      const result = await run("compliance", { framework });
      const d = result.data as {
        framework: string;
        summary: {
          compliancePercentage: number;
          totalControls: number;
          passedControls: number;
          failedControls: number;
          unknownControls: number;
        };
        failingRequirements: { requirement: string; title: string }[];
      };
      const s = d.summary;
      const verdict =
        s.failedControls === 0 && s.unknownControls === 0
          ? "On the evidence Rampart holds, nothing is failing."
          : s.failedControls === 0
            ? "Nothing fails, but some requirements have no evidence yet."
            : `Not yet: ${s.failedControls} requirement${s.failedControls === 1 ? "" : "s"} fail.`;
      const failing = d.failingRequirements.slice(0, 8).map((row) => `${row.requirement} ${row.title}`);
      return {
        text: `${d.framework}: ${s.compliancePercentage}% compliant (${s.passedControls} of ${s.totalControls} requirements pass, ${s.failedControls} fail, ${s.unknownControls} not evaluated). ${verdict}${failing.length ? `\n\nFailing requirements:\n${list(failing)}` : ""}\n\nA requirement fails on a finding or on evidence that is missing, not yet accepted or expired; the Compliance page shows what each one lacks and who owns it.`,
        citations: result.citations,
      };
    },
  },
  {
    name: "fix",
    matches: (question) =>
      /\bhow\b.*\b(fix|remediate|resolve|mitigate)\b|\b(fix|remediate)\b/i.test(question),
    async answer(question, run, rules) {
      const result = await run("search_knowledge", { query: question.slice(0, 300) });
      const passages = (result.data as { passages: { kind: string; id: string; title: string }[] }).passages;
      const rulePassage =
        passages.find((passage) => passage.kind === "rule") ??
        passages.find((passage) => passage.kind === "finding");
      const rule = rulePassage
        ? rules.get(rulePassage.kind === "rule" ? rulePassage.id : rulePassage.title)
        : undefined;
      if (!rule) return cannotAnswer(question);
      const findings = await run("find_findings", { ruleId: rule.id, limit: 5 });
      const open = (findings.data as { findings: { file: string | null; line: number | null }[] }).findings;
      return {
        text: `**${rule.title}** (${rule.id})\n\n${rule.docs.remediation}${rule.docs.example ? `\n\nFor example:\n\n\`\`\`\n${rule.docs.example}\n\`\`\`` : ""}\n\n${
          open.length > 0
            ? `It is open in:\n${list(open.map((finding) => `${finding.file ?? "(no file)"}${finding.line ? `:${finding.line}` : ""}`))}`
            : "No open finding of this rule in your latest scans."
        }`,
        citations: [...result.citations.filter((citation) => citation.id === rule.id), ...findings.citations],
      };
    },
  },
  {
    name: "findings",
    matches: (question) => /\b(critical|high|open)\b.*\bfindings?\b|\bfindings?\b/i.test(question),
    async answer(question, run) {
      const severity = question
        .match(/\b(critical|high|medium|low)\b/i)?.[1]
        ?.toLowerCase()
        .replace("medium", "med");
      const result = await run("find_findings", { ...(severity ? { severity } : {}), limit: 10 });
      const rows = (
        result.data as {
          findings: {
            ruleId: string;
            severity: string;
            message: string;
            file: string | null;
            line: number | null;
            repository?: string;
          }[];
        }
      ).findings;
      if (rows.length === 0)
        return {
          text: `There are no open${severity ? ` ${severity}` : ""} findings in the latest scans.`,
          citations: [],
        };
      return {
        text: `The most severe open${severity ? ` ${severity}` : ""} findings:\n${list(rows.map((row) => `${row.severity} ${row.ruleId}: ${row.message}${row.file ? ` (${row.repository ? `${row.repository}/` : ""}${row.file}${row.line ? `:${row.line}` : ""})` : ""}`))}`,
        citations: result.citations,
      };
    },
  },
  {
    name: "failing-controls",
    matches: (question) => /\bcontrols?\b/i.test(question),
    async answer(_question, run) {
      const result = await run("list_controls", { status: "failing" });
      const rows = (
        result.data as { controls: { code: string; title: string; failures: number; compliance: number }[] }
      ).controls;
      if (rows.length === 0) return { text: "No control fails in the latest scans.", citations: [] };
      return {
        text: `${rows.length} control${rows.length === 1 ? " fails" : "s fail"}:\n${list(rows.slice(0, 10).map((row) => `${row.code} ${row.title}: ${row.failures} failing (${row.compliance}% compliant)`))}`,
        citations: result.citations.slice(0, 10),
      };
    },
  },
  {
    name: "waivers",
    matches: (question) => /\bwaiv|accepted risk/i.test(question),
    async answer(_question, run) {
      const result = await run("list_waivers", { state: "all" });
      const rows = (
        result.data as {
          waivers: {
            ruleId: string;
            scope: string;
            reason: string;
            state: string;
            expiresAt: string | null;
          }[];
        }
      ).waivers;
      if (rows.length === 0) return { text: "There are no waivers.", citations: [] };
      return {
        text: `Waivers:\n${list(rows.slice(0, 10).map((row) => `${row.ruleId} (${row.scope}, ${row.state}${row.expiresAt ? `, expires ${row.expiresAt.slice(0, 10)}` : ""}): ${row.reason}`))}`,
        citations: result.citations,
      };
    },
  },
  {
    name: "environments",
    matches: (question) => /\benvironments?\b|\bdrift/i.test(question),
    async answer(_question, run) {
      const result = await run("list_environments", {});
      const rows = (result.data as { environments: { name: string; type: string; driftState: string }[] })
        .environments;
      if (rows.length === 0) return { text: "No environment is configured.", citations: [] };
      return {
        text: `Environments:\n${list(rows.map((row) => `${row.name} (${row.type}): drift ${row.driftState}`))}`,
        citations: result.citations,
      };
    },
  },
  {
    name: "evidence",
    matches: (question) => /\bevidence\b|\bledger\b|\btamper|\bverif/i.test(question),
    async answer(_question, run) {
      const result = await run("evidence_status", { limit: 3 });
      const d = result.data as {
        entries: number;
        lastVerification: { valid: boolean; verifiedAt: string; reason: string | null } | null;
      };
      const verification = d.lastVerification
        ? d.lastVerification.valid
          ? `Its hash chain was last verified intact on ${d.lastVerification.verifiedAt.slice(0, 10)}.`
          : `Its last verification (${d.lastVerification.verifiedAt.slice(0, 10)}) FAILED: ${d.lastVerification.reason ?? "the chain does not verify"}.`
        : "It has not been verified yet.";
      return {
        text: `The evidence ledger holds ${d.entries} entr${d.entries === 1 ? "y" : "ies"}. ${verification}`,
        citations: result.citations,
      };
    },
  },
  {
    name: "runs",
    matches: (question) => /\b(runs?|scans?|scanned)\b/i.test(question),
    async answer(_question, run) {
      const result = await run("recent_runs", { limit: 5 });
      const rows = (
        result.data as {
          runs: {
            repository: string;
            commit: string;
            status: string;
            failedChecks: number;
            createdAt: string;
          }[];
        }
      ).runs;
      if (rows.length === 0) return { text: "No scan has run yet.", citations: [] };
      return {
        text: `The newest runs:\n${list(rows.map((row) => `${row.repository}@${row.commit}: ${row.status}, ${row.failedChecks} failed checks (${row.createdAt.slice(0, 16).replace("T", " ")})`))}`,
        citations: result.citations,
      };
    },
  },
];

function cannotAnswer(_question: string): KnowledgeBaseAnswer {
  return {
    text: "I can't answer that from Rampart's knowledge base: no language model is configured, and the question matches none of the rule docs, controls or findings I can search. I can answer questions such as: what are my top risks, why does CC6.1 fail, what changed since last week, how do I fix a rule's finding, are we ready for SOC 2, which controls fail, and is our evidence ledger verified.",
    citations: [],
  };
}

export function createKnowledgeBaseChat(deps: { tools: AdvisorTools; rules: ReadonlyMap<string, RuleMeta> }) {
  async function answer(tenantId: string, question: string): Promise<KnowledgeBaseAnswer> {
    const run: Run = (name, args) => deps.tools.run(tenantId, name, args);
    const intent = INTENTS.find((candidate) => candidate.matches(question));
    if (intent) return intent.answer(question, run, deps.rules);
    // Not a known question: the passages the search finds, said plainly as that.
    const result = await run("search_knowledge", { query: question.slice(0, 300) });
    const passages = (
      result.data as { passages: { kind: string; id: string; title: string; text: string }[] }
    ).passages;
    if (passages.length === 0) return cannotAnswer(question);
    return {
      text: `I have no ready answer to that, but these passages of the knowledge base match it:\n${list(passages.slice(0, 5).map((passage) => `${passage.kind} ${passage.kind === "finding" ? passage.title : passage.id}: ${passage.text.slice(0, 200)}`))}`,
      citations: result.citations.slice(0, 5),
    };
  }

  return {
    answer,

    /** The answer as stream events: its text a line at a time, its citations, and who answered. */
    async *ask(tenantId: string, question: string, preface?: string): AsyncGenerator<AdvisorEvent> {
      const { text, citations } = await answer(tenantId, question);
      const full = maskSecrets(preface ? `${preface}\n\n${text}` : text);
      for (const line of full.split(/(?<=\n)/)) yield { type: "content", content: line };
      const cited = uniqueCitations(citations);
      if (cited.length > 0) yield { type: "citations", citations: cited };
      yield { type: "done", answeredBy: KNOWLEDGE_BASE };
    },

    /** Five questions drawn from the tenant's state. */
    async suggestedQuestions(tenantId: string): Promise<string[]> {
      const run: Run = (name, args) => deps.tools.run(tenantId, name, args);
      const [soc2, risks, environments] = await Promise.all([
        run("compliance", { framework: "soc2" }),
        run("top_risks", { limit: 1 }),
        run("list_environments", {}),
      ]);
      const failing =
        (soc2.data as { failingRequirements?: { requirement: string }[] }).failingRequirements ?? [];
      const topRisk = (risks.data as { risks: { id: string }[] }).risks[0];
      const topRule = topRisk ? deps.rules.get(topRisk.id) : undefined;
      const drifted = (environments.data as { environments: { driftState: string }[] }).environments.some(
        (environment) => environment.driftState === "drifted",
      );
      const questions = [
        "What are my top risks?",
        failing[0] ? `Why does ${failing[0].requirement} fail?` : undefined,
        "What changed since last week?",
        topRule ? `How do I fix ${topRule.title.replace(/\.$/, "")}?` : undefined,
        `Are we ready for ${getFramework("soc2")?.name ?? "SOC 2"}?`,
        drifted ? "Which environments have drifted?" : undefined,
        "Which controls are failing?",
        "Is our evidence ledger verified?",
      ].filter((question): question is string => question !== undefined);
      return questions.slice(0, 5);
    },
  };
}

export type KnowledgeBaseChat = ReturnType<typeof createKnowledgeBaseChat>;
