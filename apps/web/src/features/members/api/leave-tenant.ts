// Leave an organization (POST /api/tenants/{tenantId}/leave); the last admin cannot.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { meQueryKey } from "../../../session/api/get-me";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export function useLeaveTenant() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (tenantId: string) => apiSend<unknown>("POST", `/api/tenants/${tenantId}/leave`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      toast({ title: "You left the organization" });
      navigate("/tenants");
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Leave failed",
        description: serverErrorMessage(error) ?? error.message,
      }),
  });
}
