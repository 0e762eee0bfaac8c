// Fills a new demo organization's compliance programme (demo-compliance-plan.ts) by acting as its
// owner through the same services the API calls: policies adopted, approved and acknowledged,
// evidence uploaded, produced and reviewed, an ad hoc request discussed. Every approval, file and
// review is therefore in the copy's own evidence ledger, and the SOC 2 view computes its picture
// from them as it would for any organization.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { policies } from "@rampart/db/schema";
import { listPolicyTemplates } from "@rampart/policy";
import { count, eq } from "drizzle-orm";
import type { EvidenceRecords } from "../evidence-requests/evidence-records.ts";
import type { Actor, EvidenceRequestsService } from "../evidence-requests/evidence-requests.service.ts";
import type { PoliciesService } from "../policies/policies.service.ts";
import {
  DEMO_AD_HOC_REQUEST,
  DEMO_EVIDENCE,
  DEMO_EVIDENCE_DIR,
  DEMO_POLICIES,
  EVIDENCE_CONTENT_TYPES,
  type PlannedEvidence,
} from "./demo-compliance-plan.ts";

export interface DemoComplianceDeps {
  db: Database;
  policies: PoliciesService;
  evidenceRequests: EvidenceRequestsService;
  evidenceRecords: EvidenceRecords;
  evidenceDir?: string;
  now?: () => Date;
}

export type SeedDemoCompliance = (tenantId: string, owner: { id: string; email: string }) => Promise<boolean>;

export function createDemoCompliance(deps: DemoComplianceDeps): SeedDemoCompliance {
  const evidenceDir = deps.evidenceDir ?? DEMO_EVIDENCE_DIR;
  const now = deps.now ?? (() => new Date());

  async function hasPolicies(tenantId: string): Promise<boolean> {
    const [row] = await withDatabaseContext({ kind: "tenant", tenantId }, () =>
      deps.db.select({ value: count() }).from(policies).where(eq(policies.tenantId, tenantId)),
    );
    return (row?.value ?? 0) > 0;
  }

  async function adoptPolicies(tenantId: string, owner: Actor) {
    const drafts: readonly string[] = DEMO_POLICIES.drafts;
    const unacknowledged: readonly string[] = DEMO_POLICIES.unacknowledged;
    for (const template of listPolicyTemplates()) {
      const adopted = await deps.policies.create(tenantId, owner, { templateKey: template.key });
      if (drafts.includes(template.key)) continue;
      const version = await deps.policies.approve(tenantId, adopted.policy.id, 1, owner);
      if (unacknowledged.includes(template.key)) continue;
      await deps.policies.acknowledge(tenantId, adopted.policy.id, version.version, owner);
    }
  }

  async function fileOf(name: string) {
    const contentType = EVIDENCE_CONTENT_TYPES[path.extname(name)];
    if (!contentType) throw new Error(`demo evidence ${name}: no media type for its extension`);
    return { body: await readFile(path.join(evidenceDir, name)), contentType, fileName: name };
  }

  async function answer(tenantId: string, owner: Actor, requestId: string, planned: PlannedEvidence) {
    const { answer: plan } = planned;
    if (plan.outcome === "record") {
      const request = await deps.evidenceRequests.findRequest(tenantId, requestId);
      const produced = await deps.evidenceRecords.produce(tenantId, request);
      await deps.evidenceRequests.submitFile(tenantId, requestId, owner, {
        ...produced,
        contentType: "application/json",
        note: "Produced by Rampart",
      });
    } else {
      await deps.evidenceRequests.submitFile(tenantId, requestId, owner, await fileOf(plan.file));
    }
    if (plan.outcome === "pending") return;
    const { currentSubmissionId } = await deps.evidenceRequests.findRequest(tenantId, requestId);
    await deps.evidenceRequests.review(
      tenantId,
      requestId,
      currentSubmissionId!,
      owner,
      plan.outcome === "rejected" ? { decision: "reject", reason: plan.reason } : { decision: "accept" },
    );
  }

  async function answerRequests(tenantId: string, owner: Actor) {
    // Listing makes the current period's requests, as opening the evidence tab would.
    const requests = await deps.evidenceRequests.list(tenantId, { state: "missing" });
    const planOf = new Map(
      DEMO_EVIDENCE.map((planned) => [`${planned.controlCode}/${planned.evidenceKey}`, planned]),
    );
    for (const request of requests) {
      if (request.source !== "control") continue;
      // The owner is who the compliance view names for what is still missing.
      await deps.evidenceRequests.update(tenantId, request.id, { ownerId: owner.id });
      const planned = planOf.get(`${request.controlCode}/${request.evidenceKey}`);
      if (planned) await answer(tenantId, owner, request.id, planned);
    }
  }

  async function openAdHocRequest(tenantId: string, owner: Actor) {
    const { dueInDays, comment, ...body } = DEMO_AD_HOC_REQUEST;
    const dueAt = new Date(now().getTime() + dueInDays * 86_400_000).toISOString();
    const request = await deps.evidenceRequests.create(tenantId, owner, {
      ...body,
      dueAt,
      ownerId: owner.id,
    });
    await deps.evidenceRequests.comment(tenantId, request.id, owner, comment);
  }

  /** Seeds once: an organization that already has policies (seeded, or the user's own work) is left as it is. */
  return async (tenantId, owner) => {
    if (await hasPolicies(tenantId)) return false;
    const actor: Actor = { ...owner, role: "admin" };
    await adoptPolicies(tenantId, actor);
    await answerRequests(tenantId, actor);
    await openAdHocRequest(tenantId, actor);
    return true;
  };
}
