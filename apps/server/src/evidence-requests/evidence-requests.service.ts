// Evidence requests: the current period's request for every evidence spec of Rampart's controls
// (made on listing and by a daily job), ad hoc requests by auditors and admins, uploads checked
// and stored by hash, reviews, the comment thread, Rampart-produced records, and reminders.
// State machine: missing → submitted → accepted | rejected; rejected → submitted on a new file;
// accepted → expired when its validity ends; a missing or rejected request expires when evidence
// for its period would have (overdue until then: late evidence still counts).

import type { Role } from "@rampart/contracts/auth";
import type {
  CreateEvidenceRequestBody,
  EvidenceComment,
  EvidenceRequest,
  EvidenceRequestDetail,
  EvidenceRequestState,
  EvidenceSubmission,
  ReviewSubmissionBody,
  UpdateEvidenceRequestBody,
} from "@rampart/contracts/evidence-requests";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import {
  evidenceComments,
  evidenceRequests,
  evidenceSubmissions,
  memberships,
  users,
} from "@rampart/db/schema";
import { getControl, isKnownControl, listControls } from "@rampart/policy";
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AppError, notFound } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { type EvidenceStore, sha256Hex } from "../evidence-store/evidence-store.ts";
import { isAtRisk, periodAt } from "./periods.ts";
import { checkUploadContent, safeFileName } from "./upload-types.ts";
import { checkZip } from "./zip-check.ts";

export type RequestRow = typeof evidenceRequests.$inferSelect;
type SubmissionRow = typeof evidenceSubmissions.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const REQUEST_NOT_FOUND = "Evidence request not found";
export const SUBMISSION_NOT_FOUND = "Evidence file not found";
/** The record whose state comes live from policy acknowledgements, not from requests. */
export const POLICY_ACKNOWLEDGEMENTS_RECORD = "policy-acknowledgements";

/** A control's evidence spec, as the policy package declares it. */
export interface ControlEvidenceSpec {
  readonly controlCode: string;
  readonly key: string;
  readonly title: string;
  readonly description: string;
  readonly kind: "document" | "screenshot" | "export" | "record";
  readonly cadence: "once" | "monthly" | "quarterly" | "yearly";
  readonly record: string | null;
}

/** Every evidence spec of Rampart's controls that requests answer (not the policy-backed ones). */
export function requestedSpecs(): ControlEvidenceSpec[] {
  return listControls().flatMap((control) =>
    control.evidence
      .filter((spec) => spec.record !== POLICY_ACKNOWLEDGEMENTS_RECORD)
      .map((spec) => ({
        controlCode: control.code,
        key: spec.key,
        title: spec.title,
        description: spec.description,
        kind: spec.kind,
        cadence: spec.cadence,
        record: spec.record ?? null,
      })),
  );
}

function specOf(row: Pick<RequestRow, "controlCode" | "evidenceKey">) {
  return getControl(row.controlCode)?.evidence.find((spec) => spec.key === row.evidenceKey);
}

/** Who uploads a file, writes in a thread or reviews: the caller as the routes know them. */
export interface Actor {
  readonly id: string;
  readonly email: string;
  readonly role: Role;
}

export interface Upload {
  readonly body: Buffer;
  readonly contentType: string;
  readonly fileName: string;
  readonly note?: string | undefined;
}

/** States a new file may be submitted in. */
const SUBMITTABLE: readonly EvidenceRequestState[] = ["missing", "rejected", "submitted"];

const owner = alias(users, "owner");
const requester = alias(users, "requester");
const submitter = alias(users, "submitter");
const reviewer = alias(users, "reviewer");
const author = alias(users, "author");

const person = (id: string | null, email: string | null) => (id && email ? { id, email } : null);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Runs a service call in its tenant's database scope. Row-level security shows a user only their
 * own membership and user row; the owners, authors and reviewers a request names are the tenant's,
 * so the calls run as the tenant once the route has checked the caller's access to it.
 */
export function inTenant<Args extends [string, ...unknown[]], Result>(
  work: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return (...args) => withDatabaseContext({ kind: "tenant", tenantId: args[0] }, () => work(...args));
}

export function createEvidenceRequestsService(deps: {
  db: Database;
  store: EvidenceStore;
  ledger: Pick<LedgerService, "append">;
  now?: () => Date;
}) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());

  /** Request rows with the names and counts the API shows. */
  function selectRequests(executor: Database | Transaction = db) {
    const comments = executor
      .select({ requestId: evidenceComments.requestId, total: count().as("total") })
      .from(evidenceComments)
      .groupBy(evidenceComments.requestId)
      .as("comments");
    return executor
      .select({
        row: evidenceRequests,
        ownerEmail: owner.email,
        requesterEmail: requester.email,
        commentCount: comments.total,
      })
      .from(evidenceRequests)
      .leftJoin(owner, eq(owner.id, evidenceRequests.ownerId))
      .leftJoin(requester, eq(requester.id, evidenceRequests.requestedById))
      .leftJoin(comments, eq(comments.requestId, evidenceRequests.id));
  }

  type Selected = {
    row: RequestRow;
    ownerEmail: string | null;
    requesterEmail: string | null;
    commentCount: number | null;
  };

  function toRequest(selected: Selected, at: Date): EvidenceRequest {
    const { row } = selected;
    const control = getControl(row.controlCode);
    const spec = specOf(row);
    return {
      id: row.id,
      controlCode: row.controlCode,
      controlTitle: control?.title ?? row.controlCode,
      evidenceKey: row.evidenceKey,
      title: row.title,
      description: row.description,
      kind: row.kind,
      record: row.source === "control" ? (spec?.record ?? null) : null,
      cadence: row.cadence,
      source: row.source,
      state: row.state,
      overdue: isOverdue(row, at),
      atRisk: row.state === "accepted" && isAtRisk(row.cadence, row.validUntil, at),
      owner: person(row.ownerId, selected.ownerEmail),
      requestedBy: person(row.requestedById, selected.requesterEmail),
      periodStart: row.periodStart.toISOString(),
      periodEnd: iso(row.periodEnd),
      dueAt: row.dueAt.toISOString(),
      validUntil: iso(row.validUntil),
      rejectReason: row.rejectReason,
      commentCount: Number(selected.commentCount ?? 0),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Makes the current period's request of every control evidence spec, and expires accepted
   * evidence past its validity and unanswered requests whose evidence would be past it. Idempotent; one transaction, serialized per tenant so two listings cannot both insert.
   */
  async function ensureRequests(tenantId: string, at: Date = now()): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`evidence-requests:${tenantId}`}, 0))`,
      );
      await tx
        .update(evidenceRequests)
        .set({ state: "expired", updatedAt: at })
        .where(
          and(
            eq(evidenceRequests.tenantId, tenantId),
            eq(evidenceRequests.state, "accepted"),
            lte(evidenceRequests.validUntil, at),
          ),
        );
      // A period's unanswered request lapses when evidence for it would have lapsed: late evidence
      // still counts until then (it is overdue meanwhile), after that only the newer periods matter.
      const unanswered = await tx
        .select({
          id: evidenceRequests.id,
          cadence: evidenceRequests.cadence,
          periodStart: evidenceRequests.periodStart,
        })
        .from(evidenceRequests)
        .where(
          and(
            eq(evidenceRequests.tenantId, tenantId),
            eq(evidenceRequests.source, "control"),
            inArray(evidenceRequests.state, ["missing", "rejected"]),
            lt(evidenceRequests.periodEnd, at),
          ),
        );
      const lapsed = unanswered.filter((row) => {
        const validUntil = periodAt(row.cadence, row.periodStart).validUntil;
        return validUntil !== null && validUntil <= at;
      });
      if (lapsed.length > 0) {
        await tx
          .update(evidenceRequests)
          .set({ state: "expired", updatedAt: at })
          .where(
            inArray(
              evidenceRequests.id,
              lapsed.map((row) => row.id),
            ),
          );
      }
      const existing = await tx
        .select({
          controlCode: evidenceRequests.controlCode,
          evidenceKey: evidenceRequests.evidenceKey,
          periodStart: evidenceRequests.periodStart,
        })
        .from(evidenceRequests)
        .where(and(eq(evidenceRequests.tenantId, tenantId), eq(evidenceRequests.source, "control")));
      const keyOf = (code: string, key: string) => `${code}\u0000${key}`;
      const periodsOf = new Map<string, number[]>();
      for (const row of existing) {
        const key = keyOf(row.controlCode, row.evidenceKey);
        periodsOf.set(key, [...(periodsOf.get(key) ?? []), row.periodStart.getTime()]);
      }
      const missing: (typeof evidenceRequests.$inferInsert)[] = [];
      for (const spec of requestedSpecs()) {
        const starts = periodsOf.get(keyOf(spec.controlCode, spec.key)) ?? [];
        if (spec.cadence === "once" && starts.length > 0) continue;
        const period = periodAt(spec.cadence, at);
        if (starts.includes(period.start.getTime())) continue;
        missing.push({
          tenantId,
          controlCode: spec.controlCode,
          evidenceKey: spec.key,
          title: spec.title,
          description: spec.description,
          kind: spec.kind,
          cadence: spec.cadence,
          source: "control",
          state: "missing",
          periodStart: period.start,
          periodEnd: period.end,
          dueAt: period.dueAt,
          createdAt: at,
          updatedAt: at,
        });
      }
      if (missing.length > 0) await tx.insert(evidenceRequests).values(missing);
    });
  }

  async function findRequest(tenantId: string, requestId: string, executor: Database | Transaction = db) {
    const [row] = await executor
      .select()
      .from(evidenceRequests)
      .where(and(eq(evidenceRequests.tenantId, tenantId), eq(evidenceRequests.id, requestId)));
    if (!row) throw notFound(REQUEST_NOT_FOUND);
    return row;
  }

  async function requestView(tenantId: string, requestId: string): Promise<EvidenceRequest> {
    const [selected] = await selectRequests().where(
      and(eq(evidenceRequests.tenantId, tenantId), eq(evidenceRequests.id, requestId)),
    );
    if (!selected) throw notFound(REQUEST_NOT_FOUND);
    return toRequest(selected, now());
  }

  async function assertMember(tenantId: string, userId: string, field: string) {
    const [member] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
    if (!member || member.role === "auditor")
      throw new AppError("bad_request", `${field}: not a member of this organization`);
  }

  /** Checks, stores and records a file for a request: the file first, then every row in one transaction. */
  async function submitFile(tenantId: string, requestId: string, actor: Actor, upload: Upload) {
    const request = await findRequest(tenantId, requestId);
    if (!SUBMITTABLE.includes(request.state)) {
      throw new AppError(
        "conflict",
        request.state === "accepted"
          ? "This request's evidence is already accepted"
          : "This request's period has lapsed: submit to the current request",
      );
    }
    const fileName = safeFileName(upload.fileName);
    if (!fileName) throw new AppError("bad_request", "fileName: give the file a name");
    if (upload.body.length === 0) throw new AppError("bad_request", "The file is empty");
    const type = checkUploadContent(upload.contentType, upload.body);
    if (type.check.kind === "zip") checkZip(upload.body);
    const sha256 = sha256Hex(upload.body);
    // Content-addressed: a file stored for a transaction that then fails is only an orphan that a
    // later upload of the same bytes reuses, never a record pointing at nothing.
    const stored = await store.put(upload.body, sha256);
    const at = now();
    await db.transaction(async (tx) => {
      const current = await findRequest(tenantId, requestId, tx);
      if (!SUBMITTABLE.includes(current.state))
        throw new AppError("conflict", "The request changed meanwhile");
      const [submission] = await tx
        .insert(evidenceSubmissions)
        .values({
          tenantId,
          requestId,
          fileName,
          contentType: type.contentType,
          sizeBytes: upload.body.length,
          sha256,
          storage: stored.storage,
          storageKey: stored.key,
          note: upload.note ?? "",
          submittedById: actor.id,
          submittedAt: at,
        })
        .returning();
      const artifact = await deps.ledger.append(tx, {
        tenantId,
        artifactType: "evidence_file",
        content: {
          kind: "evidence-file",
          requestId,
          submissionId: submission!.id,
          controlCode: current.controlCode,
          evidenceKey: current.evidenceKey,
          fileName,
          sha256,
          sizeBytes: upload.body.length,
          contentType: type.contentType,
          submittedBy: actor.email,
        },
        createdAt: at,
      });
      await tx
        .update(evidenceSubmissions)
        .set({ ledgerArtifactId: artifact.id })
        .where(eq(evidenceSubmissions.id, submission!.id));
      await tx
        .update(evidenceRequests)
        .set({ state: "submitted", currentSubmissionId: submission!.id, rejectReason: null, updatedAt: at })
        .where(eq(evidenceRequests.id, requestId));
    });
    return detail(tenantId, requestId, actor.role);
  }

  async function submissionsOf(
    tenantId: string,
    requestId: string,
    role: Role,
  ): Promise<EvidenceSubmission[]> {
    const rows = await db
      .select({
        row: evidenceSubmissions,
        submitterEmail: submitter.email,
        reviewerEmail: reviewer.email,
        ledgerIndex: sql<
          number | null
        >`(select "index" from evidence_artifacts where id = ${evidenceSubmissions.ledgerArtifactId})`,
      })
      .from(evidenceSubmissions)
      .leftJoin(submitter, eq(submitter.id, evidenceSubmissions.submittedById))
      .leftJoin(reviewer, eq(reviewer.id, evidenceSubmissions.reviewedById))
      .where(
        and(
          eq(evidenceSubmissions.tenantId, tenantId),
          eq(evidenceSubmissions.requestId, requestId),
          // An auditor reads accepted evidence, not drafts the team has not stood behind yet.
          role === "auditor" ? eq(evidenceSubmissions.review, "accepted") : undefined,
        ),
      )
      .orderBy(desc(evidenceSubmissions.submittedAt), desc(evidenceSubmissions.id));
    return rows.map(({ row, submitterEmail, reviewerEmail, ledgerIndex }) => ({
      id: row.id,
      fileName: row.fileName,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      sha256: row.sha256,
      note: row.note,
      ledgerIndex: ledgerIndex === null ? null : Number(ledgerIndex),
      submittedBy: person(row.submittedById, submitterEmail),
      submittedAt: row.submittedAt.toISOString(),
      review: row.review,
      reviewedBy: person(row.reviewedById, reviewerEmail),
      reviewedAt: iso(row.reviewedAt),
      rejectReason: row.rejectReason,
    }));
  }

  async function comments(tenantId: string, requestId: string): Promise<EvidenceComment[]> {
    await findRequest(tenantId, requestId);
    const rows = await db
      .select({ row: evidenceComments, email: author.email })
      .from(evidenceComments)
      .leftJoin(author, eq(author.id, evidenceComments.authorId))
      .where(and(eq(evidenceComments.tenantId, tenantId), eq(evidenceComments.requestId, requestId)))
      .orderBy(asc(evidenceComments.createdAt), asc(evidenceComments.id));
    return rows.map(({ row, email }) => ({
      id: row.id,
      author: person(row.authorId, email),
      authorRole: row.authorRole,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function detail(tenantId: string, requestId: string, role: Role): Promise<EvidenceRequestDetail> {
    return {
      request: await requestView(tenantId, requestId),
      submissions: await submissionsOf(tenantId, requestId, role),
      comments: await comments(tenantId, requestId),
    };
  }

  async function findSubmission(
    tenantId: string,
    requestId: string,
    submissionId: string,
  ): Promise<SubmissionRow> {
    const [row] = await db
      .select()
      .from(evidenceSubmissions)
      .where(
        and(
          eq(evidenceSubmissions.tenantId, tenantId),
          eq(evidenceSubmissions.requestId, requestId),
          eq(evidenceSubmissions.id, submissionId),
        ),
      );
    if (!row) throw notFound(SUBMISSION_NOT_FOUND);
    return row;
  }

  const service = {
    ensureRequests,
    submitFile,
    detail,
    comments,
    findRequest,

    async list(
      tenantId: string,
      query: { state?: EvidenceRequestState | undefined; controlCode?: string | undefined; mineOf?: string },
    ): Promise<EvidenceRequest[]> {
      const at = now();
      await ensureRequests(tenantId, at);
      const rows = await selectRequests()
        .where(
          and(
            eq(evidenceRequests.tenantId, tenantId),
            query.state ? eq(evidenceRequests.state, query.state) : undefined,
            query.controlCode ? eq(evidenceRequests.controlCode, query.controlCode) : undefined,
            query.mineOf ? eq(evidenceRequests.ownerId, query.mineOf) : undefined,
          ),
        )
        .orderBy(
          asc(evidenceRequests.controlCode),
          asc(evidenceRequests.evidenceKey),
          desc(evidenceRequests.periodStart),
        );
      return rows.map((selected) => toRequest(selected, at));
    },

    async create(tenantId: string, actor: Actor, body: CreateEvidenceRequestBody): Promise<EvidenceRequest> {
      if (!isKnownControl(body.controlCode))
        throw new AppError("bad_request", "controlCode: no such control");
      const at = now();
      const dueAt = new Date(body.dueAt);
      if (dueAt <= at) throw new AppError("bad_request", "dueAt: the due date must be in the future");
      if (body.ownerId) await assertMember(tenantId, body.ownerId, "ownerId");
      const cadence = body.cadence ?? "once";
      const period = periodAt(cadence, at);
      const [row] = await db
        .insert(evidenceRequests)
        .values({
          tenantId,
          controlCode: body.controlCode,
          evidenceKey: `auditor-${crypto.randomUUID().slice(0, 8)}`,
          title: body.title,
          description: body.description ?? "",
          kind: body.kind ?? "document",
          cadence,
          source: "auditor",
          state: "missing",
          ownerId: body.ownerId ?? null,
          requestedById: actor.id,
          periodStart: period.start,
          periodEnd: period.end,
          dueAt,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return requestView(tenantId, row!.id);
    },

    async update(
      tenantId: string,
      requestId: string,
      body: UpdateEvidenceRequestBody,
    ): Promise<EvidenceRequest> {
      await findRequest(tenantId, requestId);
      if (body.ownerId) await assertMember(tenantId, body.ownerId, "ownerId");
      await db
        .update(evidenceRequests)
        .set({
          ...(body.ownerId !== undefined ? { ownerId: body.ownerId } : {}),
          ...(body.dueAt !== undefined ? { dueAt: new Date(body.dueAt) } : {}),
          updatedAt: now(),
        })
        .where(and(eq(evidenceRequests.tenantId, tenantId), eq(evidenceRequests.id, requestId)));
      return requestView(tenantId, requestId);
    },

    /** Accepts or rejects the request's latest file; accepting makes it valid for its period and the next. */
    async review(
      tenantId: string,
      requestId: string,
      submissionId: string,
      actor: Actor,
      body: ReviewSubmissionBody,
    ): Promise<EvidenceRequestDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        const request = await findRequest(tenantId, requestId, tx);
        const [submission] = await tx
          .select()
          .from(evidenceSubmissions)
          .where(
            and(
              eq(evidenceSubmissions.tenantId, tenantId),
              eq(evidenceSubmissions.requestId, requestId),
              eq(evidenceSubmissions.id, submissionId),
            ),
          );
        if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
        if (submission.review !== "pending")
          throw new AppError("conflict", `This file was already ${submission.review}`);
        if (request.state !== "submitted" || request.currentSubmissionId !== submissionId)
          throw new AppError(
            "conflict",
            "Only the request's latest file, waiting for review, can be reviewed",
          );
        const accepted = body.decision === "accept";
        const reason = body.decision === "reject" ? body.reason : null;
        const validUntil = accepted ? periodAt(request.cadence, request.periodStart).validUntil : null;
        await deps.ledger.append(tx, {
          tenantId,
          artifactType: "evidence_review",
          content: {
            kind: "evidence-review",
            requestId,
            submissionId,
            controlCode: request.controlCode,
            evidenceKey: request.evidenceKey,
            sha256: submission.sha256,
            decision: body.decision,
            ...(reason ? { reason } : {}),
            validUntil: iso(validUntil),
            reviewedBy: actor.email,
          },
          createdAt: at,
        });
        await tx
          .update(evidenceSubmissions)
          .set({
            review: accepted ? "accepted" : "rejected",
            reviewedById: actor.id,
            reviewedAt: at,
            rejectReason: reason,
          })
          .where(eq(evidenceSubmissions.id, submissionId));
        await tx
          .update(evidenceRequests)
          .set({ state: accepted ? "accepted" : "rejected", validUntil, rejectReason: reason, updatedAt: at })
          .where(eq(evidenceRequests.id, requestId));
      });
      return detail(tenantId, requestId, actor.role);
    },

    /** The file's bytes, checked against their hash; an auditor gets accepted files only. */
    async file(tenantId: string, requestId: string, submissionId: string, role: Role) {
      const submission = await findSubmission(tenantId, requestId, submissionId);
      if (role === "auditor" && submission.review !== "accepted") throw notFound(SUBMISSION_NOT_FOUND);
      let bytes: Buffer | null;
      try {
        bytes = await store.get({ storage: submission.storage, key: submission.storageKey });
      } catch {
        throw new AppError("conflict", "The stored file no longer matches the hash recorded in the ledger");
      }
      if (!bytes) throw notFound("The evidence file is missing from the store");
      if (sha256Hex(bytes) !== submission.sha256)
        throw new AppError("conflict", "The stored file no longer matches the hash recorded in the ledger");
      return { submission, bytes };
    },

    async comment(tenantId: string, requestId: string, actor: Actor, body: string): Promise<EvidenceComment> {
      await findRequest(tenantId, requestId);
      const [row] = await db
        .insert(evidenceComments)
        .values({ tenantId, requestId, authorId: actor.id, authorRole: actor.role, body, createdAt: now() })
        .returning();
      return {
        id: row!.id,
        author: { id: actor.id, email: actor.email },
        authorRole: row!.authorRole,
        body: row!.body,
        createdAt: row!.createdAt.toISOString(),
      };
    },

    /** Overdue (missing or rejected past the due date) and at-risk requests: the caller's own, or all for admins. */
    async reminders(tenantId: string, actor: Actor) {
      const at = now();
      await ensureRequests(tenantId, at);
      const rows = await selectRequests()
        .where(
          and(
            eq(evidenceRequests.tenantId, tenantId),
            inArray(evidenceRequests.state, ["missing", "rejected", "accepted"]),
            actor.role === "admin" ? undefined : eq(evidenceRequests.ownerId, actor.id),
          ),
        )
        .orderBy(asc(evidenceRequests.dueAt));
      const requests = rows.map((selected) => toRequest(selected, at));
      return {
        overdue: requests.filter((request) => request.overdue),
        atRisk: requests.filter((request) => request.atRisk),
      };
    },

    /** Owners' overdue requests not reminded in the last 24 hours, marked as reminded now. */
    async takeDueReminders(tenantId: string, at: Date = now()) {
      return db.transaction(async (tx) => {
        const since = new Date(at.getTime() - 24 * 3_600_000);
        const rows = await tx
          .select({ row: evidenceRequests, email: owner.email })
          .from(evidenceRequests)
          .innerJoin(owner, eq(owner.id, evidenceRequests.ownerId))
          .where(
            and(
              eq(evidenceRequests.tenantId, tenantId),
              inArray(evidenceRequests.state, ["missing", "rejected"]),
              lt(evidenceRequests.dueAt, at),
              or(isNull(evidenceRequests.lastRemindedAt), lte(evidenceRequests.lastRemindedAt, since)),
            ),
          );
        if (rows.length > 0) {
          await tx
            .update(evidenceRequests)
            .set({ lastRemindedAt: at })
            .where(
              inArray(
                evidenceRequests.id,
                rows.map(({ row }) => row.id),
              ),
            );
        }
        return rows.map(({ row, email }) => ({ request: row, email }));
      });
    },
  };
  return {
    ensureRequests: inTenant(service.ensureRequests),
    submitFile: inTenant(service.submitFile),
    detail: inTenant(service.detail),
    comments: inTenant(service.comments),
    findRequest: inTenant((tenantId: string, requestId: string) => service.findRequest(tenantId, requestId)),
    list: inTenant(service.list),
    create: inTenant(service.create),
    update: inTenant(service.update),
    review: inTenant(service.review),
    file: inTenant(service.file),
    comment: inTenant(service.comment),
    reminders: inTenant(service.reminders),
    takeDueReminders: inTenant(service.takeDueReminders),
  };
}

/** Past its due date and not accepted (a file waiting for review is the reviewer's, still overdue). */
export function isOverdue(row: Pick<RequestRow, "state" | "dueAt">, at: Date): boolean {
  return (row.state === "missing" || row.state === "rejected" || row.state === "submitted") && row.dueAt < at;
}

export type EvidenceRequestsService = ReturnType<typeof createEvidenceRequestsService>;
