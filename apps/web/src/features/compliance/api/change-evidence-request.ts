// The writes on evidence requests: create one (auditors and admins), change its owner or due date,
// upload a file (the raw bytes as the body with their Content-Type, fileName and note in the query),
// generate a Rampart record, review a submission and comment. Each refreshes the tenant's
// evidence-request queries, the reminders and the Overview, whose status follows the evidence.
import type {
  CreateEvidenceRequestBody,
  EvidenceComment,
  EvidenceRequest,
  EvidenceRequestDetail,
  ReviewSubmissionBody,
  UpdateEvidenceRequestBody,
} from "@rampart/contracts/evidence-requests";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend, apiUpload, buildReadPath } from "../../../lib/api";
import { evidenceRemindersKey, evidenceRequestsKey } from "./get-evidence-requests";

function refresh(queryClient: QueryClient, tenantId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: evidenceRequestsKey(tenantId) }),
    queryClient.invalidateQueries({ queryKey: evidenceRemindersKey(tenantId) }),
    queryClient.invalidateQueries({ queryKey: ["/api/compliance"] }),
  ]);
}

const requestPath = (tenantId: string, requestId: string) =>
  `/api/tenants/${tenantId}/evidence-requests/${requestId}`;

function useEvidenceMutation<Input, Output>(tenantId: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refresh(queryClient, tenantId) });
}

export function useCreateEvidenceRequest(tenantId: string) {
  return useEvidenceMutation(tenantId, (body: CreateEvidenceRequestBody) =>
    apiSend<EvidenceRequest>("POST", `/api/tenants/${tenantId}/evidence-requests`, body),
  );
}

export function useUpdateEvidenceRequest(tenantId: string, requestId: string) {
  return useEvidenceMutation(tenantId, (body: UpdateEvidenceRequestBody) =>
    apiSend<EvidenceRequest>("PATCH", requestPath(tenantId, requestId), body),
  );
}

export interface EvidenceUpload {
  file: File;
  note: string;
}

export function useSubmitEvidence(tenantId: string, requestId: string) {
  return useEvidenceMutation(tenantId, ({ file, note }: EvidenceUpload) =>
    apiUpload<EvidenceRequestDetail>(
      buildReadPath([
        requestPath(tenantId, requestId),
        "submissions",
        { fileName: file.name, note: note.trim() || undefined },
      ]),
      file,
      // A file the browser cannot type travels as bytes; the server then names what it accepts.
      file.type || "application/octet-stream",
    ),
  );
}

export function useGenerateRecord(tenantId: string, requestId: string) {
  return useEvidenceMutation(tenantId, () =>
    apiSend<EvidenceRequestDetail>("POST", `${requestPath(tenantId, requestId)}/record`),
  );
}

export function useReviewSubmission(tenantId: string, requestId: string) {
  return useEvidenceMutation(
    tenantId,
    ({ submissionId, ...body }: ReviewSubmissionBody & { submissionId: string }) =>
      apiSend<EvidenceRequestDetail>(
        "POST",
        `${requestPath(tenantId, requestId)}/submissions/${submissionId}/review`,
        body,
      ),
  );
}

export function useAddComment(tenantId: string, requestId: string) {
  return useEvidenceMutation(tenantId, (body: string) =>
    apiSend<EvidenceComment>("POST", `${requestPath(tenantId, requestId)}/comments`, { body }),
  );
}
