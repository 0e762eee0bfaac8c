// One evidence request (/compliance/evidence/:requestId): what is asked, for which period, its
// owner and due date (editable by the team), the files submitted with their hashes and review
// (admins accept or reject with a reason), an upload or a generated Rampart record, and the
// thread where an auditor asks and the team answers. Auditors read and comment only.
import type {
  EvidenceComment,
  EvidenceRequest,
  EvidenceSubmission,
} from "@rampart/contracts/evidence-requests";
import { Download, FileCog, Upload } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { Textarea } from "../../components/ui/textarea";
import { ApiError, serverErrorMessage } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/format-date";
import {
  useAddComment,
  useGenerateRecord,
  useReviewSubmission,
  useSubmitEvidence,
  useUpdateEvidenceRequest,
} from "./api/change-evidence-request";
import { submissionFileUrl, useEvidenceRequest } from "./api/get-evidence-requests";
import { useOwnerCandidates } from "./api/get-owner-candidates";
import type { ComplianceAbilities } from "./compliance-role";
import { BackLink, detailLoadState } from "./detail-frame";
import { CADENCE_LABELS, formatBytes, KIND_LABELS } from "./evidence-labels";
import { EvidenceStateBadges } from "./evidence-state-badges";
import { NativeSelect } from "./native-select";

const REVIEW_BADGE = {
  pending: { label: "Pending review", variant: "default" },
  accepted: { label: "Accepted", variant: "success" },
  rejected: { label: "Rejected", variant: "danger" },
} as const;

/** Why an upload failed, in words; the server's own message first. */
function uploadError(error: unknown): string {
  const message = serverErrorMessage(error);
  if (message) return message;
  if (error instanceof ApiError && error.status === 413) return "The file is too large to upload.";
  return "The file could not be uploaded.";
}

function OwnerAndDueEditor({ tenantId, request }: { tenantId: string; request: EvidenceRequest }) {
  const members = useOwnerCandidates(tenantId, true);
  const update = useUpdateEvidenceRequest(tenantId, request.id);
  const [ownerId, setOwnerId] = useState(request.owner?.id ?? "");
  const [due, setDue] = useState(request.dueAt.slice(0, 10));
  const dueId = useId();
  const owners = [
    { value: "", label: "No owner" },
    ...(members.data ?? [])
      .filter((member) => member.role !== "auditor")
      .map((member) => ({ value: member.userId, label: member.email })),
  ];
  if (request.owner && !owners.some((option) => option.value === request.owner?.id)) {
    owners.push({ value: request.owner.id, label: request.owner.email });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ ownerId: ownerId || null, dueAt: `${due}T23:59:59.999Z` });
  }

  return (
    <form onSubmit={submit} aria-label="Owner and due date" className="flex flex-wrap items-end gap-3">
      <NativeSelect label="Owner" value={ownerId} onChange={setOwnerId} options={owners} className="w-64" />
      <div className="flex flex-col gap-2">
        <Label htmlFor={dueId}>Due date</Label>
        <Input id={dueId} type="date" required value={due} onChange={(event) => setDue(event.target.value)} />
      </div>
      <Button type="submit" variant="outline" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save"}
      </Button>
      {update.isSuccess ? <p className="text-sm text-muted-foreground">Saved.</p> : null}
      {update.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(update.error) ?? "The change could not be saved."}
        </p>
      ) : null}
    </form>
  );
}

function UploadForm({ tenantId, requestId }: { tenantId: string; requestId: string }) {
  const submit = useSubmitEvidence(tenantId, requestId);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const noteId = useId();

  function send(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    submit.mutate(
      { file, note },
      {
        onSuccess: () => {
          setFile(null);
          setNote("");
          if (fileInput.current) fileInput.current.value = "";
        },
      },
    );
  }

  return (
    <form onSubmit={send} aria-label="Upload evidence" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={fileId}>File</Label>
          <Input
            ref={fileInput}
            id={fileId}
            type="file"
            onChange={(event) => {
              submit.reset();
              setFile(event.target.files?.[0] ?? null);
            }}
          />
        </div>
        <div className="flex min-w-48 flex-1 flex-col gap-2">
          <Label htmlFor={noteId}>Note</Label>
          <Input
            id={noteId}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={!file || submit.isPending}>
          <Upload aria-hidden="true" />
          {submit.isPending ? "Uploading..." : "Upload"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        PDF, images, text, CSV, Markdown, JSON, Office documents or zip, at most 25 MB. The file's SHA-256
        goes into the evidence ledger.
      </p>
      {submit.isError ? (
        <p role="alert" className="text-sm text-danger">
          {uploadError(submit.error)}
        </p>
      ) : null}
    </form>
  );
}

function RejectForm({ onReject, pending }: { onReject: (reason: string) => void; pending: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Reject
      </Button>
    );
  }
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) onReject(reason.trim());
      }}
    >
      <Input
        aria-label="Reason for rejecting"
        required
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="w-56"
      />
      <Button size="sm" type="submit" variant="destructive" disabled={pending}>
        Reject
      </Button>
    </form>
  );
}

function SubmissionsTable({
  tenantId,
  requestId,
  submissions,
  canReview,
  acceptedOnly,
}: {
  tenantId: string;
  requestId: string;
  submissions: EvidenceSubmission[];
  canReview: boolean;
  /** Auditors are shown accepted evidence only, so an empty list means nothing accepted yet. */
  acceptedOnly: boolean;
}) {
  const review = useReviewSubmission(tenantId, requestId);
  if (submissions.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {acceptedOnly ? "No accepted evidence yet." : "Nothing submitted yet."}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Table aria-label="Submissions">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">File</TableHead>
            <TableHead scope="col">Size</TableHead>
            <TableHead scope="col">SHA-256</TableHead>
            <TableHead scope="col">Submitted</TableHead>
            <TableHead scope="col">Review</TableHead>
            {canReview ? <TableHead scope="col">Actions</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {submissions.map((submission) => {
            const badge = REVIEW_BADGE[submission.review];
            return (
              <TableRow key={submission.id}>
                <TableCell>
                  <a
                    href={submissionFileUrl(tenantId, requestId, submission.id)}
                    download={submission.fileName}
                    className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                  >
                    <Download className="size-4" aria-hidden="true" />
                    {submission.fileName}
                  </a>
                  {submission.note ? (
                    <p className="text-xs text-muted-foreground">{submission.note}</p>
                  ) : null}
                </TableCell>
                <TableCell className="tabular-nums">{formatBytes(submission.sizeBytes)}</TableCell>
                <TableCell className="font-mono text-xs" title={submission.sha256}>
                  {submission.sha256.slice(0, 16)}…
                </TableCell>
                <TableCell className="text-xs text-muted-foreground">
                  {submission.submittedBy?.email ?? "Rampart"}
                  <br />
                  {formatDateTime(submission.submittedAt)}
                </TableCell>
                <TableCell>
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  {submission.rejectReason ? (
                    <p className="text-xs text-muted-foreground">{submission.rejectReason}</p>
                  ) : null}
                  {submission.reviewedBy ? (
                    <p className="text-xs text-muted-foreground">by {submission.reviewedBy.email}</p>
                  ) : null}
                </TableCell>
                {canReview ? (
                  <TableCell>
                    {submission.review === "pending" ? (
                      <div className="flex flex-wrap items-center gap-2">
                        <Button
                          size="sm"
                          disabled={review.isPending}
                          onClick={() => review.mutate({ submissionId: submission.id, decision: "accept" })}
                        >
                          Accept
                        </Button>
                        <RejectForm
                          pending={review.isPending}
                          onReject={(reason) =>
                            review.mutate({ submissionId: submission.id, decision: "reject", reason })
                          }
                        />
                      </div>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {review.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(review.error) ?? "The review could not be saved."}
        </p>
      ) : null}
    </div>
  );
}

const ROLE_LABELS: Record<EvidenceComment["authorRole"], string> = {
  admin: "Admin",
  member: "Member",
  auditor: "Auditor",
};

function CommentThread({
  tenantId,
  requestId,
  comments,
  canComment,
}: {
  tenantId: string;
  requestId: string;
  comments: EvidenceComment[];
  canComment: boolean;
}) {
  const add = useAddComment(tenantId, requestId);
  const [body, setBody] = useState("");
  const bodyId = useId();
  return (
    <div className="flex flex-col gap-4">
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ol aria-label="Comments" className="flex flex-col gap-3">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-md border border-border p-3 text-sm">
              <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {comment.author?.email ?? "Former member"}
                </span>
                <Badge variant={comment.authorRole === "auditor" ? "warning" : "muted"}>
                  {ROLE_LABELS[comment.authorRole]}
                </Badge>
                {formatDateTime(comment.createdAt)}
              </p>
              <p className="whitespace-pre-wrap break-words">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canComment ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (body.trim()) add.mutate(body.trim(), { onSuccess: () => setBody("") });
          }}
        >
          <Label htmlFor={bodyId}>Your comment</Label>
          <Textarea
            id={bodyId}
            required
            maxLength={4000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          <Button type="submit" className="self-start" disabled={add.isPending || !body.trim()}>
            {add.isPending ? "Posting..." : "Post comment"}
          </Button>
          {add.isError ? (
            <p role="alert" className="text-sm text-danger">
              {serverErrorMessage(add.error) ?? "The comment could not be posted."}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

function GenerateRecordButton({ tenantId, request }: { tenantId: string; request: EvidenceRequest }) {
  const generate = useGenerateRecord(tenantId, request.id);
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        className="self-start"
        disabled={generate.isPending}
        onClick={() => generate.mutate()}
      >
        <FileCog aria-hidden="true" />
        {generate.isPending ? "Generating..." : "Generate record"}
      </Button>
      <p className="text-xs text-muted-foreground">
        Rampart writes the {request.record ?? "record"} for this period from its own data; an admin still
        reviews it.
      </p>
      {generate.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(generate.error) ?? "The record could not be generated."}
        </p>
      ) : null}
    </div>
  );
}

export function EvidenceRequestDetailView({
  tenantId,
  requestId,
  abilities,
}: {
  tenantId: string;
  requestId: string;
  abilities: ComplianceAbilities;
}) {
  const detail = useEvidenceRequest(tenantId, requestId);
  const back = <BackLink href="/compliance/evidence" label="All evidence requests" />;
  const loading = detailLoadState(detail, back, { title: "Evidence request", lower: "evidence request" });
  if (loading || !detail.data) return loading;
  const { request, submissions, comments } = detail.data;
  return (
    <>
      {back}
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {request.title}
            <EvidenceStateBadges request={request} />
          </CardTitle>
          <CardDescription>
            {request.controlCode} · {request.controlTitle}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 text-sm">
          {request.description ? <p className="whitespace-pre-wrap">{request.description}</p> : null}
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Kind</dt>
            <dd>{KIND_LABELS[request.kind]}</dd>
            <dt className="text-muted-foreground">Cadence</dt>
            <dd>{CADENCE_LABELS[request.cadence]}</dd>
            <dt className="text-muted-foreground">Period</dt>
            <dd>
              {formatDate(request.periodStart)} – {request.periodEnd ? formatDate(request.periodEnd) : "open"}
            </dd>
            <dt className="text-muted-foreground">Due</dt>
            <dd>{formatDate(request.dueAt)}</dd>
            <dt className="text-muted-foreground">Valid until</dt>
            <dd>{request.validUntil ? formatDate(request.validUntil) : "—"}</dd>
            <dt className="text-muted-foreground">Owner</dt>
            <dd>{request.owner?.email ?? "No owner"}</dd>
            {request.requestedBy ? (
              <>
                <dt className="text-muted-foreground">Requested by</dt>
                <dd>{request.requestedBy.email}</dd>
              </>
            ) : null}
            {request.rejectReason ? (
              <>
                <dt className="text-muted-foreground">Rejected because</dt>
                <dd>{request.rejectReason}</dd>
              </>
            ) : null}
          </dl>
          {abilities.canWrite ? (
            <OwnerAndDueEditor key={request.id} tenantId={tenantId} request={request} />
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Submissions</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <SubmissionsTable
            tenantId={tenantId}
            requestId={request.id}
            submissions={submissions}
            canReview={abilities.isAdmin}
            acceptedOnly={abilities.role === "auditor"}
          />
          {abilities.canWrite && request.kind === "record" ? (
            <GenerateRecordButton tenantId={tenantId} request={request} />
          ) : null}
          {abilities.canWrite ? <UploadForm tenantId={tenantId} requestId={request.id} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Discussion</CardTitle>
          <CardDescription>Auditors ask here and the team answers in the same thread.</CardDescription>
        </CardHeader>
        <CardContent>
          <CommentThread
            tenantId={tenantId}
            requestId={request.id}
            comments={comments}
            canComment={abilities.canDiscuss}
          />
        </CardContent>
      </Card>
    </>
  );
}
