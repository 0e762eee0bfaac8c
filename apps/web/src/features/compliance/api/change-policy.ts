// The writes on policies: adopt a template (its body becomes draft version 1), write a new draft
// version, approve a version (admins; the highest approved one is in force) and acknowledge the
// version in force. An acknowledgement is evidence, so the Overview is refreshed with the policies.
import type { PolicySummary, PolicyVersion } from "@rampart/contracts/policies";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api";
import { policiesKey } from "./get-policies";

function usePolicyMutation<Input, Output>(tenantId: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: policiesKey(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ["/api/compliance"] }),
      ]),
  });
}

const policyPath = (tenantId: string, policyId: string) => `/api/tenants/${tenantId}/policies/${policyId}`;

export function useAdoptPolicy(tenantId: string) {
  return usePolicyMutation(tenantId, (templateKey: string) =>
    apiSend<PolicySummary>("POST", `/api/tenants/${tenantId}/policies`, { templateKey }),
  );
}

export function useCreatePolicyVersion(tenantId: string, policyId: string) {
  return usePolicyMutation(tenantId, (body: string) =>
    apiSend<PolicyVersion>("POST", `${policyPath(tenantId, policyId)}/versions`, { body }),
  );
}

export function useApprovePolicyVersion(tenantId: string, policyId: string) {
  return usePolicyMutation(tenantId, (version: number) =>
    apiSend<PolicyVersion>("POST", `${policyPath(tenantId, policyId)}/versions/${version}/approve`),
  );
}

export function useAcknowledgePolicy(tenantId: string, policyId: string) {
  return usePolicyMutation(tenantId, (version: number) =>
    apiSend<unknown>("POST", `${policyPath(tenantId, policyId)}/versions/${version}/acknowledge`),
  );
}
