// Sign out (POST /api/auth/logout): forget every cached answer of this user and go to the landing page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { meQueryKey } from "../../../session/api/get-me";

export async function logout(): Promise<void> {
  await apiSend<unknown>("POST", "/api/auth/logout");
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave the guarded pages first, so that no guard sees the cleared user and redirects to /login.
      navigate("/");
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Logout failed",
        description: serverErrorMessage(error) ?? "Please try again",
      });
    },
  });
}
