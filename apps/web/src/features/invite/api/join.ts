// Joining from an invitation link: accept it signed in (after signing in here when needed), or
// register the invited address from it. Each ends signed in, with the tenant chosen.
import type { LoginBody, UserResponse } from "@rampart/contracts/auth";
import type { AcceptedInvitation, RegisterFromInvitationBody } from "@rampart/contracts/members";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiSend } from "../../../lib/api";
import { writeStoredValue } from "../../../lib/stored-value";
import { meQueryKey, meQueryOptions } from "../../../session/api/get-me";
import { tenantsQueryKey } from "../../../session/api/get-tenants";
import { CURRENT_TENANT_STORAGE_KEY } from "../../../session/use-current-tenant";

export type JoinInput =
  | { kind: "accept" }
  | { kind: "sign-in"; credentials: LoginBody }
  | { kind: "register"; body: RegisterFromInvitationBody };

export async function join(token: string, input: JoinInput): Promise<AcceptedInvitation> {
  if (input.kind === "register")
    return apiSend<AcceptedInvitation>("POST", `/api/invitations/${token}/register`, input.body);
  if (input.kind === "sign-in") await apiSend<UserResponse>("POST", "/api/auth/login", input.credentials);
  return apiSend<AcceptedInvitation>("POST", `/api/invitations/${token}/accept`);
}

export function useJoin(token: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (input: JoinInput) => join(token, input),
    onSuccess: async (joined) => {
      writeStoredValue(CURRENT_TENANT_STORAGE_KEY, joined.tenantId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
      ]);
      await queryClient.fetchQuery(meQueryOptions());
      // Auditors read evidence and compliance reports: they start where those are.
      navigate(joined.role === "auditor" ? "/evidence" : "/dashboard");
    },
  });
}
