// Sign in (POST /api/auth/login): on success the session cache holds the user and the app opens
// the dashboard; on failure a destructive toast shows the server's reason.
import type { LoginBody, User, UserResponse } from "@rampart/contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { meQueryKey } from "../../../session/api/get-me";

export async function login(body: LoginBody): Promise<User> {
  const response = await apiSend<UserResponse | undefined>("POST", "/api/auth/login", body);
  if (!response?.user) throw new Error("Login failed");
  return response.user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      navigate("/dashboard");
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Login failed",
        description: serverErrorMessage(error) ?? "Invalid credentials",
      });
    },
  });
}
