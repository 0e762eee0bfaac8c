// Evidence requests: what a control needs that no scanner can test (a document, a screenshot, an
// export, a record Rampart itself produces), for one period of its cadence; the files submitted
// for it, their review, and the thread where an auditor asks and the team answers.
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const EvidenceCadence = z.enum(["once", "monthly", "quarterly", "yearly"]);
export type EvidenceCadence = z.infer<typeof EvidenceCadence>;
export const EvidenceKind = z.enum(["document", "screenshot", "export", "record"]);
export const EvidenceRequestState = z.enum(["missing", "submitted", "accepted", "rejected", "expired"]);
export type EvidenceRequestState = z.infer<typeof EvidenceRequestState>;
export const EvidenceRequestSource = z.enum(["control", "auditor"]);

/** A user as the compliance pages name them. */
export const PersonRef = z.object({ id: Id, email: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;

export const EvidenceRequest = z.object({
  id: Id,
  controlCode: z.string(),
  controlTitle: z.string(),
  evidenceKey: z.string(),
  title: z.string(),
  description: z.string(),
  kind: EvidenceKind,
  /** For `record` requests: the Rampart record that answers it (`access-review`, …). */
  record: z.string().nullable(),
  cadence: EvidenceCadence,
  source: EvidenceRequestSource,
  state: EvidenceRequestState,
  /** Past its due date and not yet accepted. */
  overdue: z.boolean(),
  /** Accepted, but its validity ends within the cadence's warning window. */
  atRisk: z.boolean(),
  owner: PersonRef.nullable(),
  requestedBy: PersonRef.nullable(),
  periodStart: Timestamp,
  periodEnd: Timestamp.nullable(),
  dueAt: Timestamp,
  validUntil: Timestamp.nullable(),
  rejectReason: z.string().nullable(),
  commentCount: z.number().int(),
  createdAt: Timestamp,
});
export type EvidenceRequest = z.infer<typeof EvidenceRequest>;

export const EvidenceRequestList = z.object({ requests: z.array(EvidenceRequest) });
export type EvidenceRequestList = z.infer<typeof EvidenceRequestList>;

export const EvidenceRequestListQuery = z.object({
  state: EvidenceRequestState.optional(),
  controlCode: z.string().min(1).max(64).optional(),
  /** Only the caller's own requests. */
  mine: z.enum(["true", "false"]).optional(),
});

export const EvidenceRequestParams = z.object({ tenantId: Id, requestId: Id });
export const EvidenceSubmissionParams = z.object({ tenantId: Id, requestId: Id, submissionId: Id });

/** An auditor (or an admin) asks for evidence beyond the controls' own specs. */
export const CreateEvidenceRequestBody = z.strictObject({
  controlCode: z.string().min(1).max(64),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(4000).default(""),
  kind: EvidenceKind.exclude(["record"]).default("document"),
  cadence: EvidenceCadence.default("once"),
  dueAt: Timestamp,
  ownerId: Id.optional(),
});
export type CreateEvidenceRequestBody = z.input<typeof CreateEvidenceRequestBody>;

export const UpdateEvidenceRequestBody = z.strictObject({
  ownerId: Id.nullable().optional(),
  dueAt: Timestamp.optional(),
});
export type UpdateEvidenceRequestBody = z.infer<typeof UpdateEvidenceRequestBody>;

export const EvidenceSubmission = z.object({
  id: Id,
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  note: z.string(),
  /** The ledger entry that records the file's hash. */
  ledgerIndex: z.number().int().nullable(),
  submittedBy: PersonRef.nullable(),
  submittedAt: Timestamp,
  review: z.enum(["pending", "accepted", "rejected"]),
  reviewedBy: PersonRef.nullable(),
  reviewedAt: Timestamp.nullable(),
  rejectReason: z.string().nullable(),
});
export type EvidenceSubmission = z.infer<typeof EvidenceSubmission>;

/**
 * An upload is the request body itself (the file's bytes, with its Content-Type); these travel in
 * the query string. At most 25 MB.
 */
export const SubmitEvidenceQuery = z.object({
  fileName: z.string().min(1).max(255),
  note: z.string().max(2000).optional(),
});

export const ReviewSubmissionBody = z.discriminatedUnion("decision", [
  z.strictObject({ decision: z.literal("accept") }),
  z.strictObject({ decision: z.literal("reject"), reason: z.string().trim().min(1).max(2000) }),
]);
export type ReviewSubmissionBody = z.infer<typeof ReviewSubmissionBody>;

export const EvidenceComment = z.object({
  id: Id,
  author: PersonRef.nullable(),
  authorRole: z.enum(["admin", "member", "auditor"]),
  body: z.string(),
  createdAt: Timestamp,
});
export type EvidenceComment = z.infer<typeof EvidenceComment>;

export const CreateCommentBody = z.strictObject({ body: z.string().trim().min(1).max(4000) });

export const EvidenceRequestDetail = z.object({
  request: EvidenceRequest,
  submissions: z.array(EvidenceSubmission),
  comments: z.array(EvidenceComment),
});
export type EvidenceRequestDetail = z.infer<typeof EvidenceRequestDetail>;

/** In-app reminders: requests the caller owns (or, for admins, any) that are overdue or at risk. */
export const EvidenceReminderList = z.object({
  overdue: z.array(EvidenceRequest),
  atRisk: z.array(EvidenceRequest),
});
export type EvidenceReminderList = z.infer<typeof EvidenceReminderList>;
