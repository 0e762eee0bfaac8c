// Create an account and its organization (POST /api/auth/register); the user then signs in. The
// server answers the same when the e-mail already has an account (it tells the owner by mail).
import type { RegisterBody, RegisterResponse } from "@rampart/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

export async function register(body: RegisterBody): Promise<void> {
  const response = await apiSend<RegisterResponse | undefined>("POST", "/api/auth/register", body);
  if (!response?.ok) throw new Error("Registration failed");
}

export function useRegister() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      toast({ title: "Account created", description: "Please sign in with your credentials" });
      navigate("/login");
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Registration failed",
        description: serverErrorMessage(error) ?? "Please try again",
      });
    },
  });
}
